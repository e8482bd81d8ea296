import { callGateway, unwrapData } from '../../../lib/api-client';
import type { HelpRequestPayload } from '../utils/help-form';

export interface HelpRequestCreated {
  requestSystemRef: string;
  status: 'PENDING';
  intermediaries: Array<{ id: number; intermediaryNames: string }>;
}

/** `requestHelpCode`: a signed-out visitor's e-mail check; the API e-mails a 4-digit code. */
export async function requestHelpCode(email: string): Promise<{ verificationRef: string }> {
  return unwrapData(
    await callGateway<{ verificationRef: string }>(
      { service: 'underwriting', resource: 'quotation', action: 'requestHelpCode', data: { email } },
      { silent: true },
    ),
  );
}

/** `createHelpRequest` (spec-2 §3); the screen shows its own notifications (spec-2 §8). */
export async function createHelpRequest(payload: HelpRequestPayload): Promise<HelpRequestCreated> {
  return unwrapData(
    await callGateway<HelpRequestCreated>(
      { service: 'underwriting', resource: 'quotation', action: 'createHelpRequest', data: payload },
      { silent: true },
    ),
  );
}
