import type { ActionInput, ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

export type School = ActionOutput<'client/school/listSchools'>['items'][number];

export type Child = ActionOutput<'client/school/listChildren'>['items'][number];

/** A child just linked: whether it was already. */
export type LinkedChild = ActionOutput<'client/school/linkChild'>;

export type SchoolInvoice = ActionOutput<'client/school/listInvoices'>['items'][number];

export type SchoolInvoiceDetail = ActionOutput<'client/school/getInvoice'>;

export type SchoolInvoiceStatus = SchoolInvoice['status'];

export type SchoolLoanOffer = ActionOutput<'client/school/getLoanOffer'>;

export type SchoolLoan = ActionOutput<'client/school/listLoans'>['items'][number];

const options = (signal?: AbortSignal) => ({ secure: true, silent: true, signal });

export const schoolsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: ['client', 'school', 'schools', search, page],
    queryFn: ({ signal }) =>
      callAction('client/school/listSchools', { search, page, pageSize: 10 }, options(signal)),
    placeholderData: keepPreviousData,
  });

export const childrenQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'school', 'children', page],
    queryFn: ({ signal }) =>
      callAction('client/school/listChildren', { page, pageSize: 10 }, options(signal)),
    placeholderData: keepPreviousData,
  });

export const schoolInvoicesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'school', 'invoices', page],
    queryFn: ({ signal }) =>
      callAction('client/school/listInvoices', { page, pageSize: 10 }, options(signal)),
    placeholderData: keepPreviousData,
  });

export const schoolInvoiceQueryOptions = (invoiceRef: string) =>
  queryOptions({
    queryKey: ['client', 'school', 'invoice', invoiceRef, currentLanguage()],
    queryFn: ({ signal }) => callAction('client/school/getInvoice', { invoiceRef }, options(signal)),
  });

export const schoolLoansQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'school', 'loans', page],
    queryFn: ({ signal }) => callAction('client/school/listLoans', { page, pageSize: 10 }, options(signal)),
    placeholderData: keepPreviousData,
  });

export const schoolLoanOfferQueryOptions = (invoiceRef: string) =>
  queryOptions({
    queryKey: ['client', 'school', 'offer', invoiceRef],
    queryFn: ({ signal }) => callAction('client/school/getLoanOffer', { invoiceRef }, options(signal)),
  });

export const linkChild = (input: { schoolRef: string; admissionNumber: string; studentName: string }) =>
  callAction('client/school/linkChild', input, options());

/** `client / school / payFromWallet`: the amount in cents (of whole shillings). */
export const payFromWallet = (input: ActionInput<'client/school/payFromWallet'>) =>
  callAction('client/school/payFromWallet', input, options());

/** `client / school / payByMpesa`: the amount in cents (of whole shillings). */
export const payByMpesa = (input: ActionInput<'client/school/payByMpesa'>) =>
  callAction('client/school/payByMpesa', input, options());

export const applyForLoan = (input: { invoiceRef: string; months: number; acceptTerms: true }) =>
  callAction('client/school/applyForLoan', input, options());

export type PaymentStatus = ActionOutput<'intergration/payment/paymentRequestDetails'>;

export const getPaymentStatus = async (paymentSystemRef: string, signal?: AbortSignal) =>
  callAction(
    'intergration/payment/paymentRequestDetails',
    { paymentSystemRef },
    { secure: true, silent: true, signal },
  );
