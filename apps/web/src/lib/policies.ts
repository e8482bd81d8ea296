import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import { callAction } from './api-client';

/** A policy just issued, as `client / policy / getPolicy` answers it by number, with its documents' links. */
export type IssuedPolicy = Pick<
  ActionOutput<'client/policy/getPolicy'>,
  | 'policyNumber'
  | 'certificateNumber'
  | 'receiptNumber'
  | 'productName'
  | 'coverType'
  | 'vehicleValue'
  | 'period'
  | 'startDate'
  | 'endDate'
  | 'premium'
  | 'certificate'
  | 'documents'
>;

/** `client / policy / getPolicy` by policy number, with links to its documents. */
export async function getPolicy(policyNumber: string, signal?: AbortSignal): Promise<IssuedPolicy> {
  return callAction('client/policy/getPolicy', { policyNumber }, { secure: true, signal });
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
