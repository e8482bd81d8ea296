import { createPersistedStore } from '../lib/persisted-store';

/** The client's profile and KYC details (`client / client / getClientDetails`). */
export interface KycData {
  id: string;
  email: string;
  names: { firstName: string; lastName: string };
  /** 'N/A' until the client gives one; the purchase flow asks for KYC then (spec-2 §2). */
  kraPin: string;
  phone: string | null;
  address: string | null;
  clientType: 'INDIVIDUAL' | 'CORPORATE' | null;
  /** ISO alpha-2; absent in details kept from before the identity existed. */
  nationality?: string;
  idType?: 'NATIONAL_ID' | 'PASSPORT' | 'ALIEN_ID' | null;
  idNumber?: string | null;
  updatedAt: string;
}

export interface RiskState {
  kycData: KycData | null;
}

export const riskDefaults: RiskState = { kycData: null };

/** The purchase flow's client-side risk data; sign-in fills kycData. */
export const riskStore = createPersistedStore<RiskState>('risk', riskDefaults);
