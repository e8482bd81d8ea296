import { queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';

/** The dashboard's counts, the signed-in client's own records (client/dashboard/getCounts). */
export interface DashboardCounts {
  activePolicies: number;
  unpaidInvoices: number;
  openClaims: number;
  /** Conversations with messages not yet read. */
  unreadChats: number;
  /** Loans with an amount due now. */
  loansDue: number;
  quotations: number;
  cartItems: number;
  unreadNotifications: number;
}

export const dashboardCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['client', 'dashboard', 'counts'],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<DashboardCounts>(
          { service: 'client', resource: 'dashboard', action: 'getCounts', data: {} },
          { secure: true, silent: true, signal },
        ),
      ),
  });
