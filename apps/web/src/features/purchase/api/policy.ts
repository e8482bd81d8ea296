import { queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';

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
