import type { ClaimStatus, ClaimType } from '@bima/domain/claims';
import type { ActionInput, ActionOutput } from '@bima/domain/contract';
import type { WorkAge } from '@bima/domain/staff-work';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';
import { asList } from '../../../lib/pages';

/** The contract's types (amounts in cents): one claim in a list, in full, a file, a timeline step. */
export type ClaimSummary = ActionOutput<'client/claim/listClaims'>['items'][number];
export type ClaimDetails = ActionOutput<'client/claim/getClaim'>;
export type ClaimFile = ClaimDetails['files'][number];
export type ClaimStepEntry = ClaimDetails['timeline'][number];

export const CLAIMS_PAGE_SIZE = 10;

/** Secured; errors are shown by each screen beside what failed. */
const secured = (signal?: AbortSignal) => ({ secure: true, silent: true, signal });

/** Where a caller reads claims: the client's own, or the staff desk. */
export type ClaimsSide = 'client' | 'desk';

/** The desk's open claims, the longest waiting first (the staff dashboard). */
export const openClaimsQueryOptions = (pageSize = 10) =>
  queryOptions({
    queryKey: ['claims', 'desk', 'open', pageSize],
    queryFn: ({ signal }) =>
      callAction('claims/desk/listClaims', { page: 1, pageSize, open: true }, secured(signal)),
  });

export const claimsPageQueryOptions = (
  side: ClaimsSide,
  filters: { page: number; status?: string; type?: string; search?: string; open?: boolean; age?: string },
) =>
  queryOptions({
    queryKey: ['claims', side, 'list', filters],
    queryFn: ({ signal }) =>
      side === 'client'
        ? callAction(
            'client/claim/listClaims',
            { page: filters.page, pageSize: CLAIMS_PAGE_SIZE },
            secured(signal),
          )
        : callAction(
            'claims/desk/listClaims',
            {
              page: filters.page,
              pageSize: CLAIMS_PAGE_SIZE,
              ...(filters.status ? { status: filters.status as ClaimStatus } : {}),
              ...(filters.type ? { type: filters.type as ClaimType } : {}),
              ...(filters.search ? { search: filters.search } : {}),
              ...(filters.open ? { open: true } : {}),
              ...(filters.age ? { age: filters.age as WorkAge } : {}),
            },
            secured(signal),
          ),
    placeholderData: keepPreviousData,
  });

// Signed file links last 10 minutes: fresh ones well before they expire; the status follows M-Pesa.
const REFRESH_MS = 60_000;

export const claimQueryOptions = (side: ClaimsSide, id: number) =>
  queryOptions({
    queryKey: ['claims', side, 'claim', id],
    queryFn: ({ signal }) =>
      callAction(
        side === 'client' ? 'client/claim/getClaim' : 'claims/desk/getClaim',
        { id },
        secured(signal),
      ),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.settlements.some((settlement) => settlement.status === 'pending')
        ? 2_000
        : REFRESH_MS,
  });

/** The desk's steps on a claim: each answers the claim in full. */
export type DeskStepKey =
  | 'claims/desk/requestDocuments'
  | 'claims/desk/appointAssessor'
  | 'claims/desk/recordAssessment'
  | 'claims/desk/approveClaim'
  | 'claims/desk/declineClaim'
  | 'claims/desk/settleClaim'
  | 'claims/desk/resolvePayout'
  | 'claims/desk/closeClaim';

/** A desk step (requestDocuments, appointAssessor, …): answers the claim in full. */
export const takeDeskStep = <Key extends DeskStepKey>(key: Key, data: ActionInput<Key>) =>
  callAction(key, data, secured()) as Promise<ClaimDetails>;

export const assessorsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['claims', 'desk', 'assessors', id],
    queryFn: ({ signal }) => callAction('claims/desk/listAssessors', { id }, secured(signal)),
  });

export const activePoliciesQueryOptions = () =>
  queryOptions({
    queryKey: ['claims', 'client', 'policies'],
    queryFn: async ({ signal }) =>
      asList(await callAction('client/policy/listPolicies', {}, secured(signal))).filter(
        (policy) => policy.status === 'ACTIVE',
      ),
  });

export const reportClaim = (data: ActionInput<'client/claim/reportClaim'>) =>
  callAction('client/claim/reportClaim', data, secured());

/** The upload address of one of a claim's checklist items. */
export const claimUploadUrl = (claimId: number, category: string) =>
  `/v2/api/files?ownerKind=claim&ownerId=${claimId}&category=${encodeURIComponent(category)}`;
