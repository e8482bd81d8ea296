import type { JourneyProductLine, JourneyStateOf } from '@bima/domain';
import type { ActionInput } from '@bima/domain/contract';
import { authStore, getRole } from '../stores/auth';
import { callAction } from './api-client';

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
  // Only a signed-in client keeps drafts (a secure call without a session throws).
  if (!canKeepDrafts()) return null;
  const { draft } = await callAction(
    'client/journeyDraft/getDraft',
    { productLine },
    { secure: true, silent: true },
  );
  // The server checked the state with this line's own schema.
  return draft as JourneyDraft<Line> | null;
}

/** `saveDraft`, in the background: a failure only means the next tab cannot restore this step. */
export async function saveJourneyDraft<Line extends JourneyProductLine>(
  productLine: Line,
  state: JourneyStateOf<Line>,
): Promise<void> {
  await callAction(
    'client/journeyDraft/saveDraft',
    { productLine, state } as ActionInput<'client/journeyDraft/saveDraft'>,
    { secure: true, silent: true },
  );
}

/** `deleteDraft` ("Start a new quote"). */
export async function deleteJourneyDraft(productLine: JourneyProductLine): Promise<void> {
  await callAction('client/journeyDraft/deleteDraft', { productLine }, { secure: true, silent: true });
}
