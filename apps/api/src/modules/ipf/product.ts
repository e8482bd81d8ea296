import {
  earlySettlement,
  formatKes,
  loanDisbursementPosting,
  loanFeeWaiverPosting,
  premiumRefundToLenderPosting,
  refundAppliedToLoanPosting,
  unearnedPremium,
} from '@bima/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insuranceProducts, invoices, policies, quotations } from '../../db/schema';
import { kenyaToday } from '../../lib/dates';
import { formatAmount, formatDay } from '../../lib/language';
import { cancelCertificateOfPolicy } from '../certificate/service';
import { completeInvoice } from '../invoice/service';
import { moneyOfInvoice, post } from '../ledger/service';
import { APPLICATION_END_REASONS, type LoanProductAdapter } from '../loan/products';
import { instalmentsOf, loanMoney, loanRefOf, readableDate } from '../loan/service';

/** Premium financing as a loan product: the lender pays the invoice; its security is the policy. */
export const ipfLoanProduct: LoanProductAdapter = {
  product: 'ipf',
  /**
   * The lender pays the invoice on the client's behalf (the ledger moves its balance onto the loan),
   * the invoice is complete — premium due to the insurer, the policy issued at once — and the policy
   * is marked financed. An invoice paid another way meanwhile cannot be paid again: `ok: false`.
   */
  async disburse(tx, _context, loan, lender) {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, loan.invoiceId!)).for('update');
    if (!invoice) throw new Error(`the invoice of loan ${loan.loanRef} is missing`);
    const money = await moneyOfInvoice(tx, invoice);
    if (invoice.status === 'PAID' || money.owed !== loan.principal) {
      return { ok: false, reason: APPLICATION_END_REASONS.invoicePaidAnotherWay.en };
    }
    const paidAt = new Date();
    await post(
      tx,
      loanDisbursementPosting({
        loan: loanRefOf(loan),
        lenderName: lender.name,
        invoice: { id: invoice.id, ref: invoice.invoiceSystemRef },
        amount: money.owed,
      }),
      { occurredAt: paidAt },
    );
    const policyNumber = await completeInvoice(tx, invoice, `LOAN-${loan.loanRef}`, paidAt);
    await tx.update(policies).set({ financedByLoanId: loan.id }).where(eq(policies.invoiceId, invoice.id));
    return {
      ok: true,
      issuedInvoiceId: policyNumber ? invoice.id : null,
      what: `invoice ${invoice.invoiceSystemRef} (${formatKes(money.owed)}) to the insurer`,
      outcome: policyNumber
        ? `Policy ${policyNumber} is issued, financed by ${lender.name}.`
        : 'The policy is issued, financed by the lender.',
    };
  },

  /**
   * The lender asks the insurer to cancel the financed policy: cover ends today (the clock's day),
   * the fees of instalments not yet due are waived (the early-settlement rule), and the insurer
   * refunds the unearned premium — pro rata by days, on the premium paid — to the lender, who sets it
   * against the loan; anything above what the loan owes goes to the client's wallet.
   */
  async cancelForDefault(tx, context, loan, lender) {
    const today = context.services.clock.today();
    const [row] = await tx
      .select({
        invoice: invoices,
        policy: policies,
        underwriterId: insuranceProducts.underwriterId,
        insurer: quotations.underwriterName,
      })
      .from(invoices)
      .innerJoin(policies, eq(policies.invoiceId, invoices.id))
      .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
      .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
      .where(eq(invoices.id, loan.invoiceId!));
    if (!row) throw new Error(`the policy of loan ${loan.loanRef} is missing`);
    const { policy } = row;
    const reason = `Cancelled at the request of ${lender.name}: instalments of loan ${loan.loanRef} were not paid.`;
    const cancelled = await tx
      .update(policies)
      .set({ cancelledAt: new Date(), cancelledOn: today, cancellationReason: reason })
      .where(and(eq(policies.id, policy.id), isNull(policies.cancelledAt)))
      .returning({ id: policies.id });
    const cancelDate = cancelled.length > 0 ? today : (policy.cancelledOn ?? today);
    // Its motor certificate goes with it (DMVIC's reason: non-payment).
    if (cancelled.length > 0)
      await cancelCertificateOfPolicy(tx, {
        policyId: policy.id,
        reason: 'nonPayment',
        now: context.services.clock.now(),
      });

    const ref = loanRefOf(loan);
    const money = (await loanMoney(tx, [loan.id])).get(loan.id)!;
    const instalments = (await instalmentsOf(tx, [loan.id])).get(loan.id)!;
    const { waivedFee } = earlySettlement({
      instalments,
      paidTotal: money.paid,
      outstanding: money.owed,
      today: cancelDate,
    });
    if (waivedFee > 0) {
      await post(
        tx,
        loanFeeWaiverPosting({
          key: `loan-waiver:${loan.id}`,
          loan: ref,
          amount: waivedFee,
          why: 'policyCancelled',
        }),
      );
    }
    const refund = unearnedPremium({
      premium: row.invoice.amount,
      startDate: policy.startDate,
      endDate: policy.endDate,
      cancelDate,
    });
    let applied = 0;
    let toWallet = 0;
    if (refund.amount > 0) {
      await post(
        tx,
        premiumRefundToLenderPosting({
          policyId: policy.id,
          policyNumber: policy.policyNumber,
          loan: ref,
          lenderName: lender.name,
          underwriterId: row.underwriterId,
          amount: refund.amount,
        }),
      );
      const split = refundAppliedToLoanPosting({
        loan: ref,
        lenderName: lender.name,
        amount: refund.amount,
        owed: Math.max(0, money.owed - waivedFee),
      });
      await post(tx, split.posting);
      applied = split.applied;
      toWallet = split.toWallet;
    }
    const stillOwed = Math.max(0, money.owed - waivedFee - applied);
    const sw = (cents: number) => formatAmount(cents, 'sw');
    const message = {
      en: [
        `${row.insurer} cancelled policy ${policy.policyNumber} from ${readableDate(cancelDate)} at the request of ${lender.name}, as instalments were not paid.`,
        `The unearned premium, ${formatKes(refund.amount)} (${refund.daysUnearned} of ${refund.periodDays} days), was refunded to ${lender.name} and set against the loan.`,
        toWallet > 0 ? `The ${formatKes(toWallet)} above what the loan owed is in your wallet.` : '',
        stillOwed > 0
          ? `${formatKes(stillOwed)} is still owed to ${lender.name}.`
          : 'Nothing more is owed on the loan.',
      ],
      sw: [
        `${row.insurer} imeghairi sera ya bima ${policy.policyNumber} kuanzia ${formatDay(cancelDate, 'sw')} kwa ombi la ${lender.name}, kwa kuwa awamu hazikulipwa.`,
        `Ada ya bima ambayo haijatumika, ${sw(refund.amount)} (siku ${refund.daysUnearned} kati ya ${refund.periodDays}), imerejeshwa kwa ${lender.name} na kutumika kulipa mkopo.`,
        toWallet > 0 ? `${sw(toWallet)} zilizozidi deni la mkopo ziko kwenye pochi yako.` : '',
        stillOwed > 0
          ? `Bado unadaiwa ${sw(stillOwed)} na ${lender.name}.`
          : 'Hakuna deni lingine lililobaki kwenye mkopo.',
      ],
    };
    const sentences = (parts: string[]) => parts.filter(Boolean).join(' ');
    return {
      message: { en: sentences(message.en), sw: sentences(message.sw) },
      refund: refund.amount,
      reason,
    };
  },

  async describe(db: Database, rows) {
    const result = new Map<number, Record<string, unknown>>();
    const invoiceIds = rows.flatMap((row) => (row.invoiceId === null ? [] : [row.invoiceId]));
    if (invoiceIds.length === 0) return result;
    const found = await db
      .select({
        invoiceId: invoices.id,
        invoiceSystemRef: invoices.invoiceSystemRef,
        productName: quotations.productName,
        insurer: quotations.underwriterName,
        registration: quotations.vehicle,
        policyId: policies.id,
        policyNumber: policies.policyNumber,
        endDate: policies.endDate,
        cancelledOn: policies.cancelledOn,
      })
      .from(invoices)
      .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
      .leftJoin(policies, eq(policies.invoiceId, invoices.id))
      .where(inArray(invoices.id, invoiceIds));
    for (const loan of rows) {
      const row = found.find((candidate) => candidate.invoiceId === loan.invoiceId);
      if (!row) continue;
      const registration = (row.registration as { registrationNumber?: unknown }).registrationNumber;
      result.set(loan.id, {
        invoiceSystemRef: row.invoiceSystemRef,
        productName: row.productName,
        insurer: row.insurer,
        vehicle: typeof registration === 'string' ? registration : null,
        policy:
          row.policyId === null
            ? null
            : {
                id: row.policyId,
                policyNumber: row.policyNumber,
                status: row.cancelledOn ? 'CANCELLED' : row.endDate! < kenyaToday() ? 'EXPIRED' : 'ACTIVE',
                cancelledOn: row.cancelledOn,
              },
      });
    }
    return result;
  },
};
