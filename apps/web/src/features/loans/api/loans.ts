import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

export type LoanStatus = Loan['status'];

export type InstalmentState = Loan['instalments'][number]['state'];

/** A loan as `client / loan / getLoan` answers it (amounts in cents). */
export type Loan = ActionOutput<'client/loan/getLoan'>;

export type LoanPage = ActionOutput<'client/loan/listLoans'>;

const options = (signal?: AbortSignal) => ({ secure: true, silent: true, signal });

export const ipfRequestsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'loans', 'requests', page, currentLanguage()],
    queryFn: ({ signal }) => callAction('client/ipf/listRequests', { page, pageSize: 10 }, options(signal)),
    placeholderData: keepPreviousData,
  });

export const myLoansQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'loans', 'list', page, currentLanguage()],
    queryFn: ({ signal }) => callAction('client/loan/listLoans', { page, pageSize: 10 }, options(signal)),
    placeholderData: keepPreviousData,
  });

export const loanQueryOptions = (loanRef: string) =>
  queryOptions({
    queryKey: ['client', 'loans', 'one', loanRef, currentLanguage()],
    queryFn: ({ signal }) => callAction('client/loan/getLoan', { loanRef }, options(signal)),
  });

export const applyForIpf = (input: { invoiceSystemRef: string; months: number; acceptTerms: true }) =>
  callAction('client/ipf/apply', input, options());

export const payLoanByMpesa = (input: { loanRef: string; target: 'next' | 'settle'; phone: string }) =>
  callAction('client/loan/payByMpesa', input, options());

export const payLoanFromWallet = (input: { loanRef: string; target: 'next' | 'settle'; requestId: string }) =>
  callAction('client/loan/payFromWallet', input, options());

export const withdrawApplication = (loanRef: string) =>
  callAction('client/loan/withdraw', { loanRef }, options());

export type PaymentStatus = ActionOutput<'intergration/payment/paymentRequestDetails'>;

/** `intergration / payment / paymentRequestDetails` (spelt so): how a prompt ended. */
export const getPaymentStatus = async (paymentSystemRef: string, signal?: AbortSignal) =>
  callAction(
    'intergration/payment/paymentRequestDetails',
    { paymentSystemRef },
    { secure: true, silent: true, signal },
  );
