import type { JourneyProductLine, MotorQuoteLink } from '@bima/domain';
import { authStore, getRole } from '../stores/auth';
import { callGateway, unwrapData } from './api-client';

export interface JourneyDraft {
  productLine: JourneyProductLine;
  state: MotorQuoteLink;
  updatedAt: string;
}

/** True when the signed-in user is a client: only clients keep journey drafts. */
export function canKeepDrafts(): boolean {
  const auth = authStore.getState();
  return auth.isAuthenticated && getRole(auth) === 'client';
}

/** `client / journeyDraft / getDraft`: the client's latest journey of a product line, or null. Silent. */
export async function getJourneyDraft(productLine: JourneyProductLine): Promise<JourneyDraft | null> {
  const reply = await callGateway<{ draft: JourneyDraft | null }>(
    { service: 'client', resource: 'journeyDraft', action: 'getDraft', data: { productLine } },
    { secure: true, silent: true },
  );
  return reply ? unwrapData(reply).draft : null;
}

/** `saveDraft`, in the background: a failure only means the next tab cannot restore this step. */
export async function saveJourneyDraft(
  productLine: JourneyProductLine,
  state: MotorQuoteLink,
): Promise<void> {
  await callGateway(
    { service: 'client', resource: 'journeyDraft', action: 'saveDraft', data: { productLine, state } },
    { secure: true, silent: true },
  );
}

/** `deleteDraft` ("Start a new quote"). */
export async function deleteJourneyDraft(productLine: JourneyProductLine): Promise<void> {
  await callGateway(
    { service: 'client', resource: 'journeyDraft', action: 'deleteDraft', data: { productLine } },
    { secure: true, silent: true },
  );
}
