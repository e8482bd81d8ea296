import { queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';
import type { ClientQuotation } from '../../../lib/quotations';

/** A benefit of the client's policy as a product's renewal price has it (whole shillings). */
export interface RenewalBenefit {
  benefitSystemRef: string;
  name: string;
  limit: number | null;
  /** The client's limit, when this product gives less. */
  yourLimit?: number;
}

/** What a renewal price has of the policy's benefits, and what the product cannot offer. */
export interface RenewalCover {
  includes: RenewalBenefit[];
  cannotOffer: RenewalBenefit[];
}

/**
 * One of the other underwriters' prices for the same vehicle value, cover and period, like for like
 * (issue 26): with the policy's benefits, limits and excesses where the product offers them.
 */
export interface RenewalAlternative extends RenewalCover {
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
    /** The optional benefits and changed limits chosen on the policy. */
    benefits: RenewalBenefit[];
  };
  /** What the quoted price has of the policy's benefits. */
  cover: RenewalCover;
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
