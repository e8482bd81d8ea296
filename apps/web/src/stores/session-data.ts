import type { CategoryValue } from '@bima/domain';
import { createPersistedStore } from '../lib/persisted-store';

export type HomeStep = 'category' | 'product';

export interface SessionDataState {
  step: HomeStep;
  category: CategoryValue | null;
}

/** Landing-page step and category, kept for the session (spec-1 §2.1, §3 "session_data"). */
export const sessionDataStore = createPersistedStore<SessionDataState>('session_data', {
  step: 'category',
  category: null,
});
