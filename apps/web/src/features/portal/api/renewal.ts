import { queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';
import type { ClientQuotation } from '../../../lib/quotations';

/** One of the other underwriters' prices for the same vehicle value, cover and period. */
export interface RenewalAlternative {
  productSystemRef: string;
  productName: string;
  underwriter: string;
  premium: number;
}

/** `policy / renewal / quoteRenewal`: the renewal quotation beside last year's policy. */
export interface RenewalQuote {
  quotation: ClientQuotation & { productSystemRef: string };
  previous: {
    policyId: number;
    policyNumber: string;
    productName: string;
    underwriter: string;
    startDate: string;
    endDate: string;
    premium: number;
  };
  alternatives: RenewalAlternative[];
}

/**
 * The renewal of a policy with its own product, or with `productSystemRef` an alternative. The
 * server answers the same open quotation when asked again, so a refetch makes nothing new.
 */
export const renewalQueryOptions = (policyNumber: string, productSystemRef?: string) =>
  queryOptions({
    queryKey: ['client', 'renewal', policyNumber, productSystemRef ?? 'same'],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<RenewalQuote>(
          {
            service: 'policy',
            resource: 'renewal',
            action: 'quoteRenewal',
            data: productSystemRef ? { policyNumber, productSystemRef } : { policyNumber },
          },
          { secure: true, silent: true, signal },
        ),
      ),
    retry: false,
    staleTime: 60_000,
  });
