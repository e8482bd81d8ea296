import {
  type CreateQuotationInput,
  fullVehicleSchema,
  normaliseRegistration,
  vehicleIdentitySchema,
} from '@bima/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, policies, quotations } from '../../db/schema';
import { AppError, fromZodError } from '../../gateway/errors';
import { coverEndDate, isIsoDate, kenyaToday } from '../../lib/dates';
import { makeRef } from '../../lib/refs';
import { getClientDetails } from '../client/service';
import { presentQuote, toCents, toKes } from '../product/present';
import { coversRisk, loadProducts, priceProduct } from '../product/service';

type QuotationRow = typeof quotations.$inferSelect;

/** A quotation as its owner sees it, amounts in whole shillings. */
export function presentQuotation(
  row: QuotationRow,
  invoice?: { invoiceSystemRef: string; status: string; amount: number } | null,
  policyNumber?: string | null,
) {
  return {
    id: row.id,
    systemQuotationRef: row.systemQuotationRef,
    productSystemRef: row.productSystemRef,
    productName: row.productName,
    underwriter: row.underwriterName,
    coverType: row.coverType,
    vehicleValue: row.coverType === 'third-party' ? null : toKes(row.vehicleValue),
    period: row.periodDays,
    startDate: row.startDate,
    endDate: row.endDate,
    premium: toKes(row.total),
    breakdown: row.breakdown,
    vehicle: row.vehicle,
    clientDetails: row.clientDetails,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    invoice: invoice
      ? { invoiceSystemRef: invoice.invoiceSystemRef, status: invoice.status, amount: toKes(invoice.amount) }
      : null,
    policyNumber: policyNumber ?? null,
  };
}

/**
 * Prices the chosen product again on the server (the browser's total is never trusted), checks the
 * vehicle and the start date, and keeps the quotation with the client's KYC snapshot.
 */
export async function createQuotation(db: Database, userId: string, input: CreateQuotationInput) {
  const [loaded] = await loadProducts(db, { productSystemRef: input.productSystemRef });
  if (!loaded) throw new AppError('not_found', 'This product is no longer available.');
  const isThirdParty = loaded.product.coverType === 'third-party';

  const today = kenyaToday();
  const vehicleCheck = (isThirdParty ? vehicleIdentitySchema : fullVehicleSchema(today)).safeParse(
    input.vehicleDetails,
  );
  if (!vehicleCheck.success) throw fromZodError(vehicleCheck.error, 'vehicleDetails');
  const vehicle = {
    ...vehicleCheck.data,
    registrationNumber: normaliseRegistration(vehicleCheck.data.registrationNumber),
  };

  const startDate = input.coverDetails.startDate;
  if (!isIsoDate(startDate) || startDate < today) {
    throw new AppError('invalid', 'The start date cannot be before today.', {
      errors: [{ field: 'coverDetails.startDate', message: 'The start date cannot be before today.' }],
    });
  }
  const risk = input.risks[0]!;
  const vehicleValue = isThirdParty ? 0 : toCents(risk.value ?? 0);
  if (!isThirdParty && vehicleValue > 0 && !coversRisk(loaded.product, vehicleValue)) {
    throw new AppError('invalid', `${loaded.product.name} does not cover a vehicle of this value.`, {
      errors: [
        { field: 'risks.0.value', message: `${loaded.product.name} does not cover a vehicle of this value.` },
      ],
    });
  }
  const quote = priceProduct(loaded, {
    vehicleValue,
    periodDays: input.coverPeriod,
    selectedBenefits: input.additionalBenefits.map((benefit) => ({
      benefitSystemRef: benefit.benefitSystemRef,
      limit: benefit.params?.limit === undefined ? undefined : toCents(benefit.params.limit),
    })),
    excesses: input.excesses.map((excess) => ({ id: excess.id, amount: toCents(excess.amount) })),
  });

  const client = await getClientDetails(db, userId);
  const [row] = await db
    .insert(quotations)
    .values({
      systemQuotationRef: makeRef('QT'),
      userId,
      productId: loaded.product.id,
      productSystemRef: loaded.product.productSystemRef,
      productName: loaded.product.name,
      underwriterName: loaded.underwriter.name,
      coverType: loaded.product.coverType,
      vehicleValue,
      periodDays: input.coverPeriod,
      startDate,
      endDate: coverEndDate(startDate, input.coverPeriod),
      selectedBenefits: input.additionalBenefits.map((benefit) => ({
        benefitSystemRef: benefit.benefitSystemRef,
        ...(benefit.params?.limit === undefined ? {} : { limit: benefit.params.limit }),
      })),
      excesses: input.excesses,
      breakdown: presentQuote(loaded, quote),
      total: quote.total,
      vehicle,
      clientDetails: {
        email: client.email,
        names: client.names,
        kraPin: client.kraPin,
        phone: client.phone,
        address: client.address,
        clientType: client.clientType,
      },
    })
    .returning();
  return presentQuotation(row!);
}

async function findOwnQuotation(db: Database, userId: string, systemQuotationRef: string) {
  const [row] = await db
    .select()
    .from(quotations)
    .where(and(eq(quotations.systemQuotationRef, systemQuotationRef), eq(quotations.userId, userId)));
  if (!row) throw new AppError('not_found', 'Quotation not found.');
  return row;
}

/** Turns a quotation into its invoice (once; asking again returns the same invoice). */
export async function completeQuotation(db: Database, userId: string, systemQuotationRef: string) {
  const quotation = await findOwnQuotation(db, userId, systemQuotationRef);
  await db
    .insert(invoices)
    .values({ invoiceSystemRef: makeRef('INV'), quotationId: quotation.id, userId, amount: quotation.total })
    .onConflictDoNothing({ target: invoices.quotationId });
  await db.update(quotations).set({ status: 'COMPLETED' }).where(eq(quotations.id, quotation.id));
  const [invoice] = await db.select().from(invoices).where(eq(invoices.quotationId, quotation.id));
  return {
    systemQuotationRef,
    invoiceSystemRef: invoice!.invoiceSystemRef,
    amount: toKes(invoice!.amount),
    status: invoice!.status,
  };
}

/** The signed-in client's quotations, newest first, with their invoice and policy. */
export async function listQuotations(db: Database, userId: string) {
  const rows = await db
    .select({ quotation: quotations, invoice: invoices, policyNumber: policies.policyNumber })
    .from(quotations)
    .leftJoin(invoices, eq(invoices.quotationId, quotations.id))
    .leftJoin(policies, eq(policies.invoiceId, invoices.id))
    .where(eq(quotations.userId, userId))
    .orderBy(desc(quotations.id));
  return rows.map((row) => presentQuotation(row.quotation, row.invoice, row.policyNumber));
}

export async function getQuotation(db: Database, userId: string, systemQuotationRef: string) {
  const [row] = await db
    .select({ quotation: quotations, invoice: invoices, policyNumber: policies.policyNumber })
    .from(quotations)
    .leftJoin(invoices, eq(invoices.quotationId, quotations.id))
    .leftJoin(policies, eq(policies.invoiceId, invoices.id))
    .where(and(eq(quotations.systemQuotationRef, systemQuotationRef), eq(quotations.userId, userId)));
  if (!row) throw new AppError('not_found', 'Quotation not found.');
  return presentQuotation(row.quotation, row.invoice, row.policyNumber);
}
