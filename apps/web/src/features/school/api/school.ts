import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callAction, callGateway, unwrapData } from '../../../lib/api-client';
import { currentLanguage, intlLocale } from '../../../lib/i18n';
import type { LoanOfferBase } from '../../../lib/loan-offer';

export interface School {
  schoolRef: string;
  name: string;
  county: string;
  town: string;
  level: string;
  levelLabel: string;
  paybill: string | null;
  accountFormat: string | null;
  isSample: boolean;
}

export interface Child {
  childId: number;
  studentName: string;
  admissionNumber: string;
  grade: string | null;
  school: { schoolRef: string; name: string; town: string };
  alreadyLinked?: boolean;
}

export type SchoolInvoiceStatus = 'UNPAID' | 'PART_PAID' | 'OVERDUE' | 'PAID';

export interface SchoolInvoice {
  invoiceRef: string;
  school: {
    schoolRef: string;
    name: string;
    town?: string;
    paybill?: string | null;
    accountFormat?: string | null;
  };
  studentName: string;
  admissionNumber: string;
  term: string;
  amount: number;
  paid: number;
  balance: number;
  dueDate: string;
  status: SchoolInvoiceStatus;
  paidAt: string | null;
  maxMpesaAmount: number;
  loan: { loanRef: string; status: string } | null;
  receipts?: Array<{
    id: number;
    kind: string;
    description: string;
    reference: string | null;
    occurredAt: string;
    amount: number;
  }>;
}

export interface SchoolLoanOffer extends LoanOfferBase {
  invoiceRef: string;
  schoolName: string;
  studentName: string;
  term: string;
  balance: number;
  minBalance: number;
}

export interface SchoolLoan {
  loanRef: string;
  status: string;
  lender: { name: string };
  principal: number;
  fee: number;
  totalRepayable: number;
  months: number;
  outstanding: number;
  /** Before the lender has paid (AWAITING_DEPOSIT, PENDING): the fees it is asked to finance; else null. */
  toBeFinanced: number | null;
  appliedAt: string;
  schoolFees?: { invoiceRef: string; term: string; studentName: string; school: string };
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

const call = async <T>(action: string, data: unknown, signal?: AbortSignal) =>
  unwrapData(
    await callGateway<T>(
      { service: 'client', resource: 'school', action, data },
      { secure: true, silent: true, signal },
    ),
  );

export const schoolsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: ['client', 'school', 'schools', search, page],
    queryFn: ({ signal }) => call<Page<School>>('listSchools', { search, page, pageSize: 10 }, signal),
    placeholderData: keepPreviousData,
  });

export const childrenQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'school', 'children', page],
    queryFn: ({ signal }) => call<Page<Child>>('listChildren', { page, pageSize: 10 }, signal),
    placeholderData: keepPreviousData,
  });

export const schoolInvoicesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'school', 'invoices', page],
    queryFn: ({ signal }) => call<Page<SchoolInvoice>>('listInvoices', { page, pageSize: 10 }, signal),
    placeholderData: keepPreviousData,
  });

export const schoolInvoiceQueryOptions = (invoiceRef: string) =>
  queryOptions({
    queryKey: ['client', 'school', 'invoice', invoiceRef, currentLanguage()],
    queryFn: ({ signal }) => call<SchoolInvoice>('getInvoice', { invoiceRef }, signal),
  });

export const schoolLoansQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'school', 'loans', page],
    queryFn: ({ signal }) => call<Page<SchoolLoan>>('listLoans', { page, pageSize: 10 }, signal),
    placeholderData: keepPreviousData,
  });

export const schoolLoanOfferQueryOptions = (invoiceRef: string) =>
  queryOptions({
    queryKey: ['client', 'school', 'offer', invoiceRef],
    queryFn: ({ signal }) => call<SchoolLoanOffer>('getLoanOffer', { invoiceRef }, signal),
  });

export const linkChild = (input: { schoolRef: string; admissionNumber: string; studentName: string }) =>
  call<Child>('linkChild', input);

export const payFromWallet = (input: { invoiceRef: string; amount: string; requestId: string }) =>
  call<{ invoice: SchoolInvoice; walletBalance: number }>('payFromWallet', input);

export const payByMpesa = (input: { invoiceRef: string; amount: string; phone: string }) =>
  call<{ paymentRef: string; amount: number; customerMessage?: string }>('payByMpesa', input);

export const applyForLoan = (input: { invoiceRef: string; months: number; acceptTerms: true }) =>
  call<SchoolLoan>('applyForLoan', input);

/** The wallet's balance in shillings, as this feature's amounts (the wire answers cents). */
export const walletBalance = async (signal?: AbortSignal) => {
  const wallet = await callAction('client/wallet/getWallet', {}, { secure: true, silent: true, signal });
  return { balance: wallet.balance / 100 };
};

export interface PaymentStatus {
  paymentRequestStatus: 'pending' | 'success' | 'failed';
  statusMessage: string;
  amount: number;
  receiptNumber: string | null;
}

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

/** KES with cents when there are some. */
export const formatKes = (kes: number) =>
  `KES ${kes.toLocaleString(intlLocale(), { minimumFractionDigits: Number.isInteger(kes) ? 0 : 2, maximumFractionDigits: 2 })}`;
