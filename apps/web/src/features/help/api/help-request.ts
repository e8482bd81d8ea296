import type { ActionOutput } from '@bima/domain/contract';
import { callAction } from '../../../lib/api-client';
import type { HelpRequestPayload } from '../utils/help-form';

export type HelpRequestCreated = ActionOutput<'underwriting/quotation/createHelpRequest'>;

/** `requestHelpCode`: a signed-out visitor's e-mail check; the API e-mails a 4-digit code. */
export function requestHelpCode(email: string): Promise<{ verificationRef: string }> {
  return callAction('underwriting/quotation/requestHelpCode', { email }, { silent: true });
}

/** `createHelpRequest` (spec-2 §3); the screen shows its own notifications (spec-2 §8). */
export function createHelpRequest(payload: HelpRequestPayload): Promise<HelpRequestCreated> {
  return callAction('underwriting/quotation/createHelpRequest', payload, { silent: true });
}
