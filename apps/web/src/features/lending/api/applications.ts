import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

export type ApplicationStatus =
  | 'AWAITING_DEPOSIT'
  | 'PENDING'
  | 'DECLINED'
  | 'WITHDRAWN'
  | 'ACTIVE'
  | 'SETTLED'
  | 'CANCELLED';

/** An application or loan as the lender reads it (KES). */
export interface Application {
  loanRef: string;
  status: ApplicationStatus;
  client?: { email: string; names: string };
  invoiceSystemRef?: string;
  productName?: string;
  insurer?: string;
  vehicle?: string | null;
  /** A school fee loan: what it pays for. */
  schoolFees?: { school: string; town: string; studentName: string; admissionNumber: string; term: string };
  policy?: { id: number; policyNumber: string; status: string } | null;
  principal: number;
  fee: number;
  totalRepayable: number;
  months: number;
  feeRatePercent: number;
  annualRatePercent: number;
  appliedAt: string;
  depositPaidAt: string | null;
  decidedAt: string | null;
  autoApproved: boolean;
  declineReason: string | null;
  paid: number;
  outstanding: number;
  /** Before the lender has paid (AWAITING_DEPOSIT, PENDING): the premium it is asked to finance; else null. */
  toBeFinanced: number | null;
  firstInstalment: number;
  refundToLender: number | null;
  arrears: { stage: string; daysLate: number; amount: number } | null;
  instalments: Array<{
    number: number;
    dueDate: string;
    amount: number;
    paid: number;
    outstanding: number;
    state: string;
  }>;
  events: Array<{ kind: string; message: string; createdAt: string }>;
}

export interface ApplicationPage {
  items: Application[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

const call = async <T>(action: string, data: unknown, signal?: AbortSignal) =>
  unwrapData(
    await callGateway<T>(
      { service: 'lender', resource: 'application', action, data },
      { secure: true, silent: true, signal },
    ),
  );

export const applicationsQueryOptions = (query: { page: number; status: ApplicationStatus | 'ALL' }) =>
  queryOptions({
    queryKey: ['lender', 'applications', query.status, query.page, currentLanguage()],
    queryFn: ({ signal }) => call<ApplicationPage>('listApplications', { ...query, pageSize: 20 }, signal),
    placeholderData: keepPreviousData,
  });

export const applicationQueryOptions = (loanRef: string) =>
  queryOptions({
    queryKey: ['lender', 'application', loanRef, currentLanguage()],
    queryFn: ({ signal }) => call<Application>('getApplication', { loanRef }, signal),
  });

export const approveApplication = (loanRef: string) => call<Application>('approveApplication', { loanRef });

export const declineApplication = (input: { loanRef: string; reason: string }) =>
  call<Application>('declineApplication', input);
