import { RENEWAL_MESSAGES } from '@bima/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, ledgerTransactions, policies, quotations } from '../../db/schema';
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
        sql`exists (select 1 from ${ledgerTransactions} where ${ledgerTransactions.invoiceId} = ${invoices.id} and ${inArray(ledgerTransactions.kind, ['mpesa_receipt', 'wallet_payment'])})`,
      ),
    )
    .limit(1);
  return Boolean(paying);
}

/** Refuses (409 ALREADY_RENEWED) to invoice or prompt a renewal quotation whose policy is renewed. */
export async function refuseTakenRenewal(
  executor: Database | Tx,
  quotation: { id: number; renewalOfPolicyId: number | null },
): Promise<void> {
  if (quotation.renewalOfPolicyId === null) return;
  if (await isRenewalTaken(executor, quotation.renewalOfPolicyId, quotation.id)) throw alreadyRenewedError();
}
