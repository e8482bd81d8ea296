import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';

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

/** `clientQuotationRequest`: a page of the recommendations received, each quotation in brief (premium in cents). */
export type RecommendationPage = ActionOutput<'underwriting/quotation/clientQuotationRequest'>;

const KEY = ['client', 'recommendations'] as const;

/** How many recommendations a page shows. */
export const RECOMMENDATIONS_PAGE_SIZE = 6;

/** `underwriting / quotation / clientQuotationRequest`: one page of the recommendations the client received. */
export const recommendationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...KEY, 'list', page],
    queryFn: ({ signal }) =>
      callAction(
        'underwriting/quotation/clientQuotationRequest',
        { page, pageSize: RECOMMENDATIONS_PAGE_SIZE },
        { secure: true, silent: true, signal },
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

export type AcceptedRecommendation = ActionOutput<'underwriting/quotation/acceptReccommendation'>;

/** `acceptReccommendation`: accepts one quotation and answers its invoice. */
export function useAcceptRecommendation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (systemQuotationRef: string) =>
      callAction(
        'underwriting/quotation/acceptReccommendation',
        { id, systemQuotationRef },
        { secure: true, silent: true },
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
    mutationFn: (reason: string) =>
      callAction(
        'underwriting/quotation/acceptOrRejectQuotationRequest',
        { id, decision: 'REJECT', reason },
        { secure: true, silent: true },
      ),
    onSuccess: () => {
      // The answer is the recommendation REJECTED; read in full again as getQuotationDetails answers it.
      void queryClient.invalidateQueries({ queryKey: recommendationQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}
