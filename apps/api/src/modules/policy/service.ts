import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, payments, policies, quotations } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { makeDigits } from '../../lib/refs';
import { toKes } from '../product/present';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Policy numbers by class and year (BIMA/07/2026/12345678); certificates as DMVIC-style C-numbers. */
export function makePolicyNumbers(classCode = '07', year = new Date().getUTCFullYear()) {
  return {
    policyNumber: `BIMA/${classCode}/${year}/${makeDigits(8)}`,
    certificateNumber: `C${makeDigits(8)}`,
  };
}

/**
 * Issues the one policy of a paid invoice inside the caller's transaction; a second call for the
 * same invoice changes nothing (the invoice is unique on policies).
 */
export async function issuePolicy(
  tx: Tx,
  invoice: { id: number; quotationId: number; userId: string },
  receiptNumber: string,
) {
  const numbers = makePolicyNumbers();
  const inserted = await tx
    .insert(policies)
    .values({
      ...numbers,
      invoiceId: invoice.id,
      quotationId: invoice.quotationId,
      userId: invoice.userId,
      receiptNumber,
    })
    .onConflictDoNothing({ target: policies.invoiceId })
    .returning({ policyNumber: policies.policyNumber });
  return inserted[0]?.policyNumber ?? null;
}

type PolicyRow = typeof policies.$inferSelect;
type QuotationRow = typeof quotations.$inferSelect;

export function presentPolicy(
  policy: PolicyRow,
  quotation: QuotationRow,
  payment?: { phone: string; settledAt: Date | null } | null,
) {
  const client = quotation.clientDetails as {
    names?: { firstName?: string; lastName?: string };
    email?: string;
    kraPin?: string;
  };
  return {
    id: policy.id,
    policyNumber: policy.policyNumber,
    certificateNumber: policy.certificateNumber,
    receiptNumber: policy.receiptNumber,
    issuedAt: policy.issuedAt.toISOString(),
    status: quotation.endDate < new Date().toISOString().slice(0, 10) ? 'EXPIRED' : 'ACTIVE',
    insured: {
      names: client.names ?? {},
      email: client.email ?? null,
      kraPin: client.kraPin ?? null,
    },
    productName: quotation.productName,
    productSystemRef: quotation.productSystemRef,
    underwriter: quotation.underwriterName,
    coverType: quotation.coverType,
    vehicleValue: quotation.coverType === 'third-party' ? null : toKes(quotation.vehicleValue),
    vehicle: quotation.vehicle,
    period: quotation.periodDays,
    startDate: quotation.startDate,
    endDate: quotation.endDate,
    premium: toKes(quotation.total),
    breakdown: quotation.breakdown,
    systemQuotationRef: quotation.systemQuotationRef,
    paidFrom: payment?.phone ?? null,
    paidAt: payment?.settledAt?.toISOString() ?? null,
  };
}
export type PolicyView = ReturnType<typeof presentPolicy>;

function policyQuery(db: Database) {
  return db
    .select({
      policy: policies,
      quotation: quotations,
      payment: { phone: payments.phone, settledAt: payments.settledAt },
    })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .leftJoin(payments, and(eq(payments.invoiceId, policies.invoiceId), eq(payments.status, 'success')));
}

export async function listPolicies(db: Database, userId: string) {
  const rows = await policyQuery(db).where(eq(policies.userId, userId)).orderBy(desc(policies.id));
  return rows.map((row) => presentPolicy(row.policy, row.quotation, row.payment));
}

/** One of the client's own policies, by id or policy number; anyone else's is 'not found'. */
export async function getPolicy(db: Database, userId: string, key: { id?: number; policyNumber?: string }) {
  const condition =
    key.id !== undefined ? eq(policies.id, key.id) : eq(policies.policyNumber, key.policyNumber ?? '');
  const [row] = await policyQuery(db).where(and(condition, eq(policies.userId, userId)));
  if (!row) throw new AppError('not_found', 'Policy not found.');
  return presentPolicy(row.policy, row.quotation, row.payment);
}

export async function getPolicyByInvoice(db: Database, invoiceId: number) {
  const [row] = await policyQuery(db).where(eq(policies.invoiceId, invoiceId));
  return row ? presentPolicy(row.policy, row.quotation, row.payment) : null;
}

/** Invoices of the client, newest first. */
export async function listInvoices(db: Database, userId: string) {
  const rows = await db
    .select({ invoice: invoices, quotation: quotations, policyNumber: policies.policyNumber })
    .from(invoices)
    .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
    .leftJoin(policies, eq(policies.invoiceId, invoices.id))
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.id));
  return rows.map(presentInvoice);
}

export async function getInvoice(db: Database, userId: string, invoiceSystemRef: string) {
  const [row] = await db
    .select({ invoice: invoices, quotation: quotations, policyNumber: policies.policyNumber })
    .from(invoices)
    .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
    .leftJoin(policies, eq(policies.invoiceId, invoices.id))
    .where(and(eq(invoices.invoiceSystemRef, invoiceSystemRef), eq(invoices.userId, userId)));
  if (!row) throw new AppError('not_found', 'Invoice not found.');
  return presentInvoice(row);
}

function presentInvoice(row: {
  invoice: typeof invoices.$inferSelect;
  quotation: QuotationRow;
  policyNumber: string | null;
}) {
  return {
    invoiceSystemRef: row.invoice.invoiceSystemRef,
    amount: toKes(row.invoice.amount),
    status: row.invoice.status,
    createdAt: row.invoice.createdAt.toISOString(),
    paidAt: row.invoice.paidAt?.toISOString() ?? null,
    systemQuotationRef: row.quotation.systemQuotationRef,
    productName: row.quotation.productName,
    coverType: row.quotation.coverType,
    period: row.quotation.periodDays,
    startDate: row.quotation.startDate,
    breakdown: row.quotation.breakdown,
    policyNumber: row.policyNumber,
  };
}
