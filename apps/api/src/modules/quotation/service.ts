import {
  type CompleteQuotationDetailsInput,
  type CreateQuotationInput,
  checkCoverStartDate,
  classKycSchema,
  invoiceBilledPosting,
  kycPlaceOf,
  type MonthlyPlan,
  monthlyOfferOf,
  normaliseRegistration,
  type PaymentPlan,
  RECOMMENDATION_MESSAGES,
  RISK_DETAILS_MESSAGES,
  riskReferenceOf,
  THIRD_PARTY_COVER_TYPES,
  vehicleSchemaOf,
} from '@bima/domain';
import { type KycInput, kycSchema } from '@bima/domain/profile';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ZodError } from 'zod';
import type { Database } from '../../db/client';
import {
  type ChosenBenefit,
  type ChosenExcess,
  invoices,
  ledgerTransactions,
  policies,
  productMonthlyTerms,
  quotations,
  recommendations,
} from '../../db/schema';
import { AppError, fromZodError } from '../../gateway/errors';
import { coverEndDate, formatKenyaDate, kenyaToday } from '../../lib/dates';
import { makeRef } from '../../lib/refs';
import { type OptionalPaging, pageOrWhole } from '../../lib/search';
import { type DoubleInsuranceCheck, refuseUninsurableVehicle } from '../certificate/service';
import { getClientDetails, updateClient } from '../client/service';
import { moneyOfInvoice, post } from '../ledger/service';
import { presentStoredQuote, storedQuote } from '../product/present';
import {
  type ClassRisk,
  checkRiskCoverType,
  coversRisk,
  type LoadedProduct,
  loadProducts,
  type MonthlyTermsInForce,
  monthlyPlanOf,
  parseClassRisk,
  priceProduct,
} from '../product/service';
import { refuseTakenRenewal } from '../renewal/guard';
import { missingDetailsOf, refuseIncompleteRisk } from './requirements';

type QuotationRow = typeof quotations.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The refusal of `paymentPlan: 'monthly'` where the product's terms in force do not offer it. */
export const MONTHLY_NOT_OFFERED_MESSAGE =
  'This product is not offered monthly for this cover. Pay at once, or choose a product that offers paying monthly.';

/**
 * What paying monthly costs for a quotation: the plan it keeps when monthly (later terms never
 * reprice it); for an annual one of the client's own, the product's terms in force priced on its
 * total; null when not offered (renewals and recommendations stay annual).
 */
function monthlyOfferOfQuotation(row: QuotationRow, termsInForce: MonthlyTermsInForce | null) {
  if (row.monthlyPlan) return monthlyOfferOf(row.monthlyPlan);
  if (row.recommendationId !== null || row.renewalOfPolicyId !== null) return null;
  const plan = monthlyPlanOf(termsInForce, row.total, row.periodDays);
  return plan ? monthlyOfferOf(plan) : null;
}

/** A quotation as its owner sees it, amounts in cents (issue 29). */
export function presentQuotation(
  row: QuotationRow,
  invoice?: { invoiceSystemRef: string; status: string; amount: number; hasPayments?: boolean } | null,
  policyNumber?: string | null,
  policyId?: number | null,
  termsInForce: MonthlyTermsInForce | null = null,
) {
  return {
    id: row.id,
    systemQuotationRef: row.systemQuotationRef,
    productSystemRef: row.productSystemRef,
    /** The product version this quotation was priced on; later changes never reprice it. */
    productVersion: row.productVersion,
    productName: row.productName,
    underwriter: row.underwriterName,
    /** The insurance class ('07' motor private, '08' motor commercial, '03' fire domestic, …). */
    classCode: row.classCode,
    coverType: row.coverType,
    vehicleValue: THIRD_PARTY_COVER_TYPES.includes(row.coverType) ? null : row.vehicleValue,
    /** The risk's total sum insured (the vehicle's value for motor), in cents. */
    sumInsured: row.vehicleValue,
    /** The class's risk as entered (empty for motor private). */
    riskDetails: row.riskDetails,
    /** What is insured in one line: {label, value} (a plate, a home's location, an aircraft). */
    riskReference: riskReferenceOf(row.classCode, row.riskDetails, row.vehicle),
    period: row.periodDays,
    startDate: row.startDate,
    endDate: row.endDate,
    premium: row.total,
    breakdown: presentStoredQuote(row.breakdown),
    vehicle: row.vehicle,
    clientDetails: row.clientDetails,
    status: row.status,
    /** 'new' (the client's own quote) or 'recommendation' (an intermediary's, bought via acceptReccommendation). */
    purchaseType: row.purchaseType,
    recommendationId: row.recommendationId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    /**
     * What must still be given before it can be paid (the vehicle and KYC its class requires), each
     * `{field, message}`; complete them with completeQuotationDetails.
     */
    missingDetails: policyNumber == null ? missingDetailsOf(row) : [],
    /** The price is no longer offered; a quotation with money paid towards it never expires. */
    isExpired: isQuotationExpired(row) && !invoice?.hasPayments && policyNumber == null,
    invoice: invoice
      ? { invoiceSystemRef: invoice.invoiceSystemRef, status: invoice.status, amount: invoice.amount }
      : null,
    policyNumber: policyNumber ?? null,
    /** The policy's id (its page in the portal), once issued. */
    policyId: policyId ?? null,
    paymentPlan: row.paymentPlan as PaymentPlan,
    monthlyOffer: monthlyOfferOfQuotation(row, termsInForce),
  };
}

/** Whether the quotation's price is past its validity (QUOTATION_VALID_DAYS after it was made). */
export function isQuotationExpired(row: { expiresAt: Date }, now = new Date()): boolean {
  return row.expiresAt.getTime() <= now.getTime();
}

/** The refusal for paying or completing an expired quotation; the client gets a new price instead. */
export function quotationExpiredError(row: { expiresAt: Date }): AppError {
  return new AppError(
    'conflict',
    `This quotation expired on ${formatKenyaDate(row.expiresAt)}. Get a new price to continue.`,
    { code: 'QUOTATION_EXPIRED' },
  );
}

/** A product's choices as the API takes them: amounts in cents. */
export interface QuotationChoices {
  coverPeriod: number;
  additionalBenefits: ReadonlyArray<{ benefitSystemRef: string; params?: { limit?: number } }>;
  excesses: ReadonlyArray<{ id: string; amount: number }>;
  /** The input field named when the product does not cover the vehicle's value. */
  valueField: string;
}

/**
 * The choices as a quotation stores them: the API's cents under names that say so (`limitCents`,
 * `amountCents`), so no reader can take one unit for another.
 */
export function storedChoices(choices: Pick<QuotationChoices, 'additionalBenefits' | 'excesses'>): {
  selectedBenefits: ChosenBenefit[];
  excesses: ChosenExcess[];
} {
  return {
    selectedBenefits: choices.additionalBenefits.map((benefit) => ({
      benefitSystemRef: benefit.benefitSystemRef,
      ...(benefit.params?.limit === undefined ? {} : { limitCents: benefit.params.limit }),
    })),
    excesses: choices.excesses.map((excess) => ({ id: excess.id, amountCents: excess.amount })),
  };
}

/** A stored quotation's choices as the API takes them (cents), to price them again. */
export function choicesOfQuotation(row: Pick<QuotationRow, 'selectedBenefits' | 'excesses'>) {
  return {
    additionalBenefits: row.selectedBenefits.map((benefit) => ({
      benefitSystemRef: benefit.benefitSystemRef,
      ...(benefit.limitCents === undefined ? {} : { params: { limit: benefit.limitCents } }),
    })),
    excesses: row.excesses.map((excess) => ({ id: excess.id, amount: excess.amountCents })),
  } satisfies Pick<QuotationChoices, 'additionalBenefits' | 'excesses'>;
}

/**
 * The one pricing path of a quotation (the client's own and an intermediary's recommendation): the
 * product must cover the vehicle's value (cents; 0 for third-party), then the engine prices the
 * period, benefit limits and excesses — out of bounds is a 400, never clamped.
 */
export function priceChoices(
  loaded: LoadedProduct,
  vehicleValue: number,
  choices: QuotationChoices,
  classRisk: ClassRisk | null = null,
) {
  if (
    loaded.product.coverType !== 'third-party' &&
    vehicleValue > 0 &&
    !coversRisk(loaded.product, vehicleValue)
  ) {
    const what = classRisk ? 'a risk of this sum insured' : 'a vehicle of this value';
    const message = `${loaded.product.name} does not cover ${what}.`;
    throw new AppError('invalid', message, { errors: [{ field: choices.valueField, message }] });
  }
  return priceProduct(loaded, {
    vehicleValue,
    ...(classRisk ? { risk: classRisk.rating } : {}),
    periodDays: choices.coverPeriod,
    selectedBenefits: choices.additionalBenefits.map((benefit) => ({
      benefitSystemRef: benefit.benefitSystemRef,
      limit: benefit.params?.limit,
    })),
    excesses: choices.excesses.map((excess) => ({ id: excess.id, amount: excess.amount })),
  });
}

/**
 * Prices the chosen product again on the server (the browser's total is never trusted), checks the
 * vehicle and the start date, and keeps the quotation with the client's KYC snapshot.
 */
export async function createQuotation(
  db: Database,
  userId: string,
  input: CreateQuotationInput,
  options: { validDays: number; renewalOfPolicyId?: number; carriedVehicle?: boolean },
) {
  const [loaded] = await loadProducts(db, { productSystemRef: input.productSystemRef });
  if (!loaded) throw new AppError('not_found', 'This product is no longer available.');
  const classCode = loaded.product.classCode;
  const risk = input.risks[0]!;
  // Classes other than motor private carry their risk, checked against the class's definition.
  const classRisk = parseClassRisk(classCode, risk.details, 'risks.0.details');
  if (classRisk) checkRiskCoverType(loaded, classRisk, 'risks.0.details');
  const isThirdParty = loaded.product.coverType === 'third-party';

  const today = kenyaToday();
  const vehicle = checkVehicle(classCode, loaded.product.coverType, input.vehicleDetails, today, {
    carried: options.carriedVehicle ?? false,
  });
  const kyc = classRisk ? checkClassKyc(input.clientDetails.kyc) : null;

  const startDate = input.coverDetails.startDate;
  const startDateProblem = checkCoverStartDate({ startDate, today });
  if (startDateProblem) {
    throw new AppError('invalid', startDateProblem, {
      errors: [{ field: 'coverDetails.startDate', message: startDateProblem }],
    });
  }
  const vehicleValue = isThirdParty ? 0 : (classRisk?.sumInsured ?? risk.value ?? 0);
  const quote = priceChoices(
    loaded,
    vehicleValue,
    {
      coverPeriod: input.coverPeriod,
      additionalBenefits: input.additionalBenefits,
      excesses: input.excesses,
      valueField: classRisk ? 'risks.0.details' : 'risks.0.value',
    },
    classRisk,
  );

  // Monthly only where the underwriter's terms in force offer it and the cover is a year.
  let plan: MonthlyPlan | null = null;
  if (input.paymentPlan === 'monthly') {
    plan = options.renewalOfPolicyId
      ? null
      : monthlyPlanOf(loaded.monthlyTerms, quote.total, input.coverPeriod);
    if (!plan) {
      throw new AppError('conflict', MONTHLY_NOT_OFFERED_MESSAGE, {
        code: 'MONTHLY_NOT_OFFERED',
        errors: [{ field: 'paymentPlan', message: MONTHLY_NOT_OFFERED_MESSAGE }],
      });
    }
  }

  const client = await getClientDetails(db, userId);
  const [row] = await db
    .insert(quotations)
    .values({
      systemQuotationRef: makeRef('QT'),
      userId,
      productId: loaded.product.id,
      productSystemRef: loaded.product.productSystemRef,
      productVersion: loaded.product.version,
      productName: loaded.product.name,
      underwriterName: loaded.underwriter.name,
      classCode,
      coverType: loaded.product.coverType,
      vehicleValue,
      riskDetails: classRisk?.details ?? {},
      periodDays: input.coverPeriod,
      startDate,
      endDate: coverEndDate(startDate, input.coverPeriod),
      expiresAt: new Date(Date.now() + options.validDays * 86_400_000),
      ...storedChoices(input),
      breakdown: storedQuote(loaded, quote),
      total: quote.total,
      vehicle,
      renewalOfPolicyId: options.renewalOfPolicyId ?? null,
      paymentPlan: plan ? 'monthly' : 'annual',
      monthlyPlan: plan,
      monthlyTermsId: plan ? loaded.monthlyTerms!.id : null,
      clientDetails: {
        email: client.email,
        names: client.names,
        kraPin: client.kraPin,
        phone: client.phone,
        address: client.address,
        clientType: client.clientType,
        ...(kyc ? { kyc } : {}),
      },
    })
    .returning();
  return presentQuotation(row!, null, null, null, loaded.monthlyTerms);
}

/**
 * The vehicle a motor quotation needs (`vehicleSchemaOf`: its class's form, or motor private's by
 * cover). A vehicle carried from an earlier quotation (a renewal, a new price) is kept as it is when
 * incomplete: the client completes it before paying (completeQuotationDetails).
 */
function checkVehicle(
  classCode: string,
  coverType: string,
  details: unknown,
  today: string,
  options: { carried: boolean } = { carried: false },
) {
  const schema = vehicleSchemaOf({ classCode, coverType, today });
  if (!schema) return {};
  const checked = schema.safeParse(details);
  if (!checked.success) {
    if (!options.carried) throw fromZodError(checked.error, 'vehicleDetails');
    const carried = { ...((details ?? {}) as Record<string, unknown>) };
    if (typeof carried.registrationNumber === 'string') {
      carried.registrationNumber = normaliseRegistration(carried.registrationNumber);
    }
    return carried;
  }
  const vehicle = checked.data as Record<string, unknown> & { registrationNumber: string };
  return { ...vehicle, registrationNumber: normaliseRegistration(vehicle.registrationNumber) };
}

/** The KYC the other classes' flows ask for (spec-2 "Commercial kycDetails"), every field required. */
function checkClassKyc(kyc: unknown) {
  const checked = classKycSchema.safeParse(kyc ?? {});
  if (!checked.success) throw fromZodError(checked.error, 'clientDetails.kyc');
  return checked.data;
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
export async function completeQuotation(
  db: Database,
  userId: string,
  systemQuotationRef: string,
  check: DoubleInsuranceCheck,
) {
  const quotation = await findOwnQuotation(db, userId, systemQuotationRef);
  if (quotation.recommendationId !== null) {
    // A recommended quotation is bought through acceptReccommendation, which accepts it first.
    const [recommendation] = await db
      .select({ status: recommendations.status, acceptedQuotationId: recommendations.acceptedQuotationId })
      .from(recommendations)
      .where(eq(recommendations.id, quotation.recommendationId));
    if (recommendation?.status !== 'ACCEPTED' || recommendation.acceptedQuotationId !== quotation.id) {
      throw new AppError('conflict', RECOMMENDATION_MESSAGES.acceptFirst, { code: 'INVALID_TRANSITION' });
    }
  }
  return invoiceQuotation(db, quotation, check);
}

/**
 * The invoice of a quotation, made once (the quotation is unique on invoices): refused with 409
 * QUOTATION_EXPIRED for an expired price nothing has been paid towards, and — for a motor quotation,
 * before the invoice (and so any payment prompt) exists — with 409 DOUBLE_INSURANCE for a vehicle
 * already insured for the period or 400 NTSA_MISMATCH (`refuseUninsurableVehicle`, asking DMVIC).
 * Runs in the caller's transaction when given one.
 */
export async function invoiceQuotation(
  executor: Database | Tx,
  quotation: QuotationRow,
  check: DoubleInsuranceCheck,
) {
  await refuseTakenRenewal(executor, quotation);
  if (isQuotationExpired(quotation) && !(await hasPaymentsTowards(executor, quotation.id))) {
    throw quotationExpiredError(quotation);
  }
  // No invoice (and so no payment, cart or loan) for a quotation without its vehicle and KYC.
  if (missingDetailsOf(quotation).length > 0 && !(await hasPaymentsTowards(executor, quotation.id))) {
    refuseIncompleteRisk(quotation);
  }
  const [existing] = await executor
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.quotationId, quotation.id), isNull(invoices.policyId)));
  if (!existing) await refuseUninsurableVehicle(executor, check, quotation);
  // A monthly quotation's own invoice is month 1, due on the start date; the later months are the policy's.
  const firstMonth = quotation.paymentPlan === 'monthly' ? quotation.monthlyPlan : null;
  // The invoice and its bill in the ledger together (a savepoint inside the caller's transaction).
  const invoice = await executor.transaction(async (db) => {
    const [made] = await db
      .insert(invoices)
      .values({
        invoiceSystemRef: makeRef('INV'),
        quotationId: quotation.id,
        userId: quotation.userId,
        amount: firstMonth ? firstMonth.firstAmount : quotation.total,
        ...(firstMonth ? { monthNo: 1, dueDate: quotation.startDate } : {}),
      })
      .onConflictDoNothing({ target: invoices.quotationId, where: isNull(invoices.policyId) })
      .returning();
    if (made) {
      await post(
        db,
        invoiceBilledPosting({
          invoiceId: made.id,
          invoiceRef: made.invoiceSystemRef,
          userId: made.userId,
          amount: made.amount,
        }),
        { occurredAt: made.createdAt },
      );
    }
    await db.update(quotations).set({ status: 'COMPLETED' }).where(eq(quotations.id, quotation.id));
    const [found] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.quotationId, quotation.id), isNull(invoices.policyId)));
    return found;
  });
  return {
    systemQuotationRef: quotation.systemQuotationRef,
    invoiceSystemRef: invoice!.invoiceSystemRef,
    amount: invoice!.amount,
    status: invoice!.status,
  };
}

/** Whether any money has been paid towards the quotation's invoice (then it never expires). */
async function hasPaymentsTowards(db: Database | Tx, quotationId: number): Promise<boolean> {
  const [invoice] = await db
    .select({ id: invoices.id, amount: invoices.amount })
    .from(invoices)
    .where(and(eq(invoices.quotationId, quotationId), isNull(invoices.policyId)));
  if (!invoice) return false;
  return (await moneyOfInvoice(db, invoice)).paid > 0;
}

/**
 * Prices an expired quotation again with today's rates: a new quotation with the same product,
 * vehicle, period, benefits and excesses, starting on the old start date or today if that has
 * passed. The old one is marked EXPIRED. A quotation still valid is answered as it is.
 */
export async function requoteQuotation(
  db: Database,
  userId: string,
  systemQuotationRef: string,
  options: { validDays: number },
) {
  const old = await findOwnQuotation(db, userId, systemQuotationRef);
  if (!isQuotationExpired(old) || (await hasPaymentsTowards(db, old.id))) {
    return getQuotation(db, userId, systemQuotationRef);
  }
  const today = kenyaToday();
  const renewed = await createQuotation(
    db,
    userId,
    {
      risks: [
        {
          riskType: 'ASSET',
          value: old.coverType === 'third-party' ? null : old.vehicleValue,
          riskRef: String((old.vehicle as { registrationNumber?: unknown }).registrationNumber ?? 'N/A'),
          details: {},
        },
      ],
      bussinessType: 'DIRECT',
      productSystemRef: old.productSystemRef,
      clientDetails: {},
      coverPeriod: old.periodDays,
      quotationChannel: 'web',
      // biome-ignore lint/complexity/useMathMinMax: ISO date strings, which Math.max would turn into NaN.
      coverDetails: { startDate: old.startDate < today ? today : old.startDate },
      ...choicesOfQuotation(old),
      vehicleDetails: old.vehicle,
      // Priced again on the same plan (the monthly terms in force now, when monthly).
      paymentPlan: old.paymentPlan as PaymentPlan,
    },
    { ...options, carriedVehicle: true },
  );
  await db
    .update(quotations)
    .set({ status: 'EXPIRED' })
    .where(and(eq(quotations.id, old.id), sql`${quotations.status} <> 'EXPIRED'`));
  return renewed;
}

/** Quotations with their invoice (and whether money was received towards it) and policy number. */
export function quotationQuery(db: Database) {
  return (
    db
      .select({
        quotation: quotations,
        invoice: invoices,
        // Money towards the invoice, by M-Pesa or from the wallet, is in the ledger.
        hasPayments: sql<boolean>`exists (select 1 from ${ledgerTransactions} where ${ledgerTransactions.invoiceId} = ${invoices.id} and ${ledgerTransactions.kind} in ('mpesa_receipt', 'wallet_payment'))`,
        policyNumber: policies.policyNumber,
        policyId: policies.id,
        // The product's monthly terms in force (its highest version), to price the monthly offer.
        monthlyTerms: sql<MonthlyTermsInForce | null>`(select json_build_object('id', ${productMonthlyTerms.id}, 'version', ${productMonthlyTerms.version}, 'enabled', ${productMonthlyTerms.enabled}, 'loadingBps', ${productMonthlyTerms.loadingBps}, 'graceDays', ${productMonthlyTerms.graceDays}) from ${productMonthlyTerms} where ${productMonthlyTerms.productId} = ${quotations.productId} order by ${productMonthlyTerms.version} desc limit 1)`,
      })
      .from(quotations)
      // The quotation's own invoice (month 1 of a monthly plan), not a monthly policy's later months.
      .leftJoin(invoices, and(eq(invoices.quotationId, quotations.id), isNull(invoices.policyId)))
      .leftJoin(policies, eq(policies.invoiceId, invoices.id))
  );
}

export function presentQuotationRow(
  row: Awaited<ReturnType<ReturnType<typeof quotationQuery>['execute']>>[number],
) {
  return presentQuotation(
    row.quotation,
    row.invoice ? { ...row.invoice, hasPayments: Boolean(row.hasPayments) } : null,
    row.policyNumber,
    row.policyId,
    termsOf(row.monthlyTerms),
  );
}

/** The terms column as the driver gives it (json: an object, or its text). */
function termsOf(value: unknown): MonthlyTermsInForce | null {
  if (value == null) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as MonthlyTermsInForce;
}

/** The signed-in client's quotations, newest first, with their invoice and policy. */
export function listQuotations(db: Database, userId: string, paging?: OptionalPaging) {
  const mine = eq(quotations.userId, userId);
  return pageOrWhole(paging, {
    rows: (window) => {
      const query = quotationQuery(db).where(mine).orderBy(desc(quotations.id)).$dynamic();
      return window ? query.limit(window.limit).offset(window.offset) : query;
    },
    count: async () => (await db.select({ total: count() }).from(quotations).where(mine))[0]?.total ?? 0,
    present: (rows) => rows.map(presentQuotationRow),
  });
}

export async function getQuotation(db: Database, userId: string, systemQuotationRef: string) {
  const [row] = await quotationQuery(db).where(
    and(eq(quotations.systemQuotationRef, systemQuotationRef), eq(quotations.userId, userId)),
  );
  if (!row) throw new AppError('not_found', 'Quotation not found.');
  return presentQuotationRow(row);
}

/**
 * Completes what a quotation lacks before it can be paid (`missingDetails`): the vehicle its class
 * and cover require, merged over what the quotation holds (a recommendation's plate and chassis),
 * and the KYC — motor private's is the client's profile (saved there, as the wizard's KYC step
 * does, then copied onto the quotation), the other classes' is the quotation's own. Every field
 * still missing or wrong is a 400 naming it; once money has been paid towards it, 409.
 */
export async function completeQuotationDetails(
  db: Database,
  userId: string,
  input: CompleteQuotationDetailsInput,
) {
  const quotation = await findOwnQuotation(db, userId, input.systemQuotationRef);
  if (await hasPaymentsTowards(db, quotation.id)) {
    throw new AppError('conflict', RISK_DETAILS_MESSAGES.paid, { code: 'QUOTATION_PAID' });
  }
  const errors: Array<{ field: string; message: string }> = [];
  const collect = (error: ZodError, prefix: string) => errors.push(...fromZodError(error, prefix).errors);

  let vehicle = quotation.vehicle;
  const vehicleSchema = vehicleSchemaOf({
    classCode: quotation.classCode,
    coverType: quotation.coverType,
    today: kenyaToday(),
  });
  if (vehicleSchema) {
    const checked = vehicleSchema.safeParse({ ...quotation.vehicle, ...input.vehicleDetails });
    if (checked.success) {
      const plate = String(checked.data.registrationNumber ?? '');
      vehicle = { ...checked.data, registrationNumber: normaliseRegistration(plate) };
    } else collect(checked.error, 'vehicleDetails');
  }

  let clientDetails = quotation.clientDetails;
  let profile: KycInput | null = null;
  if (kycPlaceOf(quotation.classCode) === 'kyc') {
    const given = { ...((clientDetails.kyc ?? {}) as Record<string, unknown>), ...input.kyc };
    const checked = classKycSchema.safeParse(given);
    if (checked.success) clientDetails = { ...clientDetails, kyc: checked.data };
    else collect(checked.error, 'kyc');
  } else if (input.kyc) {
    const checked = kycSchema.safeParse(input.kyc);
    if (checked.success) profile = checked.data;
    else collect(checked.error, 'kyc');
  }
  if (errors.length > 0) throw new AppError('invalid', errors[0]!.message, { errors });

  if (kycPlaceOf(quotation.classCode) === 'profile') {
    const client = profile ? await updateClient(db, userId, profile) : await getClientDetails(db, userId);
    clientDetails = {
      ...clientDetails,
      email: client.email,
      names: client.names,
      kraPin: client.kraPin,
      phone: client.phone,
      address: client.address,
      clientType: client.clientType,
    };
  }
  await db.update(quotations).set({ vehicle, clientDetails }).where(eq(quotations.id, quotation.id));
  return getQuotation(db, userId, quotation.systemQuotationRef);
}
