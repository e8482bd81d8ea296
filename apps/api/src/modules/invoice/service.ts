import { mpesaReceiptPosting, premiumDuePosting } from '@bima/domain';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  insuranceProducts,
  invoices,
  ledgerTransactions,
  payments,
  policies,
  quotations,
  users,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { formatAmount, languageOf } from '../../lib/language';
import { makeRef } from '../../lib/refs';
import { policyIssuedEmail } from '../../mail/templates';
import { findCertificateOfPolicy } from '../certificate/service';
import { moneyOfInvoice, post } from '../ledger/service';
import { extendMonthlyCover } from '../monthly/service';
import { wantsEmail } from '../notification/service';
import type { PaymentContext } from '../payment/payables';
import { refuseWhilePromptLive, sendPrompt } from '../payment/service';
import { listUnallocatedReceipt, type MpesaAnswer, markPaymentSucceeded } from '../payment/settle';
import { loadDocumentBrand } from '../policy/document-brand';
import { getPolicyByInvoice, issuePolicy } from '../policy/service';
import { answerInLanguage } from '../product/texts';
import { refuseIncompleteQuotation } from '../quotation/requirements';
import { isQuotationExpired, quotationExpiredError } from '../quotation/service';
import { refuseRenewalPayment } from '../renewal/guard';
import { invoiceBalance } from './balance';

/*
 * An invoice as a payable (the premium of a quotation): its M-Pesa prompt, what a confirmed payment
 * does to it (towards its balance, the rest to the wallet as an unallocated receipt; once paid, the
 * policy issued and its documents e-mailed), its payment status, and the start-up repair of a paid
 * invoice without its policy. Registered with the payment module by `invoicePayable` (payable.ts).
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type PaymentRow = typeof payments.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

const invoiceSummary = (invoice: InvoiceRow, money: { paid: number; owed: number }, maxPerPrompt: number) => {
  const isPaid = invoice.status === 'PAID' || money.owed === 0;
  const summary = invoiceBalance({ paid: money.paid, owed: money.owed, maxPerPrompt });
  return {
    invoiceSystemRef: invoice.invoiceSystemRef,
    amount: invoice.amount,
    amountPaid: summary.amountPaid,
    balance: isPaid ? 0 : summary.balance,
    amountDueNow: isPaid ? 0 : summary.amountDueNow,
    status: invoice.status,
  };
};

/**
 * Refuses the first payment of an invoice whose cover can no longer be bought: its quotation
 * expired, a renewal another renewal has already bought (or is buying), or a cover whose vehicle or
 * KYC is missing (its policy and certificate would lack them). Every way of paying an invoice asks.
 */
export async function refuseFirstPayment(
  tx: Tx,
  invoice: { quotationId: number; policyId?: number | null },
): Promise<void> {
  // A monthly policy's later month (issue 31) pays a policy already bought: none of these apply.
  if (invoice.policyId) return;
  const [quotation] = await tx
    .select({
      id: quotations.id,
      expiresAt: quotations.expiresAt,
      renewalOfPolicyId: quotations.renewalOfPolicyId,
    })
    .from(quotations)
    .where(eq(quotations.id, invoice.quotationId));
  if (quotation && isQuotationExpired(quotation)) throw quotationExpiredError(quotation);
  if (quotation) await refuseRenewalPayment(tx, quotation);
  await refuseIncompleteQuotation(tx, invoice.quotationId);
}

/**
 * Starts an STK push for one of the client's unpaid invoices, for its balance up to M-Pesa's
 * per-transaction limit (a larger invoice is paid in several prompts). The invoice row is locked
 * while deciding, so two requests at once cannot both send a prompt: a paid invoice, an expired
 * quotation with nothing paid yet, or a prompt still alive on a phone is refused.
 */
export async function requestInvoicePayment(
  context: PaymentContext,
  userId: string,
  invoiceSystemRef: string,
  phone: string,
) {
  const { db, services } = context;
  const payment = await db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.invoiceSystemRef, invoiceSystemRef), eq(invoices.userId, userId)))
      .for('update');
    if (!invoice) throw new AppError('not_found', 'Invoice not found.');
    const money = await moneyOfInvoice(tx, invoice);
    const amount = Math.min(money.owed, services.mpesa.maxAmount * 100);
    if (invoice.status === 'PAID' || amount <= 0) {
      throw new AppError('conflict', 'This invoice is already paid.', { code: 'INVOICE_PAID' });
    }
    if (money.paid === 0) await refuseFirstPayment(tx, invoice);
    await refuseWhilePromptLive(
      tx,
      eq(payments.invoiceId, invoice.id),
      'A payment for this invoice is waiting for confirmation on your phone.',
    );
    const [inserted] = await tx
      .insert(payments)
      .values({ paymentSystemRef: makeRef('PAY', 10), invoiceId: invoice.id, userId, phone, amount })
      .returning();
    return inserted!;
  });
  return sendPrompt(context, payment, {
    accountReference: invoiceSystemRef,
    description: 'Bima premium',
  });
}

/**
 * Money M-Pesa confirmed for an invoice's payment, inside settlePayment's transaction with the
 * payment locked (docs §7–8): the invoice is locked and what it still owes (at most the payment)
 * goes to it; anything more, or a payment arriving after the invoice was paid, becomes an
 * unallocated receipt credited to the client and logged as an alert, never dropped; the invoice is
 * paid and its policy issued when its balance reaches 0 (its documents e-mailed after commit).
 */
export async function settleInvoiceReceipt(
  tx: Tx,
  context: PaymentContext,
  payment: PaymentRow,
  answer: MpesaAnswer,
  afterCommit: Array<() => void | Promise<void>>,
): Promise<void> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId!)).for('update');
  if (!invoice) throw new Error(`invoice ${payment.invoiceId} of payment ${payment.id} is missing`);
  const money = await moneyOfInvoice(tx, invoice);
  const owed = invoice.status === 'PAID' ? 0 : money.owed;
  const { receipt } = answer;
  const { posting, allocated, toWallet } = mpesaReceiptPosting({
    paymentId: payment.id,
    userId: payment.userId,
    amount: payment.amount,
    receipt,
    invoice: { id: invoice.id, ref: invoice.invoiceSystemRef, owed },
  });
  // The money, once per payment, in the same transaction as its success.
  await markPaymentSucceeded(tx, context, payment, answer, {
    allocated,
    postings: [posting],
    body: {
      en: `We received ${formatAmount(payment.amount, 'en')} by M-Pesa${receipt ? ` (receipt ${receipt})` : ''} for invoice ${invoice.invoiceSystemRef}.`,
      sw: `Tumepokea ${formatAmount(payment.amount, 'sw')} kupitia M-Pesa${receipt ? ` (risiti ${receipt})` : ''} kwa ankara ${invoice.invoiceSystemRef}.`,
    },
    link: `/newportal/invoice/${encodeURIComponent(invoice.invoiceSystemRef)}`,
  });

  if (toWallet > 0) {
    const reason =
      owed === 0
        ? 'Payment arrived after the invoice was paid'
        : 'Payment was more than the balance of the invoice';
    // The rest is in the client's wallet (the posting above); this row lists it for staff.
    await listUnallocatedReceipt(tx, context, afterCommit, {
      payment,
      invoiceId: invoice.id,
      amount: toWallet,
      mpesaReceipt: receipt,
      reason,
      about: { invoice: invoice.invoiceSystemRef },
    });
  }

  if (invoice.status === 'UNPAID' && allocated > 0 && owed - allocated <= 0) {
    if (await completeInvoice(tx, invoice, receipt, answer.settledAt))
      afterCommit.push(() => sendPolicyDocuments(context, invoice.id));
  }
}

/**
 * A fully paid invoice (whatever paid it: M-Pesa, the wallet, later a lender), inside the caller's
 * transaction with the invoice locked: marked PAID, its premium made payable to the underwriter in
 * the ledger, and its policy issued. Answers the policy number when one was issued now.
 */
export async function completeInvoice(
  tx: Tx,
  invoice: InvoiceRow,
  receiptNumber: string | null,
  paidAt: Date,
): Promise<string | null> {
  await tx.update(invoices).set({ status: 'PAID', paidAt }).where(eq(invoices.id, invoice.id));
  const [product] = await tx
    .select({ underwriterId: insuranceProducts.underwriterId })
    .from(quotations)
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
    .where(eq(quotations.id, invoice.quotationId));
  if (!product) throw new Error(`the product of invoice ${invoice.id} is missing`);
  await post(
    tx,
    premiumDuePosting({
      invoiceId: invoice.id,
      invoiceRef: invoice.invoiceSystemRef,
      userId: invoice.userId,
      underwriterId: product.underwriterId,
      amount: invoice.amount,
    }),
    { occurredAt: paidAt },
  );
  // A monthly policy's later month (issue 31) extends its cover; the quotation's own invoice issues.
  if (invoice.policyId !== null) {
    await extendMonthlyCover(tx, invoice);
    return null;
  }
  return issuePolicy(tx, invoice, receiptNumber, paidAt);
}

/** The last successful payment that went towards the invoice: the one that completed it, once paid. */
async function completingPayment(tx: Tx, invoiceId: number): Promise<PaymentRow | undefined> {
  const [completing] = await tx
    .select()
    .from(payments)
    .where(
      and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'success'), gt(payments.allocatedAmount, 0)),
    )
    .orderBy(desc(payments.settledAt), desc(payments.id))
    .limit(1);
  return completing;
}

/**
 * The receipt of an invoice's payment the STK query confirmed, brought by the later callback: kept
 * on the policy when this payment completed the invoice.
 */
export async function recordInvoiceReceipt(
  tx: Tx,
  payment: PaymentRow,
  receiptNumber: string,
): Promise<void> {
  if (payment.invoiceId === null) return;
  const completing = await completingPayment(tx, payment.invoiceId);
  if (completing?.id !== payment.id) return;
  await tx
    .update(policies)
    .set({ receiptNumber })
    .where(and(eq(policies.invoiceId, payment.invoiceId), isNull(policies.receiptNumber)));
}

/** What an invoice payment's status says: the invoice's balance and the policy it issued, if any. */
export async function describeInvoicePayment(db: Database, payment: PaymentRow, maxPerPrompt: number) {
  if (payment.invoiceId === null) return {};
  const [row] = await db
    .select({ invoice: invoices, policyNumber: policies.policyNumber })
    .from(invoices)
    .leftJoin(policies, or(eq(policies.invoiceId, invoices.id), eq(policies.id, invoices.policyId)))
    .where(eq(invoices.id, payment.invoiceId));
  const money = await moneyOfInvoice(db, row!.invoice);
  // A monthly policy's later month names its policy once paid (the cover it extended), not before.
  const isUnpaidMonth = row!.invoice.policyId !== null && row!.invoice.status !== 'PAID';
  return {
    policyNumber: isUnpaidMonth ? null : (row?.policyNumber ?? null),
    invoice: invoiceSummary(row!.invoice, money, maxPerPrompt),
  };
}

/**
 * E-mails the policy schedule and receipt, and the motor certificate when the policy has one, in the
 * owner's language; a mail failure is logged, never undoes the payment.
 */
export async function sendPolicyDocuments(context: PaymentContext, invoiceId: number): Promise<void> {
  try {
    const issued = await getPolicyByInvoice(context.db, invoiceId);
    if (!issued) return;
    const [owner] = await context.db
      .select({
        userId: users.id,
        email: users.email,
        firstName: users.firstName,
        language: users.language,
      })
      .from(policies)
      .innerJoin(users, eq(users.id, policies.userId))
      .where(eq(policies.invoiceId, invoiceId));
    if (!owner) return;
    // Switched off in Profile: the documents stay on the policy page.
    if (!(await wantsEmail(context.db, owner.userId, 'policy_issued'))) return;
    const language = languageOf(owner.language);
    // The underwriter's product and benefit names in the owner's language (issue 14).
    const policy = await answerInLanguage(context.db, language, issued);
    const safe = policy.policyNumber.replace(/\//g, '-');
    const brand = await loadDocumentBrand(context.db, policy);
    const attachments = [
      {
        filename: `policy-schedule-${safe}.pdf`,
        content: await context.services.pdf.render('policySchedule', policy, language, brand),
        contentType: 'application/pdf',
      },
      {
        filename: `receipt-${safe}.pdf`,
        content: await context.services.pdf.render('receipt', policy, language, brand),
        contentType: 'application/pdf',
      },
    ];
    const found = await findCertificateOfPolicy(context.db, policy.id);
    if (found) {
      attachments.push({
        filename: `certificate-${found.certificate.certificateNumber}.pdf`,
        content: await context.services.pdf.render(
          'certificate',
          found.certificate,
          {
            policyNumber: policy.policyNumber,
            publicBaseUrl: context.services.publicBaseUrl,
            insurerLogo: brand.underwriterLogo ?? null,
          },
          language,
        ),
        contentType: 'application/pdf',
      });
    }
    await context.services.mailer.send(
      policyIssuedEmail({
        to: owner.email,
        firstName: owner.firstName,
        policyNumber: policy.policyNumber,
        productName: policy.productName,
        startDate: policy.startDate,
        endDate: policy.endDate,
        attachments,
        hasCertificate: found !== null,
        language,
      }),
    );
  } catch (error) {
    context.log.error({ err: error, invoiceId }, 'could not e-mail the policy documents');
  }
}

/**
 * Start-up repair: an invoice the ledger shows fully paid but which is unpaid or has no policy (a
 * crash between the two, or a database from before the ledger) is marked paid and gets its premium
 * made payable and its policy now, with the receipt and date of the M-Pesa payment that completed it.
 */
export async function repairInvoiceIssuance(context: PaymentContext): Promise<number> {
  const { db } = context;
  const candidates = await db
    .selectDistinct({ invoiceId: invoices.id })
    .from(invoices)
    .innerJoin(
      ledgerTransactions,
      and(
        eq(ledgerTransactions.invoiceId, invoices.id),
        inArray(ledgerTransactions.kind, ['mpesa_receipt', 'wallet_payment']),
      ),
    )
    .leftJoin(policies, eq(policies.invoiceId, invoices.id))
    // A monthly policy's later months (issue 31) never issue a policy: only quotations' own invoices.
    .where(and(isNull(policies.id), isNull(invoices.policyId)));
  let repaired = 0;
  for (const { invoiceId } of candidates) {
    const issued = await db.transaction(async (tx) => {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
      if (!invoice) return false;
      if ((await moneyOfInvoice(tx, invoice)).owed > 0) return false;
      const completing = await completingPayment(tx, invoice.id);
      const paidAt = invoice.paidAt ?? completing?.settledAt ?? new Date();
      return Boolean(await completeInvoice(tx, invoice, completing?.receiptNumber ?? null, paidAt));
    });
    if (!issued) continue;
    repaired += 1;
    await sendPolicyDocuments(context, invoiceId);
  }
  return repaired;
}
