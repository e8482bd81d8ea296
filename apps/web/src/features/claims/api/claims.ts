import type { ClaimDocumentType, ClaimStatus, ClaimType } from '@bima/domain/claims';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callGateway, type GatewayCall, unwrapData } from '../../../lib/api-client';

export interface ClaimSummary {
  id: number;
  claimRef: string;
  type: ClaimType;
  status: ClaimStatus;
  incidentDate: string;
  place: string;
  createdAt: string;
  updatedAt: string;
  policyNumber: string;
  underwriter: string;
  client: { name: string; email: string } | null;
}

export interface ClaimFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  category: string;
  createdAt: string;
  url: string;
}

export interface ClaimStepEntry {
  id: number;
  event: string;
  status: ClaimStatus;
  note: string | null;
  at: string;
  by: { name: string; role: string; organisation: string | null } | null;
}

export interface ClaimDetails {
  id: number;
  claimRef: string;
  type: ClaimType;
  status: ClaimStatus;
  incidentDate: string;
  place: string;
  description: string;
  obNumber: string | null;
  otherParty: Record<string, string> | null;
  createdAt: string;
  policy: {
    policyNumber: string;
    startDate: string;
    endDate: string;
    productName: string;
    underwriter: string;
  } | null;
  client: { name: string; email: string | null } | null;
  excess: number;
  sumInsured: number;
  assessor: { id: string; name: string } | null;
  assessmentReport: string | null;
  assessedLoss: number | null;
  agreedLoss: number | null;
  approvedAmount: number | null;
  declineReason: string | null;
  documents: {
    required: ClaimDocumentType[];
    requested: ClaimDocumentType[];
    missing: ClaimDocumentType[];
    /** Requested by the insurer and still missing: approving waives them. */
    toWaive: ClaimDocumentType[];
  };
  files: ClaimFile[];
  canUpload: boolean;
  /** The prefilled claim form (PDF), a link signed for the reader. */
  claimFormUrl: string | null;
  /** The desk's payout number, prefilled: the client's M-Pesa number (0712345678). */
  payoutPhone: string | null;
  timeline: ClaimStepEntry[];
  settlements: Array<{
    method: 'mpesa' | 'garage';
    amount: number;
    status: 'pending' | 'success' | 'failed' | 'timeout' | 'unresolved';
    /** How the state reads, from the server. */
    statusLabel: string;
    phone: string | null;
    garageName: string | null;
    reference: string | null;
    resultDesc: string | null;
    createdAt: string;
    settledAt: string | null;
    /** Transaction Status queries made for it, and when the last one went. */
    checks: number;
    lastCheckedAt: string | null;
  }>;
  actions: Record<
    | 'requestDocuments'
    | 'appointAssessor'
    | 'recordAssessment'
    | 'approve'
    | 'decline'
    | 'settle'
    | 'resolvePayout'
    | 'close',
    boolean
  >;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const CLAIMS_PAGE_SIZE = 10;

/** One secured claims action's data; errors are shown by each screen beside what failed. */
export async function callClaims<T>(call: GatewayCall, signal?: AbortSignal): Promise<T> {
  return unwrapData(await callGateway<T>(call, { secure: true, silent: true, signal }));
}

/** Where a caller reads claims: the client's own, or the staff desk. */
export type ClaimsSide = 'client' | 'desk';

const target = (side: ClaimsSide) =>
  side === 'client' ? { service: 'client', resource: 'claim' } : { service: 'claims', resource: 'desk' };

/** The desk's open claims, the longest waiting first (the staff dashboard). */
export const openClaimsQueryOptions = (pageSize = 10) =>
  queryOptions({
    queryKey: ['claims', 'desk', 'open', pageSize],
    queryFn: ({ signal }) =>
      callClaims<Page<ClaimSummary>>(
        {
          service: 'claims',
          resource: 'desk',
          action: 'listClaims',
          data: { page: 1, pageSize, open: true },
        },
        signal,
      ),
  });

export const claimsPageQueryOptions = (
  side: ClaimsSide,
  filters: { page: number; status?: string; type?: string; search?: string; open?: boolean; age?: string },
) =>
  queryOptions({
    queryKey: ['claims', side, 'list', filters],
    queryFn: ({ signal }) =>
      callClaims<Page<ClaimSummary>>(
        {
          ...target(side),
          action: 'listClaims',
          data: {
            page: filters.page,
            pageSize: CLAIMS_PAGE_SIZE,
            ...(side === 'desk'
              ? {
                  ...(filters.status ? { status: filters.status } : {}),
                  ...(filters.type ? { type: filters.type } : {}),
                  ...(filters.search ? { search: filters.search } : {}),
                  ...(filters.open ? { open: true } : {}),
                  ...(filters.age ? { age: filters.age } : {}),
                }
              : {}),
          },
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

// Signed file links last 10 minutes: fresh ones well before they expire; the status follows M-Pesa.
const REFRESH_MS = 60_000;

export const claimQueryOptions = (side: ClaimsSide, id: number) =>
  queryOptions({
    queryKey: ['claims', side, 'claim', id],
    queryFn: ({ signal }) =>
      callClaims<ClaimDetails>({ ...target(side), action: 'getClaim', data: { id } }, signal),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.settlements.some((settlement) => settlement.status === 'pending')
        ? 2_000
        : REFRESH_MS,
  });

/** A desk step (requestDocuments, appointAssessor, …): answers the claim in full. */
export const takeDeskStep = (action: string, data: Record<string, unknown>) =>
  callClaims<ClaimDetails>({ service: 'claims', resource: 'desk', action, data });

export const assessorsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['claims', 'desk', 'assessors', id],
    queryFn: ({ signal }) =>
      callClaims<Array<{ id: string; name: string; email: string }>>(
        { service: 'claims', resource: 'desk', action: 'listAssessors', data: { id } },
        signal,
      ),
  });

export interface ClientPolicyOption {
  policyNumber: string;
  status: string;
  productName: string;
  startDate: string;
  endDate: string;
  vehicle: Record<string, unknown> | null;
}

export const activePoliciesQueryOptions = () =>
  queryOptions({
    queryKey: ['claims', 'client', 'policies'],
    queryFn: async ({ signal }) =>
      (
        await callClaims<ClientPolicyOption[]>(
          { service: 'client', resource: 'policy', action: 'listPolicies', data: {} },
          signal,
        )
      ).filter((policy) => policy.status === 'ACTIVE'),
  });

export const reportClaim = (data: Record<string, unknown>) =>
  callClaims<{ id: number; claimRef: string }>({
    service: 'client',
    resource: 'claim',
    action: 'reportClaim',
    data,
  });

/** The upload address of one of a claim's checklist items. */
export const claimUploadUrl = (claimId: number, category: string) =>
  `/v2/api/files?ownerKind=claim&ownerId=${claimId}&category=${encodeURIComponent(category)}`;
