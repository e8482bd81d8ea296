import {
  formatKes,
  ledgerDescription,
  normaliseSearch,
  policyStatusOn,
  type ResolveReceiptInput,
  refundPosting,
  type SearchPoliciesInput,
} from '@bima/domain';
import { and, count, desc, eq, exists, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  insuranceProducts,
  invoices,
  payments,
  policies,
  quotations,
  unallocatedReceipts,
  underwriters,
  users,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { pageInfo, pageWindow } from '../../lib/search';
import { recordAudit } from '../audit/service';
import { amountWords, phoneWords } from '../audit/words';
import { lockWallet, post } from '../ledger/service';

/** Whose policies a caller searches: an underwriter its insurer's, an admin every one. */
function policyScope(principal: Principal): SQL | undefined {
  if (principal.role === 'admin') return undefined;
  if (principal.role === 'underwriter' && principal.underwriterId) {
    return eq(insuranceProducts.underwriterId, principal.underwriterId);
  }
  throw new AppError('forbidden', 'You are not allowed to do this.');
}

/**
 * Policies found by policy number (or part of it), vehicle registration (spaces and case ignored),
 * the phone that paid (as people write it) or an M-Pesa receipt, newest first.
 */
export async function searchPolicies(
  db: Database,
  principal: Principal,
  input: SearchPoliciesInput,
  today: string,
) {
  const { text, plate, phone } = normaliseSearch(input.query);
  const paidBy = db
    .select({ one: sql`1` })
    .from(payments)
    .where(
      and(
        eq(payments.invoiceId, policies.invoiceId),
        or(eq(payments.receiptNumber, text.toUpperCase()), phone ? eq(payments.phone, phone) : undefined),
      ),
    );
  const matches = or(
    ilike(policies.policyNumber, `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`),
    sql`upper(replace(${quotations.vehicle}->>'registrationNumber', ' ', '')) = ${plate}`,
    eq(policies.receiptNumber, text.toUpperCase()),
    exists(paidBy),
  );
  const where = and(matches, policyScope(principal));
  const base = () =>
    db
      .select({
        policyNumber: policies.policyNumber,
        startDate: policies.startDate,
        endDate: policies.endDate,
        cancelledOn: policies.cancelledOn,
        financedByLoanId: policies.financedByLoanId,
        issuedAt: policies.issuedAt,
        receiptNumber: policies.receiptNumber,
        registration: sql<string | null>`${quotations.vehicle}->>'registrationNumber'`,
        productName: insuranceProducts.name,
        underwriter: underwriters.name,
        amount: invoices.amount,
        invoiceSystemRef: invoices.invoiceSystemRef,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(policies)
      .innerJoin(quotations, eq(quotations.id, policies.quotationId))
      .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
      .innerJoin(underwriters, eq(underwriters.id, insuranceProducts.underwriterId))
      .innerJoin(invoices, eq(invoices.id, policies.invoiceId))
      .innerJoin(users, eq(users.id, policies.userId));
  const [counted] = await db
    .select({ total: count() })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(desc(policies.issuedAt), desc(policies.id))
    .$dynamic()
    .limit(pageWindow(input).limit)
    .offset(pageWindow(input).offset);
  return {
    items: rows.map((row) => ({
      policyNumber: row.policyNumber,
      client: { names: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
      registration: row.registration,
      productName: row.productName,
      underwriter: row.underwriter,
      premium: row.amount,
      invoiceSystemRef: row.invoiceSystemRef,
      receiptNumber: row.receiptNumber,
      startDate: row.startDate,
      endDate: row.endDate,
      status: policyStatusOn(row, today),
      /** Paid by a premium-financing loan (the lender may cancel it for arrears). */
      isFinanced: row.financedByLoanId !== null,
      issuedAt: row.issuedAt.toISOString(),
    })),
    ...pageInfo(Number(counted?.total ?? 0), input),
  };
}

/**
 * Records what became of an unallocated receipt, once: OPEN → REFUNDED | APPLIED under a row lock,
 * with the note in the audit log. The receipt's money is in the client's wallet (the ledger credited
 * it when M-Pesa confirmed it): REFUNDED posts the refund out of the wallet — refused (409) when the
 * client has already spent that credit —, APPLIED leaves it there as credit the client uses.
 */
export async function resolveReceipt(db: Database, principal: Principal, input: ResolveReceiptInput) {
  return db.transaction(async (tx) => {
    const [receipt] = await tx
      .select()
      .from(unallocatedReceipts)
      .where(eq(unallocatedReceipts.receiptSystemRef, input.receiptSystemRef))
      .for('update');
    if (!receipt) throw new AppError('not_found', 'Receipt not found.');
    if (receipt.status !== 'OPEN') {
      throw new AppError('conflict', `This receipt was already marked ${receipt.status.toLowerCase()}.`);
    }
    const [paidBy] = await tx
      .select({ phone: payments.phone })
      .from(payments)
      .where(eq(payments.id, receipt.paymentId));
    const balance = await lockWallet(tx, receipt.userId);
    if (input.resolution === 'REFUNDED') {
      const refund = refundPosting({
        key: `refund:receipt:${receipt.id}`,
        userId: receipt.userId,
        amount: receipt.amount,
        walletBalance: balance,
        reference: receipt.mpesaReceiptNumber,
        description: ledgerDescription('walletRefund', {
          amount: receipt.amount,
          receipt: receipt.receiptSystemRef,
        }),
      });
      if (!refund.ok) {
        throw new AppError(
          'conflict',
          `The client has already used this credit: their wallet holds ${formatKes(balance)}, less than ${formatKes(receipt.amount)}.`,
          { code: 'WALLET_INSUFFICIENT' },
        );
      }
      await post(tx, refund.posting, { createdBy: principal.userId });
    }
    const [resolved] = await tx
      .update(unallocatedReceipts)
      .set({ status: input.resolution, resolvedAt: new Date() })
      .where(eq(unallocatedReceipts.id, receipt.id))
      .returning();
    const amount = amountWords(receipt.amount);
    const phone = paidBy?.phone ? phoneWords(paidBy.phone) : null;
    const refunded = input.resolution === 'REFUNDED';
    await recordAudit(tx, principal, {
      action: 'payments/unallocatedReceipt/resolveReceipt',
      entityType: 'unallocated_receipt',
      entityId: receipt.receiptSystemRef,
      details: { resolution: input.resolution, note: input.note, amountCents: receipt.amount },
      summary: refunded
        ? {
            en: `Refunded ${amount.en}${phone ? ` to ${phone}` : ''} (M-Pesa, receipt ${receipt.receiptSystemRef})`,
            sw: `Alirejesha ${amount.sw}${phone ? ` kwa ${phone}` : ''} (M-Pesa, risiti ${receipt.receiptSystemRef})`,
          }
        : {
            en: `Applied ${amount.en} of receipt ${receipt.receiptSystemRef} to the client's wallet`,
            sw: `Aliweka ${amount.sw} za risiti ${receipt.receiptSystemRef} kwenye pochi ya mteja`,
          },
      changes: [
        {
          what: { en: 'Receipt', sw: 'Risiti' },
          before: { en: 'Open', sw: 'Wazi' },
          after: refunded ? { en: 'Refunded', sw: 'Imerejeshwa' } : { en: 'Applied', sw: 'Imetumika' },
        },
        {
          what: { en: "Client's wallet", sw: 'Pochi ya mteja' },
          before: amountWords(balance),
          after: amountWords(refunded ? balance - receipt.amount : balance),
        },
        { what: { en: 'Note', sw: 'Maelezo' }, after: input.note },
      ],
    });
    return {
      receiptSystemRef: resolved!.receiptSystemRef,
      status: resolved!.status,
      resolvedAt: resolved!.resolvedAt?.toISOString() ?? null,
    };
  });
}
