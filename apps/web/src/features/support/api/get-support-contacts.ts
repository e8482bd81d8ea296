import type { SupportContacts } from '@bima/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';

/** `platform / support / getSupportContacts`: phone, e-mail and address from configuration. */
export async function getSupportContacts({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<SupportContacts> {
  const reply = await callGateway<SupportContacts>(
    { service: 'platform', resource: 'support', action: 'getSupportContacts', data: {} },
    { signal },
  );
  return unwrapData(reply);
}

export const getSupportContactsQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'contacts'],
    queryFn: ({ signal }) => getSupportContacts({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSupportContacts() {
  return useQuery(getSupportContactsQueryOptions());
}
