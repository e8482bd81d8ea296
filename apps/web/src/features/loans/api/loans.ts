import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

export type LoanStatus =
  | 'AWAITING_DEPOSIT'
  | 'PENDING'
  | 'DECLINED'
  | 'WITHDRAWN'
  | 'ACTIVE'
  | 'SETTLED'
  | 'CANCELLED';

export type InstalmentState = 'paid' | 'part-paid' | 'overdue' | 'due' | 'upcoming' | 'closed';

/** A loan as `client / loan / getLoan` answers it (KES). */
export interface Loan {
  loanRef: string;
  product: string;
  status: LoanStatus;
  lender: { id: number; name: string };
  invoiceSystemRef?: string;
  productName?: string;
  insurer?: string;
  vehicle?: string | null;
  /** A school fee loan's invoice (product 'school_fees'). */
  schoolFees?: {
    invoiceRef: string;
    term: string;
    studentName: string;
    admissionNumber: string;
    school: string;
  };
  policy?: { id: number; policyNumber: string; status: string; cancelledOn: string | null } | null;
  principal: number;
  fee: number;
  totalRepayable: number;
  months: number;
  feeRatePercent: number;
  annualRatePercent: number;
  appliedAt: string;
  decidedAt: string | null;
  declineReason: string | null;
  cancellationReason: string | null;
  refundToLender: number | null;
  paid: number;
  outstanding: number;
  /** Before the lender has paid (AWAITING_DEPOSIT, PENDING): the premium it is asked to finance; else null. */
  toBeFinanced: number | null;
  firstInstalment: number;
  amountDueNow: number;
  nextInstalment: { number: number; dueDate: string; amount: number } | null;
  settlement: { amount: number; waivedFee: number; rule: string } | null;
  arrears: {
    stage: 'overdue' | 'notice' | 'cancel';
    daysLate: number;
    amount: number;
    instalmentNumber: number;
    noticeFrom: string;
    cancelFrom: string;
  } | null;
  instalments: Array<{
    number: number;
    dueDate: string;
    amount: number;
    principal: number;
    fee: number;
    paid: number;
    outstanding: number;
    state: InstalmentState;
  }>;
  events: Array<{ kind: string; message: string; createdAt: string }>;
}

export interface LoanPage {
  items: Loan[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

const call = async <T>(resource: string, action: string, data: unknown, signal?: AbortSignal) =>
  unwrapData(
    await callGateway<T>(
      { service: 'client', resource, action, data },
      { secure: true, silent: true, signal },
    ),
  );

export const ipfRequestsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'loans', 'requests', page, currentLanguage()],
    queryFn: ({ signal }) => call<LoanPage>('ipf', 'listRequests', { page, pageSize: 10 }, signal),
    placeholderData: keepPreviousData,
  });

export const myLoansQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'loans', 'list', page, currentLanguage()],
    queryFn: ({ signal }) => call<LoanPage>('loan', 'listLoans', { page, pageSize: 10 }, signal),
    placeholderData: keepPreviousData,
  });

export const loanQueryOptions = (loanRef: string) =>
  queryOptions({
    queryKey: ['client', 'loans', 'one', loanRef, currentLanguage()],
    queryFn: ({ signal }) => call<Loan>('loan', 'getLoan', { loanRef }, signal),
  });

export const applyForIpf = (input: { invoiceSystemRef: string; months: number; acceptTerms: true }) =>
  call<Loan>('ipf', 'apply', input);

export const payLoanByMpesa = (input: { loanRef: string; target: 'next' | 'settle'; phone: string }) =>
  call<{ paymentRef: string; amount: number; customerMessage?: string }>('loan', 'payByMpesa', input);

export const payLoanFromWallet = (input: { loanRef: string; target: 'next' | 'settle'; requestId: string }) =>
  call<{ loan: Loan; walletBalance: number }>('loan', 'payFromWallet', input);

export const withdrawApplication = (loanRef: string) => call<Loan>('loan', 'withdraw', { loanRef });

export interface PaymentStatus {
  paymentSystemRef: string;
  paymentRequestStatus: 'pending' | 'success' | 'failed';
  statusMessage: string;
  amount: number;
  receiptNumber: string | null;
}

/** `intergration / payment / paymentRequestDetails` (spelt so): how a prompt ended. */
export const getPaymentStatus = async (paymentSystemRef: string, signal?: AbortSignal) =>
  unwrapData(
    await callGateway<PaymentStatus>(
      {
        service: 'intergration',
        resource: 'payment',
        action: 'paymentRequestDetails',
        data: { paymentSystemRef },
      },
      { secure: true, silent: true, signal },
    ),
  );
