import { describeIn } from '@bima/domain';
import { contracts } from '@bima/domain/contract';
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
    description:
      'The client’s wallet: its balance from the ledger and the most one M-Pesa prompt may bring (cents).',
    input: contracts['client/wallet/getWallet'].input,
    handler: (context) => getWallet(context, context.principal!.userId),
  }),
  defineAction({
    service: 'client',
    resource: 'wallet',
    action: 'topUp',
    auth: 'client',
    description:
      'Tops up the wallet by M-Pesa: an amount in cents of whole shillings to a phone → a pending payment; follow it with paymentRequestDetails. 400 on amount (missing, not a whole number of cents, not whole shillings, 0, above MPESA_MAX_AMOUNT); 409 PAYMENT_PENDING while a top-up prompt younger than 90 s waits.',
    input: contracts['client/wallet/topUp'].input,
    handler: (context) => requestWalletTopUp(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'wallet',
    action: 'listTransactions',
    auth: 'client',
    description:
      'The wallet’s movements, newest first, each with the balance after it (cents: + in, − out), and the balance.',
    input: contracts['client/wallet/listTransactions'].input,
    handler: (context) =>
      listWalletTransactions(context, context.principal!.userId, context.input, context.language),
  }),
  defineAction({
    service: 'client',
    resource: 'wallet',
    action: 'payInvoice',
    auth: 'client',
    description:
      'Pays all or part of one of the client’s invoices from the wallet (the amount in cents of whole shillings; the invoice and the wallet’s balance after it in cents) and answers the invoice as getInvoice does. The policy is issued when the invoice is paid in full. 400 on amount (0, not a number, above the wallet’s balance or the invoice’s balance); 409 INVOICE_PAID or QUOTATION_EXPIRED; the same requestId pays once.',
    input: contracts['client/wallet/payInvoice'].input,
    handler: (context) => payInvoiceFromWallet(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'account',
    action: 'getStatement',
    auth: 'client',
    description:
      'The client’s statement from the ledger for a range of Kenyan dates (both included; default the last 90 days), a page of lines, the totals and balances (cents: a positive balance is owed, negative is credit) and PDF and CSV downloads (links valid 10 minutes).',
    input: contracts['client/account/getStatement'].input,
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
