import { type AssessmentAnswers, mapAssessmentAmounts } from '@bima/domain';
import type { ActionOutput } from '@bima/domain/contract';
import { shillingsToCents } from '@bima/domain/money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';

/** `client / assessment / getAssessment`: the client's own (answers null before the first save). */
export type OwnAssessment = ActionOutput<'client/assessment/getAssessment'>;
/** The result (amounts in cents, as the wire has them). */
export type AssessmentResult = NonNullable<OwnAssessment['result']>;
export type AssessmentSuggestionView = AssessmentResult['suggestions'][number];
export type AssessmentEstimate = NonNullable<AssessmentSuggestionView['estimate']>;
export type LinkedIntermediary = OwnAssessment['intermediaries'][number];
export type SharedPage = ActionOutput<'intermediary/assessment/listShared'>;
export type SharedAssessmentItem = SharedPage['items'][number];
export type SharedAssessment = ActionOutput<'intermediary/assessment/getShared'>;

/** A signed-in call whose failure the screen shows itself (silent: no toast from the client). */
const secured = (signal?: AbortSignal) => ({ secure: true, silent: true, signal });

export const OWN_ASSESSMENT_KEY = ['assessment', 'own'] as const;

export const ownAssessmentQueryOptions = () =>
  queryOptions({
    queryKey: OWN_ASSESSMENT_KEY,
    queryFn: ({ signal }) => callAction('client/assessment/getAssessment', {}, secured(signal)),
    retry: false,
  });

/** Saves the answers as the form read them (whole shillings), sent as cents. */
export const saveAssessment = (answers: AssessmentAnswers) =>
  callAction(
    'client/assessment/saveAssessment',
    { answers: mapAssessmentAmounts(answers, shillingsToCents) },
    secured(),
  );

export const shareAssessment = (intermediaryId: number) =>
  callAction('client/assessment/shareAssessment', { intermediaryId }, secured());

export const unshareAssessment = (intermediaryId: number) =>
  callAction('client/assessment/unshareAssessment', { intermediaryId }, secured());

export const SHARED_PAGE_SIZE = 20;

export const sharedAssessmentsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['assessment', 'shared', page],
    queryFn: ({ signal }) =>
      callAction('intermediary/assessment/listShared', { page, pageSize: SHARED_PAGE_SIZE }, secured(signal)),
    placeholderData: keepPreviousData,
  });

export const sharedAssessmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['assessment', 'shared-one', id],
    queryFn: ({ signal }) => callAction('intermediary/assessment/getShared', { id }, secured(signal)),
    retry: false,
  });
