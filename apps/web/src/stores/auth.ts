import type { ActionOutput } from '@bima/domain/contract';
import { createPersistedStore } from '../lib/persisted-store';

/**
 * Why a visitor is signing in: 'new' is set when they proceed to buy from a quotation (spec-1 §4),
 * 'recommendation' when they accept a recommended quotation; it decides where sign-in leads.
 */
export type PurchaseType =
  | ''
  | 'new'
  | 'recommendation'
  | 'motor-private'
  | 'motor-commercial'
  | 'class-cover'
  | 'other';

/** The signed-in user as `user / auth / login` returns it. */
export interface AuthUser {
  id: string;
  email: string;
  names: { firstName: string; lastName: string };
  role?: string;
  status?: string;
}

/** Who a user is (`users.role`): staff are every role but client. */
export type UserRole = 'client' | 'intermediary' | 'underwriter' | 'admin' | 'lender';
export type StaffRole = Exclude<UserRole, 'client'>;

export interface AuthState {
  regId: string | null;
  /** The role the sign-in answer carried; null when signed out (older sessions read `authData.role`). */
  role: UserRole | null;
  authData: AuthUser | null;
  authToken: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  purchaseType: PurchaseType;
  isPasswordReset: boolean;
  forgotPasswordRef: string | null;
  /** The e-mail of a sign-up or reset in progress: set-password sends it as the username. */
  pendingEmail: string | null;
  /** Where sign-in brings a client back to (a recommendation's review, kept from its e-mailed link). */
  returnPath?: string | null;
}

export const authDefaults: AuthState = {
  regId: null,
  role: null,
  authData: null,
  authToken: null,
  refreshToken: null,
  isAuthenticated: false,
  purchaseType: '',
  isPasswordReset: false,
  forgotPasswordRef: null,
  pendingEmail: null,
  returnPath: null,
};

/** Sign-in state (spec-1 §3 "auth"). */
export const authStore = createPersistedStore<AuthState>('auth', authDefaults);

/** The tokens and user of `login` and `refreshToken`, as their contract answers them. */
export type SessionTokens = ActionOutput<'user/auth/refreshToken'>;

/** Keeps a new session: tokens, user and the authenticated flag (spec-2 §4). */
export function storeSession(session: SessionTokens): void {
  authStore.setState({
    authToken: session.accessToken,
    refreshToken: session.refreshToken,
    authData: session.user,
    role: toUserRole(session.role ?? session.user.role),
    isAuthenticated: true,
    regId: null,
    isPasswordReset: false,
    forgotPasswordRef: null,
    pendingEmail: null,
  });
}

const USER_ROLES: readonly string[] = ['client', 'intermediary', 'underwriter', 'admin', 'lender'];

/** A role from the wire, or null when it is none of ours. */
export function toUserRole(value: unknown): UserRole | null {
  return typeof value === 'string' && USER_ROLES.includes(value) ? (value as UserRole) : null;
}

/** The signed-in user's role: the stored one, else the user record's; null when signed out. */
export function getRole(state: Pick<AuthState, 'role' | 'authData' | 'isAuthenticated'>): UserRole | null {
  if (!state.isAuthenticated) return null;
  return state.role ?? toUserRole(state.authData?.role);
}

/** Staff (intermediary, underwriter, admin, lender) work in the staff area, not the client portal. */
export function isStaffRole(role: UserRole | null | undefined): role is StaffRole {
  return role === 'intermediary' || role === 'underwriter' || role === 'admin' || role === 'lender';
}

/** The client's full name for the header, or '' when signed out. */
export function getDisplayName(user: AuthUser | null): string {
  if (!user?.names) return '';
  return [user.names.firstName, user.names.lastName].filter(Boolean).join(' ').trim();
}
