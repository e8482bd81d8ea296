import type { AssessmentAnswers, AssessmentCover, AssessmentPriority } from '@bima/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callGateway, type GatewayCall, unwrapData } from '../../../lib/api-client';

export interface AssessmentEstimate {
  /** Whole shillings for `periodDays` (a year): the cheapest live product's premium. */
  premium: number;
  productName: string;
  underwriter: string;
  periodDays: number;
}

export interface AssessmentSuggestionView {
  id: string;
  cover: AssessmentCover;
  name: string;
  priority: AssessmentPriority;
  isCovered: boolean;
  sumInsured: number;
  reasons: string[];
  missing: string[];
  quote: { routeName: AssessmentCover; params: Record<string, string> };
  estimate: AssessmentEstimate | null;
}

export interface AssessmentResult {
  suggestions: AssessmentSuggestionView[];
  annualTotal: number | null;
  budget: {
    monthlyBudget: number;
    message: string;
    isWithin: boolean | null;
    monthlyEquivalent: number | null;
  };
}

export interface LinkedIntermediary {
  id: number;
  name: string;
  category: string;
  isShared: boolean;
  sharedAt: string | null;
}

/** `client / assessment / getAssessment`: the client's own (answers null before the first save). */
export interface OwnAssessment {
  answers: AssessmentAnswers | null;
  updatedAt: string | null;
  result: AssessmentResult | null;
  intermediaries: LinkedIntermediary[];
}

export interface SharedAssessmentItem {
  id: number;
  clientName: string;
  email: string;
  sharedAt: string;
  updatedAt: string;
}

export interface SharedAssessment extends SharedAssessmentItem {
  answers: AssessmentAnswers;
  result: AssessmentResult;
}

export interface SharedPage {
  items: SharedAssessmentItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** A signed-in call whose failure the screen shows itself (silent: no toast from the client). */
async function call<T>(gatewayCall: GatewayCall, signal?: AbortSignal): Promise<T> {
  return unwrapData(await callGateway<T>(gatewayCall, { secure: true, silent: true, signal }));
}

const client = (action: string, data: unknown = {}): GatewayCall => ({
  service: 'client',
  resource: 'assessment',
  action,
  data,
});

export const OWN_ASSESSMENT_KEY = ['assessment', 'own'] as const;

export const ownAssessmentQueryOptions = () =>
  queryOptions({
    queryKey: OWN_ASSESSMENT_KEY,
    queryFn: ({ signal }) => call<OwnAssessment>(client('getAssessment'), signal),
    retry: false,
  });

export const saveAssessment = (answers: AssessmentAnswers) =>
  call<OwnAssessment>(client('saveAssessment', { answers }));

export const shareAssessment = (intermediaryId: number) =>
  call<OwnAssessment>(client('shareAssessment', { intermediaryId }));

export const unshareAssessment = (intermediaryId: number) =>
  call<OwnAssessment>(client('unshareAssessment', { intermediaryId }));

export const SHARED_PAGE_SIZE = 20;

export const sharedAssessmentsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['assessment', 'shared', page],
    queryFn: ({ signal }) =>
      call<SharedPage>(
        {
          service: 'intermediary',
          resource: 'assessment',
          action: 'listShared',
          data: { page, pageSize: SHARED_PAGE_SIZE },
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const sharedAssessmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['assessment', 'shared-one', id],
    queryFn: ({ signal }) =>
      call<SharedAssessment>(
        { service: 'intermediary', resource: 'assessment', action: 'getShared', data: { id } },
        signal,
      ),
    retry: false,
  });
