import { authStore } from './auth';
import { riskStore } from './risk';

/**
 * Forgets the signed-in user (spec-1 §4): registration id, tokens, user data, the authenticated flag
 * and the purchase type, and the KYC details, so the next person at this browser sees none of them.
 */
export function clearSignedInState(): void {
  authStore.reset();
  riskStore.setState({ kycData: null });
}
