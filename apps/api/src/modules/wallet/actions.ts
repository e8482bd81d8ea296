import {
  describeIn,
  statementQuerySchema,
  walletPageSchema,
  walletPayInvoiceSchema,
  walletTopUpSchema,
} from '@bima/domain';
import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import { getWallet, listWalletTransactions, payInvoiceFromWallet } from './service';
import { accountText, getStatement, signStatementLink } from './statement';
import { requestWalletTopUp } from './top-up';

/** The client's wallet (portal: Top Up Options) and statement (portal: Accounts). All the client's own. */
export const walletActions = [
  defineAction({
    service: 'client',
    resource: 'wallet',
    action: 'getWallet',
    auth: 'client',
    description: 'The client’s wallet: {balance (KES, from the ledger), maxTopUp (KES, one M-Pesa prompt)}.',
    input: z.object({}).passthrough(),
    handler: (context) => getWallet(context, context.principal!.userId),
  }),
  defineAction({
    service: 'client',
    resource: 'wallet',
    action: 'topUp',
    auth: 'client',
    description:
      'Tops up the wallet by M-Pesa: {amount (KES, whole), phone} → {paymentRef, status:"pending", customerMessage, amount}; follow it with paymentRequestDetails. 400 on amount (0, not a number, cents, above MPESA_MAX_AMOUNT); 409 PAYMENT_PENDING while a top-up prompt younger than 90 s waits.',
    input: walletTopUpSchema,
    handler: (context) => requestWalletTopUp(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'wallet',
    action: 'listTransactions',
    auth: 'client',
    description:
      'The wallet’s movements, newest first: {page, pageSize} → {balance, items:[{id, kind, description, reference, occurredAt, amount (KES, + in, − out), balanceAfter}], total, page, pageSize, totalPages}.',
    input: walletPageSchema,
    handler: (context) =>
      listWalletTransactions(context, context.principal!.userId, context.input, context.language),
  }),
  defineAction({
    service: 'client',
    resource: 'wallet',
    action: 'payInvoice',
    auth: 'client',
    description:
      'Pays all or part of one of the client’s invoices from the wallet: {invoiceSystemRef, amount (KES, whole), requestId?} → {invoice (as getInvoice), walletBalance}. The policy is issued when the invoice is paid in full. 400 on amount (0, not a number, above the wallet’s balance or the invoice’s balance); 409 INVOICE_PAID or QUOTATION_EXPIRED; the same requestId pays once.',
    input: walletPayInvoiceSchema,
    handler: (context) => payInvoiceFromWallet(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'account',
    action: 'getStatement',
    auth: 'client',
    description:
      'The client’s statement from the ledger for {from?, to?} (Kenyan dates, both included; default the last 90 days) and {page, pageSize}: {from, to, openingBalance, closingBalance, totalDebits, totalCredits (KES; a positive balance is owed, negative is credit), items:[{id, occurredAt, account, kind, reference, description, debit, credit, balance}], total, page, pageSize, totalPages, downloads:{pdf, csv} (links valid 10 minutes)}.',
    input: statementQuerySchema,
    handler: async ({ db, services, principal, input, language }) => {
      const statement = await getStatement(db, principal!.userId, input);
      const link = (format: 'pdf' | 'csv') =>
        signStatementLink(
          services.tokenSecret,
          { format, from: statement.from, to: statement.to },
          principal!,
        );
      // Each line's account and description in the reader's language (stored in English: ledgerDescription).
      const items = statement.items.map((line) => ({
        ...line,
        account: accountText(line.account, language),
        description: describeIn(line.description, language),
      }));
      return { ...statement, items, downloads: { pdf: link('pdf'), csv: link('csv') } };
    },
  }),
];
