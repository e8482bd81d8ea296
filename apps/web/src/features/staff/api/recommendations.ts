import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';
import { callStaffAction } from './call';
import { requestQueryOptions } from './requests';

/** A product of the market as `fetchInsuranceClassReccomendations` lists it (priced for the value). */
export interface MarketProduct {
  productSystemRef: string;
  productName: string;
  coverType: string;
  premium?: number | null;
  underwriter: Array<{ id: string; name: string }>;
}

/** The motor private class ('07') products that cover the request's vehicle value (KES). */
export const marketProductsQueryOptions = (riskValue: number) =>
  queryOptions({
    queryKey: ['staff', 'market-products', riskValue],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<MarketProduct[]>(
          {
            service: 'underwriting',
            resource: 'product',
            action: 'fetchInsuranceClassReccomendations',
            data: { insuranceClass: '07', riskValue, coverType: '' },
          },
          { silent: true, signal },
        ),
      ),
  });

/** One product's add-ons as the client asked for them: optional benefits, limits, excesses (KES). */
export interface ProductChoice {
  productSystemRef: string;
  additionalBenefits: Array<{ benefitSystemRef: string; params?: { limit: number } }>;
  excesses: Array<{ id: string; amount: number }>;
}

export interface PricedQuote {
  productSystemRef: string;
  productName: string;
  underwriter: { id: string; name: string };
  coverType: string;
  period: number;
  /** Each benefit's line: its limit and premium (whole shillings). */
  benefits: Array<{
    benefitSystemRef: string;
    name: string;
    benefitType: string;
    limit: number;
    premium: number;
  }>;
  total: number;
}

export type PriceResult =
  | { productSystemRef: string; ok: true; productVersion: number; quote: PricedQuote }
  | { productSystemRef: string; ok: false; message: string };

export interface PriceAnswer {
  requestId: number;
  vehicleValue: number;
  coverPeriod: number;
  quotes: PriceResult[];
}

/** `intermediary / recommendation / priceProducts`. */
export function usePriceProducts(requestId: number) {
  return useMutation({
    mutationFn: (input: { productSystemRefs: string[]; coverPeriod: number; choices: ProductChoice[] }) =>
      callStaffAction<PriceAnswer>({
        service: 'intermediary',
        resource: 'recommendation',
        action: 'priceProducts',
        data: { requestId, ...input },
      }),
  });
}

export interface SentRecommendation {
  id: number;
  systemRef: string;
  status: string;
}

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
    }) =>
      callStaffAction<SentRecommendation>({
        service: 'intermediary',
        resource: 'recommendation',
        action: 'sendRecommendation',
        data: { requestId, ...input },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: requestQueryOptions(requestId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'requests'] });
    },
  });
}
