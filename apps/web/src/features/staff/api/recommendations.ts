import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';
import { callStaff } from './call';
import { requestQueryOptions } from './requests';

/** A product of the market as `fetchInsuranceClassReccomendations` lists it (priced for the value). */
export type MarketProduct = ActionOutput<'underwriting/product/fetchInsuranceClassReccomendations'>[number];

/** The motor private class ('07') products that cover the request's vehicle value (cents). */
export const marketProductsQueryOptions = (riskValue: number) =>
  queryOptions({
    queryKey: ['staff', 'market-products', riskValue],
    queryFn: async ({ signal }) =>
      callAction(
        'underwriting/product/fetchInsuranceClassReccomendations',
        { insuranceClass: '07', riskValue, coverType: '' },
        { silent: true, signal },
      ),
  });

/** One product's add-ons as the client asked for them: optional benefits, limits, excesses (cents). */
export interface ProductChoice {
  productSystemRef: string;
  additionalBenefits: Array<{ benefitSystemRef: string; params?: { limit: number } }>;
  excesses: Array<{ id: string; amount: number }>;
}

/** `intermediary / recommendation / priceProducts`: the vehicle value in cents, each quote as priced. */
export type PriceAnswer = ActionOutput<'intermediary/recommendation/priceProducts'>;
export type PriceResult = PriceAnswer['quotes'][number];
/** A priced product (the quote's amounts in whole shillings, as the premium calculation answers). */
export type PricedQuote = Extract<PriceResult, { ok: true }>['quote'];

/** `intermediary / recommendation / priceProducts`. */
export function usePriceProducts(requestId: number) {
  return useMutation({
    mutationFn: (input: { productSystemRefs: string[]; coverPeriod: number; choices: ProductChoice[] }) =>
      callStaff('intermediary/recommendation/priceProducts', { requestId, ...input }),
  });
}

export type SentRecommendation = ActionOutput<'intermediary/recommendation/sendRecommendation'>;

/** `intermediary / recommendation / sendRecommendation`; the request is loaded again (QUOTED). */
export function useSendRecommendation(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      items: Array<
        { productSystemRef: string; coverPeriod: number; startDate: string } & Partial<
          Omit<ProductChoice, 'productSystemRef'>
        >
      >;
      note: string;
    }) => callStaff('intermediary/recommendation/sendRecommendation', { requestId, ...input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: requestQueryOptions(requestId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'requests'] });
    },
  });
}
