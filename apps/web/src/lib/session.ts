import { authStore } from '../stores/auth';
import { type KycData, riskStore } from '../stores/risk';
import { clearSignedInState } from '../stores/session';
import { callAction, whileSigningOut } from './api-client';
import type { Language } from './i18n';

/**
 * Tells the server the signed-in user's language (`user / profile / setLanguage`), in which their
 * e-mails and notifications are written. Fire and forget: the switch on screen has happened, and the
 * next sign-in records the language anyway, so a failure shows nothing.
 */
export function saveUserLanguage(language: Language): void {
  if (!authStore.getState().isAuthenticated) return;
  callAction('user/profile/setLanguage', { language }, { secure: true, silent: true }).catch(() => undefined);
}

/**
 * Signs out: asks the API to revoke the session (`client / logout / logout`), then forgets the
 * session here whatever the answer, so a failed call can never leave the browser signed in.
 */
export async function signOut(): Promise<void> {
  await whileSigningOut(async () => {
    try {
      await callAction('client/logout/logout', {}, { secure: true, silent: true });
    } catch {
      // Already revoked or unreachable: the local sign-out below is what matters to the user.
    } finally {
      clearSignedInState();
    }
  });
}

/** The signed-in client's profile and KYC details. */
export function getClientDetails(options: { silent?: boolean; signal?: AbortSignal } = {}): Promise<KycData> {
  return callAction('client/client/getClientDetails', {}, { secure: true, ...options });
}

/** Loads the KYC details into the risk store (after sign-in, spec-2 §4); false when it failed. */
export async function loadKycData(): Promise<boolean> {
  try {
    const kycData = await getClientDetails({ silent: true });
    riskStore.setState({ kycData });
    return true;
  } catch {
    return false;
  }
}
