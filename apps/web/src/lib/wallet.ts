// The client's wallet, read by the wallet's screens, the invoice page, loans and school fees.
import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import { callAction } from './api-client';

/** `client / wallet / getWallet`: the balance (from the ledger) and one top-up's limit, in cents. */
export type Wallet = ActionOutput<'client/wallet/getWallet'>;

export async function getWallet(signal?: AbortSignal): Promise<Wallet> {
  return callAction('client/wallet/getWallet', {}, { secure: true, silent: true, signal });
}

export const walletQueryOptions = () =>
  queryOptions({ queryKey: ['client', 'wallet'], queryFn: ({ signal }) => getWallet(signal) });

/** `client / wallet / payInvoice`: all or part of an invoice from the wallet (cents); one requestId pays once. */
export async function payInvoiceFromWallet(input: {
  invoiceSystemRef: string;
  amount: number;
  requestId: string;
}) {
  return callAction('client/wallet/payInvoice', input, { secure: true, silent: true });
}

/** A fresh id for one payment attempt (a retry of the same attempt pays once). */
export const newRequestId = () =>
  globalThis.crypto?.randomUUID?.() ??
  `req-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
