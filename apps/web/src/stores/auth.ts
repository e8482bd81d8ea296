import { createPersistedStore } from '../lib/persisted-store';

/**
 * Why a visitor is signing in: 'new' is set when they proceed to buy from a quotation (spec-1 §4),
 * 'recommendation' when they accept a recommended quotation; it decides where sign-in leads.
 */
export type PurchaseType = '' | 'new' | 'recommendation' | 'motor-private' | 'motor-commercial' | 'other';

/** The signed-in user as `user / auth / login` returns it. */
export interface AuthUser {
  id: string;
  email: string;
  names: { firstName: string; lastName: string };
  role?: string;
  status?: string;
}

export interface AuthState {
  regId: string | null;
  authData: AuthUser | null;
  authToken: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  purchaseType: PurchaseType;
  isPasswordReset: boolean;
  forgotPasswordRef: string | null;
  /** The e-mail of a sign-up or reset in progress: set-password sends it as the username. */
  pendingEmail: string | null;
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
  pendingEmail: null,
};

/** Sign-in state (spec-1 §3 "auth"). */
export const authStore = createPersistedStore<AuthState>('auth', authDefaults);

/** The tokens and user of `login` and `refreshToken`. */
export interface SessionTokens {
  user: AuthUser;
  accessToken: string;
  refreshToken: string;
  expiresIn?: number;
}

/** Keeps a new session: tokens, user and the authenticated flag (spec-2 §4). */
export function storeSession(session: SessionTokens): void {
  authStore.setState({
    authToken: session.accessToken,
    refreshToken: session.refreshToken,
    authData: session.user,
    isAuthenticated: true,
    regId: null,
    isPasswordReset: false,
    forgotPasswordRef: null,
    pendingEmail: null,
  });
}

/** The client's full name for the header, or '' when signed out. */
export function getDisplayName(user: AuthUser | null): string {
  if (!user?.names) return '';
  return [user.names.firstName, user.names.lastName].filter(Boolean).join(' ').trim();
}
