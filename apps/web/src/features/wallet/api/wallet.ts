import type { ActionInput, ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/** `client / wallet / topUp`: an M-Pesa prompt for the amount (cents) to the phone. */
export async function topUpWallet(input: ActionInput<'client/wallet/topUp'>) {
  return callAction('client/wallet/topUp', input, { secure: true, silent: true });
}

export type TopUpStatus = ActionOutput<'intergration/payment/paymentRequestDetails'>;

/** `intergration / payment / paymentRequestDetails` (spelt so): how the top-up's prompt ended. */
export async function getTopUpStatus(paymentSystemRef: string, signal?: AbortSignal) {
  return callAction(
    'intergration/payment/paymentRequestDetails',
    { paymentSystemRef },
    { secure: true, silent: true, signal },
  );
}

/** One movement of the wallet (cents: positive in, negative out). */
export type WalletMovement = ActionOutput<'client/wallet/listTransactions'>['items'][number];

export const walletMovementsQueryOptions = (page: number) =>
  queryOptions({
    // The server writes each line's description in the portal's language: one cache entry per language.
    queryKey: ['client', 'wallet', 'movements', page, currentLanguage()],
    queryFn: ({ signal }) =>
      callAction(
        'client/wallet/listTransactions',
        { page, pageSize: 10 },
        { secure: true, silent: true, signal },
      ),
    placeholderData: keepPreviousData,
  });

/** The client's statement (amounts in cents) and one of its lines. */
export type Statement = ActionOutput<'client/account/getStatement'>;
export type StatementLine = Statement['items'][number];

export const statementQueryOptions = (range: { from: string; to: string }, page: number) =>
  queryOptions({
    queryKey: ['client', 'statement', range.from, range.to, page, currentLanguage()],
    queryFn: ({ signal }) =>
      callAction(
        'client/account/getStatement',
        { ...range, page, pageSize: 20 },
        { secure: true, silent: true, signal },
      ),
    placeholderData: keepPreviousData,
  });
