import type { KycInput } from '@bima/domain/profile';
import { queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';
import { type KycData, riskStore } from '../../../stores/risk';

/** `client / client / getClientDetails`: the profile and KYC details (KRA PIN 'N/A' until given). */
export async function getClientDetails(signal?: AbortSignal): Promise<KycData> {
  const details = await callAction('client/client/getClientDetails', {}, { secure: true, signal });
  // The rest of the app reads the client's KYC details from the risk store.
  riskStore.setState({ kycData: details });
  return details;
}

export const clientDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['client', 'details'],
    queryFn: ({ signal }) => getClientDetails(signal),
    staleTime: 60_000,
    retry: false,
  });

/** `client / client / updateClient`: the KYC details; the screen reports failures itself. */
export async function updateClient(input: KycInput): Promise<KycData> {
  const details = await callAction('client/client/updateClient', input, { secure: true, silent: true });
  riskStore.setState({ kycData: details });
  return details;
}

/** A client still owes their KYC details while the KRA PIN reads 'N/A' (spec-2 §2). */
export function needsKyc(details: Pick<KycData, 'kraPin'> | null | undefined): boolean {
  return !details?.kraPin || details.kraPin === 'N/A';
}
