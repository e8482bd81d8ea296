import { queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';

/** `platform / support / getSupportContacts`: the support phone for the Call button. */
export const supportContactsQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'contacts'],
    queryFn: async ({ signal }) =>
      callAction('platform/support/getSupportContacts', {}, { silent: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
