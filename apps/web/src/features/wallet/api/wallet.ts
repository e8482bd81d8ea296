import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

export interface TopUpStart {
  paymentRef: string;
  status: string;
  customerMessage?: string;
  amount: number;
}

/** `client / wallet / topUp`: an M-Pesa prompt for the amount (KES) to the phone. */
export async function topUpWallet(input: { amount: string; phone: string }) {
  return unwrapData(
    await callGateway<TopUpStart>(
      { service: 'client', resource: 'wallet', action: 'topUp', data: input },
      { secure: true, silent: true },
    ),
  );
}

export interface TopUpStatus {
  paymentSystemRef: string;
  paymentRequestStatus: 'pending' | 'success' | 'failed';
  statusMessage: string;
  amount: number;
  receiptNumber: string | null;
}

/** `intergration / payment / paymentRequestDetails` (spelt so): how the top-up's prompt ended. */
export async function getTopUpStatus(paymentSystemRef: string, signal?: AbortSignal) {
  return unwrapData(
    await callGateway<TopUpStatus>(
      {
        service: 'intergration',
        resource: 'payment',
        action: 'paymentRequestDetails',
        data: { paymentSystemRef },
      },
      { secure: true, silent: true, signal },
    ),
  );
}

/** One movement of the wallet (KES: positive in, negative out). */
export interface WalletMovement {
  id: number;
  kind: string;
  description: string;
  reference: string | null;
  occurredAt: string;
  amount: number;
  balanceAfter: number;
}

export interface WalletMovementsPage {
  balance: number;
  items: WalletMovement[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export const walletMovementsQueryOptions = (page: number) =>
  queryOptions({
    // The server writes each line's description in the portal's language: one cache entry per language.
    queryKey: ['client', 'wallet', 'movements', page, currentLanguage()],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<WalletMovementsPage>(
          { service: 'client', resource: 'wallet', action: 'listTransactions', data: { page, pageSize: 10 } },
          { secure: true, silent: true, signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });

export interface StatementLine {
  id: number;
  occurredAt: string;
  account: string;
  kind: string;
  reference: string | null;
  description: string;
  debit: number;
  credit: number;
  balance: number;
}

export interface Statement {
  from: string;
  to: string;
  openingBalance: number;
  closingBalance: number;
  totalDebits: number;
  totalCredits: number;
  items: StatementLine[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  downloads: { pdf: string; csv: string };
}

export const statementQueryOptions = (range: { from: string; to: string }, page: number) =>
  queryOptions({
    queryKey: ['client', 'statement', range.from, range.to, page, currentLanguage()],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<Statement>(
          {
            service: 'client',
            resource: 'account',
            action: 'getStatement',
            data: { ...range, page, pageSize: 20 },
          },
          { secure: true, silent: true, signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });
