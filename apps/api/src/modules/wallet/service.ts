import { randomUUID } from 'node:crypto';
import { describeIn, type WalletPayInvoiceInput, walletAccount, walletPaymentPosting } from '@bima/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  invoices,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payments,
  schoolChildren,
  schoolFeeInvoices,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Language } from '../../lib/language';
import { pageInfo } from '../../lib/search';
import { completeInvoice, refuseFirstPayment, sendPolicyDocuments } from '../invoice/service';
import { findAccount, isPosted, lockWallet, moneyOfInvoice, post, walletBalance } from '../ledger/service';
import type { PaymentContext } from '../payment/payables';
import { getInvoice } from '../policy/service';

/** The client's wallet: its balance and what one M-Pesa top-up may bring (cents, the wire's unit). */
export async function getWallet(context: PaymentContext, userId: string) {
  return {
    balance: await walletBalance(context.db, userId),
    maxTopUp: context.services.mpesa.maxAmount * 100,
  };
}

/**
 * The wallet's movements, newest first, each with the balance after it; stable order (the time the
 * money moved, then the entry) so pages never repeat or skip a row.
 */
export async function listWalletTransactions(
  context: PaymentContext,
  userId: string,
  paging: { page: number; pageSize: number },
  language: Language = 'en',
) {
  const { db } = context;
  const accountId = await findAccount(db, walletAccount(userId));
  if (accountId === null) {
    return { balance: 0, items: [], ...pageInfo(0, paging) };
  }
  const [counted] = await db
    .select({ total: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  const total = Number(counted?.total ?? 0);
  const movements = db
    .select({
      entryId: ledgerEntries.id,
      amount: ledgerEntries.amount,
      kind: ledgerTransactions.kind,
      description: ledgerTransactions.description,
      reference: sql<string | null>`coalesce(${payments.receiptNumber}, ${ledgerTransactions.reference})`.as(
        'reference',
      ),
      occurredAt: ledgerTransactions.occurredAt,
      // The balance after each movement: the credits so far less the debits.
      balanceAfter:
        sql<string>`-sum(${ledgerEntries.amount}) over (order by ${ledgerTransactions.occurredAt}, ${ledgerEntries.id})`.as(
          'balance_after',
        ),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(payments, eq(payments.id, ledgerTransactions.paymentId))
    .where(eq(ledgerEntries.accountId, accountId))
    .as('movements');
  const rows = await db
    .select()
    .from(movements)
    .orderBy(sql`${movements.occurredAt} desc`, sql`${movements.entryId} desc`)
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return {
    balance: await walletBalance(db, userId),
    items: rows.map((row) => ({
      id: row.entryId,
      kind: row.kind,
      description: describeIn(row.description, language),
      reference: row.reference,
      occurredAt: new Date(row.occurredAt).toISOString(),
      /** Cents: positive into the wallet, negative out of it. */
      amount: -Number(row.amount),
      balanceAfter: Number(row.balanceAfter),
    })),
    ...pageInfo(total, paging),
  };
}

/**
 * Pays (part of) one of the client's invoices from the wallet, in one transaction with the invoice
 * and then the wallet locked: two payments at once are decided one after the other, so the wallet
 * can never be overdrawn (the database refuses an overdrawn wallet at commit too). An amount of 0,
 * with cents, above the wallet's balance or above what the invoice owes is refused with the reason
 * on `amount`. When the invoice is paid in full — whatever paid the rest — its policy is issued. The
 * same `requestId` sent twice pays once.
 */
export async function payInvoiceFromWallet(
  context: PaymentContext,
  userId: string,
  input: WalletPayInvoiceInput,
) {
  const { db, services } = context;
  const key = `wallet-payment:${userId}:${input.requestId ?? randomUUID()}`;
  let issuedInvoiceId: number | null = null;
  await db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.invoiceSystemRef, input.invoiceSystemRef), eq(invoices.userId, userId)))
      .for('update');
    if (!invoice) throw new AppError('not_found', 'Invoice not found.');
    // A retry of a payment already made: nothing more to do.
    if (await isPosted(tx, key)) return;
    const money = await moneyOfInvoice(tx, invoice);
    if (invoice.status === 'PAID' || money.owed === 0) {
      throw new AppError('conflict', 'This invoice is already paid.', { code: 'INVOICE_PAID' });
    }
    if (money.paid === 0) await refuseFirstPayment(tx, invoice);
    const balance = await lockWallet(tx, userId);
    const decided = walletPaymentPosting({
      key,
      userId,
      amount: input.amount,
      walletBalance: balance,
      invoice: { id: invoice.id, ref: invoice.invoiceSystemRef, owed: money.owed },
    });
    if (!decided.ok) {
      const { code, message } = decided.refusal;
      if (code === 'INVOICE_PAID') throw new AppError('conflict', message, { code });
      throw new AppError('invalid', message, { code, errors: [{ field: 'amount', message }] });
    }
    const paidAt = new Date();
    const { transactionId } = await post(tx, decided.posting, { occurredAt: paidAt });
    if (money.owed - input.amount <= 0) {
      // No M-Pesa receipt completed it: the policy carries the wallet payment's reference.
      if (await completeInvoice(tx, invoice, `WALLET-${transactionId}`, paidAt)) issuedInvoiceId = invoice.id;
    }
  });
  if (issuedInvoiceId !== null) await sendPolicyDocuments(context, issuedInvoiceId);
  const invoice = await getInvoice(db, userId, input.invoiceSystemRef, {
    maxPerPrompt: services.mpesa.maxAmount,
  });
  return { invoice, walletBalance: await walletBalance(db, userId) };
}

/**
 * The client's accounts a statement covers: the wallet, every invoice and every loan, and the school
 * fee invoices of the children the client linked (a child's fee account, which both parents may see).
 */
export function clientAccountsCondition(userId: string) {
  return sql`(
    (${ledgerAccounts.kind} in ('wallet', 'loan') and ${ledgerAccounts.userId} = ${userId})
    or (${ledgerAccounts.kind} = 'invoice' and exists (
      select 1 from ${invoices} where ${invoices.id} = ${ledgerAccounts.invoiceId} and ${invoices.userId} = ${userId}
    ))
    or (${ledgerAccounts.kind} = 'school_invoice' and exists (
      select 1 from ${schoolFeeInvoices}
      join ${schoolChildren} on ${schoolChildren.studentId} = ${schoolFeeInvoices.studentId}
      where ${ledgerAccounts.code} = 'school_invoice:' || ${schoolFeeInvoices.id} and ${schoolChildren.userId} = ${userId}
    ))
  )`;
}
