import { createPersistedStore } from '../lib/persisted-store';

/** 'new' is set when a visitor proceeds to buy from a quotation (spec-1 §4). */
export type PurchaseType = '' | 'new' | 'motor-private' | 'motor-commercial' | 'other';

export interface AuthState {
  regId: string | null;
  authData: Record<string, unknown> | null;
  authToken: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  purchaseType: PurchaseType;
  isPasswordReset: boolean;
  forgotPasswordRef: string | null;
}

export const authDefaults: AuthState = {
  regId: null,
  authData: null,
  authToken: null,
  refreshToken: null,
  isAuthenticated: false,
  purchaseType: '',
  isPasswordReset: false,
  forgotPasswordRef: null,
};

/** Sign-in state (spec-1 §3 "auth"). */
export const authStore = createPersistedStore<AuthState>('auth', authDefaults);
