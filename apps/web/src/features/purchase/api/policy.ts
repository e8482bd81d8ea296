import { queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';

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
  /** Signed download links, valid for 10 minutes. */
  documents: { schedule: string; receipt: string };
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

export interface SupportContacts {
  phone: string;
  email: string;
  address: string;
}

/** `platform / support / getSupportContacts`: the support phone for the Call button. */
export const supportContactsQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'contacts'],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<SupportContacts>(
          { service: 'platform', resource: 'support', action: 'getSupportContacts', data: {} },
          { silent: true, signal },
        ),
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
