import type { Advertisement } from '@bima/domain';
import { createPersistedStore } from '../lib/persisted-store';

export interface BackAdsState {
  ads: Advertisement[];
}

/** Advertisements fetched on start (spec-1 §3 "back_ads", §7.3). */
export const backAdsStore = createPersistedStore<BackAdsState>('back_ads', { ads: [] });
