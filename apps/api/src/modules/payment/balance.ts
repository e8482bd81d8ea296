import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import { toKes } from '../product/present';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Cents put towards each invoice by its successful payments (their `allocated_amount`). What an
 * invoice has received is always derived from its payments, never stored beside them.
 */
export async function paidTowardsInvoices(
  db: Database | Tx,
  invoiceIds: number[],
): Promise<Map<number, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({
      invoiceId: payments.invoiceId,
      paid: sql<string>`coalesce(sum(${payments.allocatedAmount}), 0)`,
    })
    .from(payments)
    .where(and(inArray(payments.invoiceId, invoiceIds), eq(payments.status, 'success')))
    .groupBy(payments.invoiceId);
  // A sum of integer cents: exact as a JavaScript number far beyond any premium.
  return new Map(rows.map((row) => [row.invoiceId, Number(row.paid)]));
}

/** Cents put towards one invoice so far. */
export async function paidTowardsInvoice(db: Database | Tx, invoiceId: number): Promise<number> {
  return (await paidTowardsInvoices(db, [invoiceId])).get(invoiceId) ?? 0;
}

/**
 * What an invoice has received and still owes, in whole shillings. M-Pesa takes at most
 * `maxPerPrompt` shillings a transaction, so the next prompt asks for the balance up to that limit.
 */
export function invoiceBalance(options: { amount: number; paid: number; maxPerPrompt: number }) {
  const balance = Math.max(0, options.amount - options.paid);
  return {
    amountPaid: toKes(options.paid),
    balance: toKes(balance),
    amountDueNow: toKes(Math.min(balance, options.maxPerPrompt * 100)),
    maxPerPrompt: options.maxPerPrompt,
  };
}

/** The next prompt's amount in cents: the balance, at most M-Pesa's per-transaction limit. */
export function nextPromptAmount(options: { amount: number; paid: number; maxPerPrompt: number }): number {
  return Math.min(Math.max(0, options.amount - options.paid), options.maxPerPrompt * 100);
}
