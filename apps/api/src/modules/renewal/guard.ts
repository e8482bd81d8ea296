import { RENEWAL_MESSAGES } from '@bima/domain';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, ledgerTransactions, payments, policies, quotations } from '../../db/schema';
import { AppError } from '../../gateway/errors';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The refusal when a policy already has (or is being paid for) its renewal. */
export function alreadyRenewedError(): AppError {
  return new AppError('conflict', RENEWAL_MESSAGES.alreadyRenewed, { code: 'ALREADY_RENEWED' });
}

/**
 * Whether the policy is renewed already: a policy issued from one of its renewal quotations, or
 * money paid towards another renewal quotation's invoice (`exceptQuotationId`). Invoicing and
 * prompting a renewal ask this, so one period is never bought twice.
 */
export async function isRenewalTaken(
  executor: Database | Tx,
  policyId: number,
  exceptQuotationId?: number,
): Promise<boolean> {
  const [issued] = await executor
    .select({ id: policies.id })
    .from(policies)
    .where(
      and(
        eq(policies.renewsPolicyId, policyId),
        exceptQuotationId === undefined ? undefined : ne(policies.quotationId, exceptQuotationId),
      ),
    );
  if (issued) return true;
  const others = and(
    eq(quotations.renewalOfPolicyId, policyId),
    exceptQuotationId === undefined ? undefined : ne(quotations.id, exceptQuotationId),
  );
  const [paying] = await executor
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
    .where(
      and(
        others,
        isNull(invoices.policyId),
        sql`exists (select 1 from ${ledgerTransactions} where ${ledgerTransactions.invoiceId} = ${invoices.id} and ${inArray(ledgerTransactions.kind, ['mpesa_receipt', 'wallet_payment'])})`,
      ),
    )
    .limit(1);
  return Boolean(paying);
}

/** Refuses (409 ALREADY_RENEWED) to invoice a renewal quotation whose policy is renewed. */
export async function refuseTakenRenewal(
  executor: Database | Tx,
  quotation: { id: number; renewalOfPolicyId: number | null },
): Promise<void> {
  if (quotation.renewalOfPolicyId === null) return;
  if (await isRenewalTaken(executor, quotation.renewalOfPolicyId, quotation.id)) throw alreadyRenewedError();
}

/**
 * Before money is asked for a renewal (an M-Pesa prompt, a wallet payment), in the caller's
 * transaction: locks the renewed policy's row, so payments towards two renewals of one policy are
 * decided one after the other, then refuses with 409 ALREADY_RENEWED when the policy is renewed or
 * money was paid towards another of its renewals, and with 409 PAYMENT_PENDING while a prompt for
 * another of its renewals waits on a phone (until it is answered, either could be the one paid).
 */
export async function refuseRenewalPayment(
  tx: Tx,
  quotation: { id: number; renewalOfPolicyId: number | null },
): Promise<void> {
  if (quotation.renewalOfPolicyId === null) return;
  await tx
    .select({ id: policies.id })
    .from(policies)
    .where(eq(policies.id, quotation.renewalOfPolicyId))
    .for('no key update');
  if (await isRenewalTaken(tx, quotation.renewalOfPolicyId, quotation.id)) throw alreadyRenewedError();
  const [waiting] = await tx
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
    .where(
      and(
        eq(quotations.renewalOfPolicyId, quotation.renewalOfPolicyId),
        ne(quotations.id, quotation.id),
        isNull(invoices.policyId),
        eq(payments.status, 'pending'),
      ),
    )
    .limit(1);
  if (waiting) {
    throw new AppError('conflict', RENEWAL_MESSAGES.otherRenewalPending, { code: 'PAYMENT_PENDING' });
  }
}
