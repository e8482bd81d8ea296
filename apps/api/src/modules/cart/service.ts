import { CART_MESSAGES, cartReceiptPostings, RECOMMENDATION_MESSAGES, shillingsToCents } from '@bima/domain';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  cartInvoiceMembers,
  cartInvoices,
  cartItems,
  invoices,
  ledgerTransactions,
  payments,
  policies,
  quotations,
  recommendations,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { formatAmount } from '../../lib/language';
import { makeRef } from '../../lib/refs';
import { pageInfo } from '../../lib/search';
import { completeInvoice, sendPolicyDocuments } from '../invoice/service';
import { invoiceMoney, lockWallet } from '../ledger/service';
import type { PaymentContext } from '../payment/payables';
import { refuseWhilePromptLive, sendPrompt } from '../payment/service';
import { listUnallocatedReceipt, type MpesaAnswer, markPaymentSucceeded } from '../payment/settle';
import { refuseIncompleteRisk } from '../quotation/requirements';
import { invoiceQuotation, isQuotationExpired, quotationExpiredError } from '../quotation/service';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;
type QuotationRow = typeof quotations.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

async function findOwnQuotation(db: Executor, userId: string, systemQuotationRef: string) {
  const [row] = await db
    .select()
    .from(quotations)
    .where(and(eq(quotations.systemQuotationRef, systemQuotationRef), eq(quotations.userId, userId)));
  // Someone else's quotation is not found, as one that does not exist.
  if (!row) throw new AppError('not_found', 'Quotation not found.');
  return row;
}

/** What has been paid towards a quotation's invoice and what it still owes (cents). */
async function moneyOfQuotations(db: Executor, rows: QuotationRow[]) {
  const ids = rows.map((row) => row.id);
  const invoiceRows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(invoices)
          // The quotation's own invoice (a monthly policy's later months name their policy, issue 31).
          .where(and(inArray(invoices.quotationId, ids), isNull(invoices.policyId)));
  const money = await invoiceMoney(db, invoiceRows);
  const byQuotation = new Map<number, { invoice: InvoiceRow; paid: number; owed: number }>();
  for (const invoice of invoiceRows) {
    const m = money.get(invoice.id) ?? { paid: 0, owed: invoice.amount };
    byQuotation.set(invoice.quotationId, {
      invoice,
      paid: m.paid,
      owed: invoice.status === 'PAID' ? 0 : m.owed,
    });
  }
  return byQuotation;
}

/**
 * Puts one of the client's saved quotations in the cart (again: nothing changes). A quotation with
 * money paid towards it (a paid invoice, or part of one) is refused with 409 QUOTATION_PAID; a
 * recommendation's quotation only once the client accepted it.
 */
export async function addToCart(db: Database, userId: string, systemQuotationRef: string) {
  const quotation = await findOwnQuotation(db, userId, systemQuotationRef);
  const money = (await moneyOfQuotations(db, [quotation])).get(quotation.id);
  if (money && (money.invoice.status === 'PAID' || money.paid > 0)) {
    throw new AppError('conflict', CART_MESSAGES.paid, { code: 'QUOTATION_PAID' });
  }
  if (quotation.recommendationId !== null) {
    const [recommendation] = await db
      .select({ status: recommendations.status, acceptedQuotationId: recommendations.acceptedQuotationId })
      .from(recommendations)
      .where(eq(recommendations.id, quotation.recommendationId));
    if (recommendation?.status !== 'ACCEPTED' || recommendation.acceptedQuotationId !== quotation.id) {
      throw new AppError('conflict', RECOMMENDATION_MESSAGES.acceptFirst, { code: 'INVALID_TRANSITION' });
    }
  }
  // The cart pays for policies: a quotation without its vehicle or KYC is completed first.
  refuseIncompleteRisk(quotation);
  await db
    .insert(cartItems)
    .values({ userId, quotationId: quotation.id })
    .onConflictDoNothing({ target: [cartItems.userId, cartItems.quotationId] });
  return { systemQuotationRef, inCart: true };
}

/** Takes a quotation out of the cart (not in it: nothing changes); an expired one says it must be priced again. */
export async function removeFromCart(db: Database, userId: string, systemQuotationRef: string) {
  const quotation = await findOwnQuotation(db, userId, systemQuotationRef);
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.quotationId, quotation.id)))
    .returning({ id: cartItems.id });
  const money = (await moneyOfQuotations(db, [quotation])).get(quotation.id);
  const expired = isQuotationExpired(quotation) && !(money && money.paid > 0);
  return {
    systemQuotationRef,
    inCart: false,
    removed: removed.length > 0,
    isExpired: expired,
    message: expired ? CART_MESSAGES.removedExpired(systemQuotationRef) : null,
  };
}

/** The cart's items in order (added time, then id), its paid ones left out. */
async function cartRows(db: Executor, userId: string) {
  const rows = await db
    .select({ item: cartItems, quotation: quotations })
    .from(cartItems)
    .innerJoin(quotations, eq(quotations.id, cartItems.quotationId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
  const money = await moneyOfQuotations(
    db,
    rows.map((row) => row.quotation),
  );
  return rows
    .map((row) => {
      const m = money.get(row.quotation.id);
      const paid = m?.paid ?? 0;
      return {
        ...row,
        invoice: m?.invoice ?? null,
        paid,
        owed: m ? m.owed : row.quotation.total,
        isExpired: isQuotationExpired(row.quotation) && paid === 0,
      };
    })
    .filter((row) => row.invoice?.status !== 'PAID' && row.owed > 0);
}

type CartRow = Awaited<ReturnType<typeof cartRows>>[number];

/** How many quotations wait in the client's cart (those the Cart screen lists). */
export async function countCartItems(db: Database, userId: string): Promise<number> {
  return (await cartRows(db, userId)).length;
}

function presentItem(row: CartRow) {
  const vehicle = row.quotation.vehicle as { registrationNumber?: unknown; make?: unknown; model?: unknown };
  return {
    systemQuotationRef: row.quotation.systemQuotationRef,
    productName: row.quotation.productName,
    underwriter: row.quotation.underwriterName,
    coverType: row.quotation.coverType,
    registrationNumber: typeof vehicle.registrationNumber === 'string' ? vehicle.registrationNumber : null,
    vehicleDescription:
      [vehicle.make, vehicle.model].filter((part) => typeof part === 'string').join(' ') || null,
    startDate: row.quotation.startDate,
    premium: row.quotation.total,
    /** What is left to pay on it (cents): the premium less any part already paid. */
    balance: row.owed,
    invoiceSystemRef: row.invoice?.invoiceSystemRef ?? null,
    isExpired: row.isExpired,
    expiresAt: row.quotation.expiresAt.toISOString(),
    addedAt: row.item.addedAt.toISOString(),
  };
}

/**
 * A page of the client's cart with the whole cart's total: expired quotations are listed (flagged)
 * but not counted in the total, nor in `count`; `amountDueNow` is what the next M-Pesa prompt asks.
 */
export async function listCart(
  context: PaymentContext,
  userId: string,
  paging: { page: number; pageSize: number },
) {
  const rows = await cartRows(context.db, userId);
  const payable = rows.filter((row) => !row.isExpired);
  const total = payable.reduce((sum, row) => sum + row.owed, 0);
  const start = (paging.page - 1) * paging.pageSize;
  return {
    items: rows.slice(start, start + paging.pageSize).map(presentItem),
    ...pageInfo(rows.length, paging),
    payableCount: payable.length,
    expiredCount: rows.length - payable.length,
    totalAmount: total,
    amountDueNow: Math.min(total, shillingsToCents(context.services.mpesa.maxAmount)),
    maxPerPrompt: shillingsToCents(context.services.mpesa.maxAmount),
  };
}

/**
 * Pays the cart as one invoice by M-Pesa: each quotation gets its own invoice (as buying it alone),
 * gathered in a cart invoice whose balance is theirs together; the prompt asks for that balance up
 * to M-Pesa's per-transaction limit (a larger cart is paid in several prompts). Refused while an
 * expired quotation is in the cart (409 QUOTATION_EXPIRED naming it), for an empty cart, and while
 * a cart prompt may still be answered on the phone. The same cart paid again reuses its cart invoice.
 */
export async function payCart(context: PaymentContext, userId: string, phone: string) {
  const { db, services } = context;
  const { payment, cartRef } = await db.transaction(async (tx) => {
    // The client's wallet row serialises their cart payments (and wallet payments) one after another.
    await lockWallet(tx, userId);
    await refuseWhilePromptLive(
      tx,
      and(eq(payments.userId, userId), eq(payments.purpose, 'cart')),
      CART_MESSAGES.pending,
    );
    const rows = await cartRows(tx, userId);
    if (rows.length === 0) throw new AppError('conflict', CART_MESSAGES.empty, { code: 'CART_EMPTY' });
    const expired = rows.find((row) => row.isExpired);
    if (expired) {
      const error = quotationExpiredError(expired.quotation);
      throw new AppError('conflict', CART_MESSAGES.expired(expired.quotation.systemQuotationRef), {
        code: 'QUOTATION_EXPIRED',
        errors: [{ field: expired.quotation.systemQuotationRef, message: error.message }],
      });
    }
    const memberIds: number[] = [];
    for (const row of rows) {
      const made = await invoiceQuotation(tx, row.quotation, {
        dmvic: services.dmvic.client,
        log: context.log,
      });
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.invoiceSystemRef, made.invoiceSystemRef))
        .for('update');
      memberIds.push(invoice!.id);
    }
    const members = await tx.select().from(invoices).where(inArray(invoices.id, memberIds));
    const money = await invoiceMoney(tx, members);
    const owedOf = (invoice: InvoiceRow) =>
      invoice.status === 'PAID' ? 0 : (money.get(invoice.id)?.owed ?? invoice.amount);
    const owing = memberIds
      .map((id) => members.find((invoice) => invoice.id === id)!)
      .filter((invoice) => owedOf(invoice) > 0);
    const total = owing.reduce((sum, invoice) => sum + owedOf(invoice), 0);
    if (total <= 0) throw new AppError('conflict', CART_MESSAGES.nothingOwed, { code: 'INVOICE_PAID' });
    const cart = await cartInvoiceFor(
      tx,
      userId,
      owing.map((invoice) => invoice.id),
    );
    const [inserted] = await tx
      .insert(payments)
      .values({
        paymentSystemRef: makeRef('PAY', 10),
        purpose: 'cart',
        invoiceId: null,
        cartInvoiceId: cart.id,
        userId,
        phone,
        amount: Math.min(total, services.mpesa.maxAmount * 100),
      })
      .returning();
    return { payment: inserted!, cartRef: cart.cartInvoiceRef };
  });
  const sent = await sendPrompt(context, payment, { accountReference: cartRef, description: 'Bima cart' });
  return { ...sent, cartInvoiceRef: cartRef };
}

/**
 * The client's latest cart invoice when the members it still owes on are exactly these, in this order
 * (its next part), else a new one.
 */
async function cartInvoiceFor(tx: Tx, userId: string, memberIds: number[]) {
  const [latest] = await tx
    .select()
    .from(cartInvoices)
    .where(eq(cartInvoices.userId, userId))
    .orderBy(desc(cartInvoices.id))
    .limit(1);
  if (latest) {
    const rows = await tx
      .select({ invoice: invoices })
      .from(cartInvoiceMembers)
      .innerJoin(invoices, eq(invoices.id, cartInvoiceMembers.invoiceId))
      .where(eq(cartInvoiceMembers.cartInvoiceId, latest.id))
      .orderBy(asc(cartInvoiceMembers.position));
    const money = await invoiceMoney(
      tx,
      rows.map((row) => row.invoice),
    );
    // Its members still owing (those paid by its earlier parts are done): the same ones, in the same order.
    const owing = rows.filter(
      (row) => row.invoice.status !== 'PAID' && (money.get(row.invoice.id)?.owed ?? row.invoice.amount) > 0,
    );
    if (owing.length === memberIds.length && owing.every((row, i) => row.invoice.id === memberIds[i])) {
      return latest;
    }
  }
  const [made] = await tx
    .insert(cartInvoices)
    .values({ cartInvoiceRef: makeRef('CRT', 10), userId })
    .returning();
  await tx
    .insert(cartInvoiceMembers)
    .values(memberIds.map((invoiceId, position) => ({ cartInvoiceId: made!.id, position, invoiceId })));
  return made!;
}

/**
 * A cart payment's success, inside settlePayment's transaction with the payment locked: the money
 * goes to the member invoices in order (each locked, at most what it owes), the rest to the wallet
 * as an unallocated receipt; each member paid in full is completed and its policy issued now, and
 * leaves the cart. The issued policies' documents are e-mailed after commit.
 */
export async function settleCartReceipt(
  tx: Tx,
  context: PaymentContext,
  payment: PaymentRow,
  answer: MpesaAnswer,
  afterCommit: Array<() => void | Promise<void>>,
): Promise<void> {
  const [cart] = await tx.select().from(cartInvoices).where(eq(cartInvoices.id, payment.cartInvoiceId!));
  if (!cart) throw new Error(`cart invoice ${payment.cartInvoiceId} of payment ${payment.id} is missing`);
  const memberRows = await tx
    .select({ invoiceId: cartInvoiceMembers.invoiceId })
    .from(cartInvoiceMembers)
    .where(eq(cartInvoiceMembers.cartInvoiceId, cart.id))
    .orderBy(asc(cartInvoiceMembers.position));
  const members: InvoiceRow[] = [];
  for (const { invoiceId } of memberRows) {
    const [locked] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    members.push(locked!);
  }
  const money = await invoiceMoney(tx, members);
  const owedOf = (invoice: InvoiceRow) =>
    invoice.status === 'PAID' ? 0 : (money.get(invoice.id)?.owed ?? invoice.amount);
  const { postings, allocations, toWallet } = cartReceiptPostings({
    paymentId: payment.id,
    userId: payment.userId,
    amount: payment.amount,
    receipt: answer.receipt,
    cartRef: cart.cartInvoiceRef,
    members: members.map((invoice) => ({
      id: invoice.id,
      ref: invoice.invoiceSystemRef,
      owed: owedOf(invoice),
    })),
  });
  const allocated = allocations.reduce((sum, share) => sum + share.amount, 0);
  await markPaymentSucceeded(tx, context, payment, answer, {
    allocated,
    postings,
    body: {
      en: `We received ${formatAmount(payment.amount, 'en')} by M-Pesa${answer.receipt ? ` (receipt ${answer.receipt})` : ''} for your cart (${cart.cartInvoiceRef}).`,
      sw: `Tumepokea ${formatAmount(payment.amount, 'sw')} kupitia M-Pesa${answer.receipt ? ` (risiti ${answer.receipt})` : ''} kwa kikapu chako (${cart.cartInvoiceRef}).`,
    },
    link: '/newportal/cart',
  });
  if (toWallet > 0) {
    const reason =
      allocated === 0
        ? 'Payment arrived after the cart was paid'
        : 'Payment was more than the balance of the cart';
    await listUnallocatedReceipt(tx, context, afterCommit, {
      payment,
      // The row names an invoice: the cart's last member (the receipt says which cart).
      invoiceId: members[members.length - 1]!.id,
      amount: toWallet,
      mpesaReceipt: answer.receipt,
      reason,
      about: { cart: cart.cartInvoiceRef },
    });
  }
  for (const share of allocations) {
    const invoice = members.find((member) => member.id === share.invoiceId)!;
    if (invoice.status !== 'UNPAID' || owedOf(invoice) - share.amount > 0) continue;
    if (await completeInvoice(tx, invoice, answer.receipt, answer.settledAt))
      afterCommit.push(() => sendPolicyDocuments(context, invoice.id));
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.userId, invoice.userId), eq(cartItems.quotationId, invoice.quotationId)));
  }
}

/** A cart invoice for the payment status: its members in order, each with its balance and policy once issued. */
export async function cartInvoiceSummary(db: Database, cartInvoiceId: number, maxPerPrompt: number) {
  const [cart] = await db.select().from(cartInvoices).where(eq(cartInvoices.id, cartInvoiceId));
  if (!cart) return null;
  const rows = await db
    .select({
      invoice: invoices,
      quotation: quotations,
      policyNumber: policies.policyNumber,
      policyId: policies.id,
    })
    .from(cartInvoiceMembers)
    .innerJoin(invoices, eq(invoices.id, cartInvoiceMembers.invoiceId))
    .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
    .leftJoin(policies, eq(policies.invoiceId, invoices.id))
    .where(eq(cartInvoiceMembers.cartInvoiceId, cartInvoiceId))
    .orderBy(asc(cartInvoiceMembers.position));
  const money = await invoiceMoney(
    db,
    rows.map((row) => row.invoice),
  );
  const members = rows.map((row) => {
    const m = money.get(row.invoice.id);
    const owed = row.invoice.status === 'PAID' ? 0 : (m?.owed ?? row.invoice.amount);
    return {
      invoiceSystemRef: row.invoice.invoiceSystemRef,
      systemQuotationRef: row.quotation.systemQuotationRef,
      productName: row.quotation.productName,
      amount: row.invoice.amount,
      balance: owed,
      status: row.invoice.status,
      policyNumber: row.policyNumber,
      policyId: row.policyId,
      owed,
    };
  });
  const owed = members.reduce((sum, member) => sum + member.owed, 0);
  const total = rows.reduce((sum, row) => sum + row.invoice.amount, 0);
  return {
    cartInvoiceRef: cart.cartInvoiceRef,
    amount: total,
    amountPaid: total - owed,
    balance: owed,
    amountDueNow: Math.min(owed, shillingsToCents(maxPerPrompt)),
    members: members.map(({ owed: _owed, ...member }) => member),
  };
}

/**
 * The receipt of a cart payment the STK query confirmed, brought by the later callback: kept on the
 * policy of each member invoice this payment completed (its last money in the ledger came from it).
 */
export async function recordCartReceipt(tx: Tx, payment: PaymentRow, receiptNumber: string): Promise<void> {
  const paid = await tx
    .selectDistinct({ invoiceId: ledgerTransactions.invoiceId })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.paymentId, payment.id), eq(ledgerTransactions.kind, 'mpesa_receipt')));
  for (const { invoiceId } of paid) {
    if (invoiceId === null) continue;
    const [last] = await tx
      .select({ paymentId: ledgerTransactions.paymentId })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.invoiceId, invoiceId),
          inArray(ledgerTransactions.kind, ['mpesa_receipt', 'wallet_payment']),
        ),
      )
      .orderBy(desc(ledgerTransactions.occurredAt), desc(ledgerTransactions.id))
      .limit(1);
    if (last?.paymentId !== payment.id) continue;
    await tx
      .update(policies)
      .set({ receiptNumber })
      .where(and(eq(policies.invoiceId, invoiceId), isNull(policies.receiptNumber)));
  }
}
