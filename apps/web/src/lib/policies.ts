import { queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from './api-client';

/** A policy just issued, as `client / policy / getPolicy` answers it by number. */
export interface IssuedPolicy {
  policyNumber: string;
  certificateNumber: string;
  receiptNumber: string | null;
  productName: string;
  coverType: string;
  vehicleValue: number | null;
  period: number;
  startDate: string;
  endDate: string;
  premium: number;
  /** The motor certificate of insurance (motor private and commercial); null for other classes. */
  certificate: { certificateNumber: string; type: string } | null;
  /** Signed download links, valid for 10 minutes; the certificate's only when there is one. */
  documents: { schedule: string; receipt: string; certificate: string | null };
}

/** `client / policy / getPolicy` by policy number, with links to its documents. */
export async function getPolicy(policyNumber: string, signal?: AbortSignal): Promise<IssuedPolicy> {
  return unwrapData(
    await callGateway<IssuedPolicy>(
      { service: 'client', resource: 'policy', action: 'getPolicy', data: { policyNumber } },
      { secure: true, signal },
    ),
  );
}

// Document links last 10 minutes: ask for fresh ones well before they expire.
const LINK_REFRESH_MS = 5 * 60_000;

export const policyQueryOptions = (policyNumber: string) =>
  queryOptions({
    queryKey: ['client', 'policy', policyNumber],
    queryFn: ({ signal }) => getPolicy(policyNumber, signal),
    staleTime: LINK_REFRESH_MS,
    refetchInterval: LINK_REFRESH_MS,
    retry: 1,
  });
