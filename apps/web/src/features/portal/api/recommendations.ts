import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, callGateway, unwrapData } from '../../../lib/api-client';

/** The head of a recommendation the client received (`clientQuotationRequest`, `getQuotationDetails`). */
export interface RecommendationHead {
  id: number;
  systemRef: string;
  status: 'SENT' | 'ACCEPTED' | 'REJECTED';
  requestSystemRef: string;
  intermediary: { id: number; intermediaryNames: string; profileImage: string | null };
  note: string;
  rejectionReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface RecommendedQuotation {
  systemQuotationRef: string;
  productSystemRef: string;
  productName: string;
  underwriter: string;
  coverType: string;
  premium: number;
  period: number;
  startDate: string;
  endDate?: string;
  expiresAt: string;
  isExpired: boolean;
  accepted: boolean;
  breakdown?: Record<string, unknown> | null;
  invoice?: { invoiceSystemRef: string; status: string; amount: number } | null;
  policyNumber?: string | null;
  /** The vehicle and KYC still to give before it can be paid (a recommendation has the plate and chassis only). */
  missingDetails?: Array<{ field: string; message: string }>;
}

export interface ClientRecommendation extends RecommendationHead {
  quotations: RecommendedQuotation[];
}

export interface RecommendationPage {
  items: ClientRecommendation[];
  total: number;
  page: number;
  pageSize: number;
}

const KEY = ['client', 'recommendations'] as const;

/** How many recommendations a page shows. */
export const RECOMMENDATIONS_PAGE_SIZE = 6;

/** `underwriting / quotation / clientQuotationRequest`: one page of the recommendations the client received. */
export const recommendationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...KEY, 'list', page],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<RecommendationPage>(
          {
            service: 'underwriting',
            resource: 'quotation',
            action: 'clientQuotationRequest',
            data: { page, pageSize: RECOMMENDATIONS_PAGE_SIZE },
          },
          { secure: true, silent: true, signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });

/** `underwriting / quotation / getQuotationDetails {id}`: one recommendation in full. */
export const recommendationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...KEY, id],
    queryFn: async ({ signal }) => {
      const answer = await callAction(
        'underwriting/quotation/getQuotationDetails',
        { id },
        { secure: true, silent: true, signal },
      );
      // Asked by id, the action answers the recommendation (by reference, a quotation).
      if (!('quotations' in answer)) throw new Error('Not a recommendation.');
      const recommendation: ClientRecommendation = answer;
      return recommendation;
    },
  });

export interface AcceptedRecommendation {
  id: number;
  status: 'ACCEPTED';
  systemQuotationRef: string;
  invoiceSystemRef: string;
  amount: number;
  invoiceStatus: string;
}

/** `acceptReccommendation`: accepts one quotation and answers its invoice. */
export function useAcceptRecommendation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (systemQuotationRef: string) =>
      unwrapData(
        await callGateway<AcceptedRecommendation>(
          {
            service: 'underwriting',
            resource: 'quotation',
            action: 'acceptReccommendation',
            data: { id, systemQuotationRef },
          },
          { secure: true, silent: true },
        ),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      void queryClient.invalidateQueries({ queryKey: ['client', 'quotations'] });
    },
  });
}

/** `acceptOrRejectQuotationRequest {decision:'REJECT'}`: answers the recommendation, REJECTED. */
export function useDeclineRecommendation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) =>
      unwrapData(
        await callGateway<ClientRecommendation>(
          {
            service: 'underwriting',
            resource: 'quotation',
            action: 'acceptOrRejectQuotationRequest',
            data: { id, decision: 'REJECT', reason },
          },
          { secure: true, silent: true },
        ),
      ),
    onSuccess: (recommendation) => {
      queryClient.setQueryData(recommendationQueryOptions(id).queryKey, recommendation);
      void queryClient.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}
