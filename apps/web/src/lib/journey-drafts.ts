import type { JourneyProductLine, JourneyStateOf } from '@bima/domain';
import { authStore, getRole } from '../stores/auth';
import { callGateway, unwrapData } from './api-client';

export interface JourneyDraft<Line extends JourneyProductLine = JourneyProductLine> {
  productLine: Line;
  /** The line's journey, as the server checked it with the line's own schema. */
  state: JourneyStateOf<Line>;
  updatedAt: string;
}

/** True when the signed-in user is a client: only clients keep journey drafts. */
export function canKeepDrafts(): boolean {
  const auth = authStore.getState();
  return auth.isAuthenticated && getRole(auth) === 'client';
}

/** `client / journeyDraft / getDraft`: the client's latest journey of a product line, or null. Silent. */
export async function getJourneyDraft<Line extends JourneyProductLine>(
  productLine: Line,
): Promise<JourneyDraft<Line> | null> {
  const reply = await callGateway<{ draft: JourneyDraft<Line> | null }>(
    { service: 'client', resource: 'journeyDraft', action: 'getDraft', data: { productLine } },
    { secure: true, silent: true },
  );
  return reply ? unwrapData(reply).draft : null;
}

/** `saveDraft`, in the background: a failure only means the next tab cannot restore this step. */
export async function saveJourneyDraft<Line extends JourneyProductLine>(
  productLine: Line,
  state: JourneyStateOf<Line>,
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
