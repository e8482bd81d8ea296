import type { KycInput } from '@bima/domain/profile';
import { callAction } from '../../../lib/api-client';

/** `client / client / updateClient`: saves the KYC details and answers the updated profile. */
export function updateClient(input: KycInput) {
  return callAction('client/client/updateClient', input, { secure: true, silent: true });
}
