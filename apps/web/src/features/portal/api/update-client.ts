import type { KycInput } from '@bima/domain/profile';
import { callGateway, unwrapData } from '../../../lib/api-client';
import type { KycData } from '../../../stores/risk';

/** `client / client / updateClient`: saves the KYC details and answers the updated profile. */
export async function updateClient(input: KycInput) {
  return unwrapData(
    await callGateway<KycData>(
      { service: 'client', resource: 'client', action: 'updateClient', data: input },
      { secure: true, silent: true },
    ),
  );
}
