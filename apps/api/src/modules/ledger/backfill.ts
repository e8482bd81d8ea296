import {
  claimPayoutPosting,
  invoiceBilledPosting,
  ledgerDescription,
  mpesaReceiptPosting,
  type Posting,
  premiumDuePosting,
  refundPosting,
} from '@bima/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  claimSettlements,
  claims,
  insuranceProducts,
  invoices,
  ledgerTransactions,
  payments,
  policies,
  quotations,
  unallocatedReceipts,
} from '../../db/schema';
import { lockWallet, moneyOfInvoice, post } from './service';

/** Rows whose ledger transaction (by its key) is missing. */
const missing = (key: ReturnType<typeof sql>) =>
  sql`not exists (select 1 from ${ledgerTransactions} where ${ledgerTransactions.key} = ${key})`;

export interface BackfillCounts {
  invoicesBilled: number;
  receipts: number;
  premiums: number;
  refunds: number;
  claimPayouts: number;
}

/**
 * Posts the ledger transactions of money that moved before the ledger existed (an older database):
 * every invoice's bill, every successful M-Pesa payment (the part its settlement put towards the
 * invoice, `allocated_amount`, and the rest to the wallet), the premium of every paid invoice, every
 * refunded unallocated receipt and every paid claim. Idempotent — each posting has the key the live
 * code uses, so running it again, or beside another instance, changes nothing. Run at start-up.
 */
export async function backfillLedger(db: Database, log: FastifyBaseLogger): Promise<BackfillCounts> {
  const counts: BackfillCounts = { invoicesBilled: 0, receipts: 0, premiums: 0, refunds: 0, claimPayouts: 0 };
  const attempt = async (what: string, work: () => Promise<boolean>) => {
    try {
      return await work();
    } catch (error) {
      log.error({ err: error, what }, 'ledger backfill could not post');
      return false;
    }
  };
  const postOne = (posting: Posting, occurredAt: Date, createdBy: string | null = null) =>
    db.transaction(async (tx) => (await post(tx, posting, { occurredAt, createdBy })).created);

  const unbilled = await db
    .select()
    .from(invoices)
    .where(missing(sql`'invoice-billed:' || ${invoices.id}`))
    .orderBy(asc(invoices.id));
  for (const invoice of unbilled) {
    const posting = invoiceBilledPosting({
      invoiceId: invoice.id,
      invoiceRef: invoice.invoiceSystemRef,
      userId: invoice.userId,
      amount: invoice.amount,
    });
    if (await attempt(posting.key, () => postOne(posting, invoice.createdAt))) counts.invoicesBilled += 1;
  }

  const unposted = await db
    .select({ payment: payments, invoice: invoices })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(payments.status, 'success'), missing(sql`'mpesa-receipt:' || ${payments.id}`)))
    .orderBy(asc(payments.settledAt), asc(payments.id));
  for (const { payment, invoice } of unposted) {
    const key = `mpesa-receipt:${payment.id}`;
    const posted = await attempt(key, () =>
      db.transaction(async (tx) => {
        let target: { id: number; ref: string; owed: number } | null = null;
        if (invoice) {
          const [locked] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id)).for('update');
          const { owed } = await moneyOfInvoice(tx, locked!);
          // What the settlement recorded for this payment, never more than the invoice still owes.
          target = {
            id: invoice.id,
            ref: invoice.invoiceSystemRef,
            owed: Math.min(payment.allocatedAmount ?? 0, owed),
          };
        }
        const { posting } = mpesaReceiptPosting({
          paymentId: payment.id,
          userId: payment.userId,
          amount: payment.amount,
          receipt: payment.receiptNumber,
          invoice: target,
        });
        return (await post(tx, posting, { occurredAt: payment.settledAt ?? payment.createdAt })).created;
      }),
    );
    if (posted) counts.receipts += 1;
  }

  const unrecognised = await db
    .select({ invoice: invoices, underwriterId: insuranceProducts.underwriterId })
    .from(invoices)
    .innerJoin(policies, eq(policies.invoiceId, invoices.id))
    .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
    .where(and(eq(invoices.status, 'PAID'), missing(sql`'premium-due:' || ${invoices.id}`)))
    .orderBy(asc(invoices.id));
  for (const { invoice, underwriterId } of unrecognised) {
    const posting = premiumDuePosting({
      invoiceId: invoice.id,
      invoiceRef: invoice.invoiceSystemRef,
      userId: invoice.userId,
      underwriterId,
      amount: invoice.amount,
    });
    if (await attempt(posting.key, () => postOne(posting, invoice.paidAt ?? invoice.createdAt)))
      counts.premiums += 1;
  }

  const refunded = await db
    .select()
    .from(unallocatedReceipts)
    .where(
      and(
        eq(unallocatedReceipts.status, 'REFUNDED'),
        missing(sql`'refund:receipt:' || ${unallocatedReceipts.id}`),
      ),
    )
    .orderBy(asc(unallocatedReceipts.id));
  for (const receipt of refunded) {
    const key = `refund:receipt:${receipt.id}`;
    const posted = await attempt(key, () =>
      db.transaction(async (tx) => {
        const balance = await lockWallet(tx, receipt.userId);
        const refund = refundPosting({
          key,
          userId: receipt.userId,
          amount: receipt.amount,
          walletBalance: balance,
          reference: receipt.mpesaReceiptNumber,
          description: ledgerDescription('walletRefund', {
            amount: receipt.amount,
            receipt: receipt.receiptSystemRef,
          }),
        });
        if (!refund.ok)
          throw new Error(`the wallet holds ${balance}, less than the refund of ${receipt.amount}`);
        return (await post(tx, refund.posting, { occurredAt: receipt.resolvedAt ?? receipt.createdAt }))
          .created;
      }),
    );
    if (posted) counts.refunds += 1;
  }

  const paidOut = await db
    .select({ settlement: claimSettlements, claim: claims })
    .from(claimSettlements)
    .innerJoin(claims, eq(claims.id, claimSettlements.claimId))
    .where(
      and(
        eq(claimSettlements.status, 'success'),
        isNotNull(claimSettlements.settledAt),
        missing(sql`'claim-payout:' || ${claimSettlements.id}`),
      ),
    )
    .orderBy(asc(claimSettlements.id));
  for (const { settlement, claim } of paidOut) {
    const posting = claimPayoutPosting({
      settlementId: settlement.id,
      userId: claim.userId,
      underwriterId: claim.underwriterId,
      amount: settlement.amount,
      method: settlement.method === 'garage' ? 'garage' : 'mpesa',
      claimRef: claim.claimRef,
      reference: settlement.reference,
    });
    if (await attempt(posting.key, () => postOne(posting, settlement.settledAt ?? settlement.createdAt)))
      counts.claimPayouts += 1;
  }

  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  if (total > 0) log.info({ ...counts }, 'ledger backfill posted money that moved before the ledger');
  return counts;
}
