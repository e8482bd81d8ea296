import type { ActionOutput } from '@bima/domain/contract';
import { createPersistedStore } from '../lib/persisted-store';

/** The client's profile and KYC details (`client / client / getClientDetails`). */
/** The client's profile and KYC details, as `client / client / getClientDetails` answers them. */
export type KycData = ActionOutput<'client/client/getClientDetails'>;

export interface RiskState {
  kycData: KycData | null;
}

export const riskDefaults: RiskState = { kycData: null };

/** The purchase flow's client-side risk data; sign-in fills kycData. */
export const riskStore = createPersistedStore<RiskState>('risk', riskDefaults);
