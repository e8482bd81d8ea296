import {
  addCalendarDays,
  type ClassKyc,
  classDefinitionOf,
  commissionAmount,
  coverMonths,
  journeyLineOfClass,
  type MonthlyPlan,
  type PaymentPlan,
  RENEWABLE_CLASS_CODE,
  renewalWindow,
  riskReferenceOf,
  THIRD_PARTY_COVER_TYPES,
} from '@bima/domain';
import type { PolicyMonthly } from '@bima/domain/contract';
import { and, asc, count, desc, eq, gt, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  commissionRates,
  commissions,
  insuranceProducts,
  intermediaries,
  invoices,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  lenders,
  loanInstalments,
  loans,
  motorCertificates,
  payments,
  policies,
  quotations,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { coverDatesAtPayment, kenyaToday } from '../../lib/dates';
import { makeDigits } from '../../lib/refs';
import { type OptionalPaging, pageOrWhole } from '../../lib/search';
import { createPendingCertificate } from '../certificate/service';
import { invoiceBalance } from '../invoice/balance';
import { deleteDraft } from '../journey-draft/service';
import { type InvoiceMoney, invoiceMoney } from '../ledger/service';
import { billMonth, monthlyToday, monthlyViewsOf } from '../monthly/months';
import { notify } from '../notification/service';
import { smsTexts } from '../notification/sms-texts';
import { presentStoredQuote, type StoredQuote } from '../product/present';
import { isQuotationExpired } from '../quotation/service';
import { isRenewalTaken } from '../renewal/guard';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Policy numbers by class and year (BIMA/07/2026/12345678); certificates as DMVIC-style C-numbers. */
export function makePolicyNumbers(classCode: string, year = new Date().getUTCFullYear()) {
  return {
    policyNumber: `BIMA/${classCode}/${year}/${makeDigits(8)}`,
    certificateNumber: `C${makeDigits(8)}`,
  };
}

/**
 * Issues the one policy of a paid invoice inside the caller's transaction; a second call for the
 * same invoice changes nothing (the invoice is unique on policies). The cover starts no earlier than
 * the day the payment was confirmed (`paidAt`). The receipt may come later (a payment confirmed by
 * the STK query gets its receipt with the callback).
 */
export async function issuePolicy(
  tx: Tx,
  invoice: { id: number; quotationId: number; userId: string; amount: number; policyId?: number | null },
  receiptNumber: string | null,
  paidAt: Date,
) {
  // A monthly policy's later month (issue 31) belongs to its policy: it never issues one.
  if (invoice.policyId) return null;
  const [quotation] = await tx
    .select({
      startDate: quotations.startDate,
      periodDays: quotations.periodDays,
      intermediaryId: quotations.intermediaryId,
      breakdown: quotations.breakdown,
      classCode: insuranceProducts.classCode,
      renewalOfPolicyId: quotations.renewalOfPolicyId,
      paymentPlan: quotations.paymentPlan,
      monthlyPlan: quotations.monthlyPlan,
    })
    .from(quotations)
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
    .where(eq(quotations.id, invoice.quotationId));
  if (!quotation) throw new Error(`quotation ${invoice.quotationId} of invoice ${invoice.id} is missing`);
  const plan = quotation.paymentPlan === 'monthly' ? quotation.monthlyPlan : null;
  const dates = coverDatesAtPayment({
    quotedStartDate: quotation.startDate,
    periodDays: quotation.periodDays,
    paidAt,
  });
  // Paying monthly: the year's policy, covered (and certified) for the paid month 1 only.
  const months = plan ? coverMonths(dates.startDate, dates.endDate, plan.instalments) : null;
  // The policy's number carries its product's class (BIMA/03/… for fire domestic), never motor's by default.
  const numbers = makePolicyNumbers(quotation.classCode);
  // A renewal links to the policy it renews, once: invoicing and prompting refuse a second renewal,
  // so a taken link here means money arrived regardless — the cover is still issued, unlinked.
  const renewsPolicyId =
    quotation.renewalOfPolicyId !== null &&
    !(await isRenewalTaken(tx, quotation.renewalOfPolicyId, invoice.quotationId))
      ? quotation.renewalOfPolicyId
      : null;
  const inserted = await tx
    .insert(policies)
    .values({
      ...numbers,
      invoiceId: invoice.id,
      quotationId: invoice.quotationId,
      userId: invoice.userId,
      receiptNumber,
      intermediaryId: quotation.intermediaryId,
      renewsPolicyId,
      ...dates,
      paymentPlan: plan ? 'monthly' : 'annual',
      paidUntil: months ? months[0]!.to : null,
    })
    .onConflictDoNothing({ target: policies.invoiceId })
    .returning({ id: policies.id, policyNumber: policies.policyNumber });
  const policy = inserted[0];
  // Motor policies get their certificate of insurance in the same transaction, pending until the
  // job `dmvic-issue-certificates` has DMVIC issue it (never lost: the row is the queue).
  const certificate = policy ? await createPendingCertificate(tx, policy.id, months?.[0]) : null;
  // Month 2 is billed at once, to be reminded of, debited by a standing order, or paid early.
  if (policy && plan && months?.[1]) {
    await billMonth(tx, {
      policyId: policy.id,
      quotationId: invoice.quotationId,
      userId: invoice.userId,
      month: months[1],
      amount: plan.amounts[1]!,
    });
  }
  // The journey of this policy's line is done: its draft would only offer the quote just bought again.
  const journeyLine = journeyLineOfClass(quotation.classCode);
  if (policy && journeyLine && quotation.renewalOfPolicyId === null) {
    await deleteDraft(tx, invoice.userId, journeyLine);
  }
  if (policy) {
    // In the app only: the e-mail of this kind is the schedule and receipt, sent after the commit.
    await notify(tx, {
      userId: invoice.userId,
      kind: 'policy_issued',
      title: {
        en: `Policy ${policy.policyNumber} issued`,
        sw: `Sera ya bima ${policy.policyNumber} imetolewa`,
      },
      body: {
        en: `Your policy ${policy.policyNumber} is active. The policy schedule and your receipt are on the policy page.`,
        sw: `Sera yako ya bima ${policy.policyNumber} sasa inatumika. Ratiba ya sera na risiti yako ziko kwenye ukurasa wa sera.`,
      },
      link: `/newportal/products/${policy.id}`,
      // A motor certificate DMVIC has still to issue is texted when it is (certificate/service.ts).
      sms: smsTexts.policyIssued({
        policyNumber: policy.policyNumber,
        certificate: certificate && { number: certificate.certificateNumber },
      }),
    });
  }
  if (policy && quotation.intermediaryId !== null) {
    await recordCommission(tx, {
      policyId: policy.id,
      invoiceId: invoice.id,
      intermediaryId: quotation.intermediaryId,
      classCode: quotation.classCode,
      invoiceAmount: invoice.amount,
      breakdown: quotation.breakdown,
      plan,
    });
  }
  return policy?.policyNumber ?? null;
}

/**
 * The commission of an intermediary's policy, in the issuing transaction: the commissionable
 * premium is the invoice's amount less the quotation's levies (`totalCharges`, cents),
 * times the class's rate in `commission_rates` at this moment, rounded half up once to the cent. A
 * class with no rate set up earns 0 bps (the row is still written, so the statement lists it).
 */
export async function recordCommission(
  tx: Tx,
  input: {
    policyId: number;
    invoiceId: number;
    intermediaryId: number;
    classCode: string;
    invoiceAmount: number;
    breakdown: StoredQuote;
    /** Paying monthly: each paid month earns on its commissionable part (the levies pro rata). */
    plan?: MonthlyPlan | null;
  },
) {
  const [rate] = await tx
    .select({ rateBps: commissionRates.rateBps })
    .from(commissionRates)
    .where(eq(commissionRates.classCode, input.classCode));
  const levies = input.plan
    ? input.plan.total === 0
      ? 0
      : Math.round((input.invoiceAmount * input.breakdown.totalCharges) / input.plan.total)
    : input.breakdown.totalCharges;
  const premium = Math.max(0, input.invoiceAmount - levies);
  const rateBps = rate?.rateBps ?? 0;
  await tx
    .insert(commissions)
    .values({
      policyId: input.policyId,
      invoiceId: input.invoiceId,
      intermediaryId: input.intermediaryId,
      classCode: input.classCode,
      premium,
      rateBps,
      amount: commissionAmount(premium, rateBps),
    })
    .onConflictDoNothing({ target: commissions.invoiceId });
}

type PolicyRow = typeof policies.$inferSelect;

/** A motor policy's certificate of insurance as the API answers it (status 'pending' while DMVIC issues it). */
export interface PolicyCertificate {
  number: string | null;
  type: string;
  issuer: string;
  status: string;
  validFrom: string;
  validTo: string;
}
type QuotationRow = typeof quotations.$inferSelect;

/** One payment towards a policy's invoice, in cents: by M-Pesa or from the wallet. */
export interface PolicyPayment {
  /** 'mpesa', or 'wallet' (paid from the client's wallet: no phone, the ledger's reference). */
  method: 'mpesa' | 'wallet';
  paymentSystemRef: string;
  /** The M-Pesa receipt (null until M-Pesa's callback brings it), or WALLET-<transaction>. */
  receiptNumber: string | null;
  /** What M-Pesa took with this payment (a wallet payment: what it paid). */
  amount: number;
  /** The part of it put towards this invoice (the rest, if any, went to the wallet). */
  allocated: number;
  phone: string | null;
  paidAt: string | null;
}

/** Paging for the client's lists: both or neither; lists stay plain arrays for the web app. */
export type ListPage = OptionalPaging;

/** The loan that paid a financed policy's premium (premium financing), amounts in cents. */
export interface PolicyFinancing {
  loanRef: string;
  lenderName: string;
  status: string;
  /** When the lender paid the premium (its approval of the loan). */
  paidAt: string | null;
  /**
   * The first instalment the client paid up front before the lender decided: its amount, when it
   * was paid in full, and the M-Pesa receipts of the payments towards it (none: from the wallet).
   */
  firstInstalment: { amount: number; paidAt: string | null; receipts: string[] } | null;
}

export function presentPolicy(
  policy: PolicyRow,
  quotation: QuotationRow,
  paid: PolicyPayment[] = [],
  intermediary: { id: number; intermediaryNames: string } | null = null,
  financing: PolicyFinancing | null = null,
  certificate: PolicyCertificate | null = null,
  monthly: PolicyMonthly | null = null,
) {
  const client = quotation.clientDetails as {
    names?: { firstName?: string; lastName?: string };
    email?: string;
    kraPin?: string;
    kyc?: ClassKyc;
  };
  // The payment that completed the invoice: the last one put towards it (a financed one: the lender's).
  const completing = paid.at(-1) ?? null;
  return {
    id: policy.id,
    policyNumber: policy.policyNumber,
    /** The motor certificate's number (DMVIC's; null while it is being issued); other classes keep their original reference. */
    certificateNumber: certificate ? certificate.number : policy.certificateNumber,
    /** The motor certificate of insurance (classes 07 and 08); null for other classes. */
    certificate,
    receiptNumber: policy.receiptNumber,
    issuedAt: policy.issuedAt.toISOString(),
    status: policy.cancelledOn
      ? 'CANCELLED'
      : policy.endDate < kenyaToday()
        ? 'EXPIRED'
        : monthly?.state === 'lapsed'
          ? 'LAPSED'
          : 'ACTIVE',
    paymentPlan: policy.paymentPlan as PaymentPlan,
    paidUntil: policy.paidUntil ?? policy.endDate,
    /** Paying monthly (issue 31): the months, the next due, the grace and the standing order; null for annual. */
    monthly,
    /** Premium financing: the loan and lender that paid the premium; null when the client paid. */
    financing,
    /** Set when the policy was cancelled before its end: from which day, and why. */
    cancellation: policy.cancelledOn
      ? { cancelledOn: policy.cancelledOn, reason: policy.cancellationReason ?? '' }
      : null,
    insured: {
      names: client.names ?? {},
      email: client.email ?? null,
      kraPin: client.kraPin ?? null,
      /** The KYC given in the flow of a class other than motor private (full name, ID number…). */
      kyc: client.kyc ?? null,
    },
    productName: quotation.productName,
    productSystemRef: quotation.productSystemRef,
    underwriter: quotation.underwriterName,
    /** The intermediary firm whose recommendation was bought; null for direct business. */
    intermediary: intermediary
      ? { id: intermediary.id, intermediaryNames: intermediary.intermediaryNames }
      : null,
    /** The insurance class, its name, and what the schedule prints about the risk. */
    classCode: quotation.classCode,
    className: classDefinitionOf(quotation.classCode)?.name ?? 'Motor Private',
    riskDetails: quotation.riskDetails,
    riskLines: riskLinesOf(quotation.classCode, quotation.riskDetails),
    /** What is insured in one line: {label, value} (a plate, a home's location, an aircraft). */
    riskReference: riskReferenceOf(quotation.classCode, quotation.riskDetails, quotation.vehicle),
    coverType: quotation.coverType,
    vehicleValue: THIRD_PARTY_COVER_TYPES.includes(quotation.coverType) ? null : quotation.vehicleValue,
    sumInsured: quotation.vehicleValue,
    vehicle: quotation.vehicle,
    period: quotation.periodDays,
    startDate: policy.startDate,
    endDate: policy.endDate,
    /** Set when the quoted start date had passed at payment and the cover was moved to the payment's date. */
    quotedStartDate: policy.startDate === quotation.startDate ? null : quotation.startDate,
    premium: quotation.total,
    /** The quote as kept (cents): the documents read it; the API answers `policyOnWire`. */
    breakdown: quotation.breakdown,
    systemQuotationRef: quotation.systemQuotationRef,
    paidFrom: completing
      ? completing.method === 'wallet'
        ? 'Wallet'
        : completing.phone
      : (financing?.lenderName ?? null),
    paidAt: completing?.paidAt ?? financing?.paidAt ?? null,
    /** Every payment towards the premium, by M-Pesa or from the wallet, oldest first. */
    payments: paid,
  };
}
export type PolicyView = ReturnType<typeof presentPolicy>;

/** A policy as the API answers it: its amounts in cents, its quote's breakdown as `presentStoredQuote` gives it. */
export const policyOnWire = <T extends PolicyView>(policy: T) => ({
  ...policy,
  breakdown: presentStoredQuote(policy.breakdown),
});

/** The risk's lines as its class's definition prints them; none for motor private (its vehicle says it). */
function riskLinesOf(classCode: string, details: Record<string, unknown>): Array<[string, string]> {
  const definition = classDefinitionOf(classCode);
  if (!definition?.riskSchema) return [];
  const parsed = definition.riskSchema.safeParse(details);
  return parsed.success ? definition.scheduleLines(parsed.data) : [];
}

/**
 * What paid each invoice, oldest first: its successful M-Pesa payments (the part each put towards it)
 * and its payments from the wallet (from the ledger).
 */
async function paymentsOfInvoices(db: Database, invoiceIds: number[]): Promise<Map<number, PolicyPayment[]>> {
  const byInvoice = new Map<number, PolicyPayment[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.invoiceId, invoiceIds),
        eq(payments.status, 'success'),
        gt(payments.allocatedAmount, 0),
      ),
    )
    .orderBy(asc(payments.settledAt), asc(payments.id));
  const all: Array<{ invoiceId: number; at: number; payment: PolicyPayment }> = rows.map((row) => ({
    invoiceId: row.invoiceId!,
    at: row.settledAt?.getTime() ?? 0,
    payment: {
      method: 'mpesa',
      paymentSystemRef: row.paymentSystemRef,
      receiptNumber: row.receiptNumber,
      amount: row.amount,
      allocated: row.allocatedAmount ?? 0,
      phone: row.phone,
      paidAt: row.settledAt?.toISOString() ?? null,
    },
  }));
  const fromWallet = await db
    .select({
      id: ledgerTransactions.id,
      invoiceId: ledgerTransactions.invoiceId,
      occurredAt: ledgerTransactions.occurredAt,
      amount: ledgerEntries.amount,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerTransactions.kind, 'wallet_payment'),
        inArray(ledgerTransactions.invoiceId, invoiceIds),
        eq(ledgerAccounts.kind, 'invoice'),
      ),
    );
  for (const row of fromWallet) {
    const reference = `WALLET-${row.id}`;
    all.push({
      invoiceId: row.invoiceId!,
      at: row.occurredAt.getTime(),
      payment: {
        method: 'wallet',
        paymentSystemRef: reference,
        receiptNumber: reference,
        amount: -row.amount,
        allocated: -row.amount,
        phone: null,
        paidAt: row.occurredAt.toISOString(),
      },
    });
  }
  all.sort((a, b) => a.at - b.at);
  for (const { invoiceId, payment } of all) {
    const list = byInvoice.get(invoiceId) ?? [];
    list.push(payment);
    byInvoice.set(invoiceId, list);
  }
  return byInvoice;
}

/**
 * The first instalment of each financing loan (cents): its amount, when it was paid in
 * full, and the M-Pesa receipts of the loan's payments up to then (a wallet payment has none).
 */
async function firstInstalmentsOf(
  db: Database,
  financed: Array<{ id: number; depositPaidAt: Date | null }>,
): Promise<Map<number, NonNullable<PolicyFinancing['firstInstalment']>>> {
  const result = new Map<number, NonNullable<PolicyFinancing['firstInstalment']>>();
  if (financed.length === 0) return result;
  const ids = financed.map((loan) => loan.id);
  const [firsts, paidTowards] = await Promise.all([
    db
      .select({ loanId: loanInstalments.loanId, amount: loanInstalments.amount })
      .from(loanInstalments)
      .where(and(inArray(loanInstalments.loanId, ids), eq(loanInstalments.number, 1))),
    db
      .select({
        loanId: payments.loanId,
        receiptNumber: payments.receiptNumber,
        settledAt: payments.settledAt,
      })
      .from(payments)
      .where(and(inArray(payments.loanId, ids), eq(payments.status, 'success')))
      .orderBy(asc(payments.settledAt), asc(payments.id)),
  ]);
  for (const loan of financed) {
    const first = firsts.find((row) => row.loanId === loan.id);
    if (!first) continue;
    const paidBy = loan.depositPaidAt?.getTime() ?? 0;
    result.set(loan.id, {
      amount: first.amount,
      paidAt: loan.depositPaidAt?.toISOString() ?? null,
      receipts: paidTowards
        .filter(
          (row) => row.loanId === loan.id && row.receiptNumber && (row.settledAt?.getTime() ?? 0) <= paidBy,
        )
        .map((row) => row.receiptNumber!),
    });
  }
  return result;
}

function policyQuery(db: Database) {
  return db
    .select({
      policy: policies,
      quotation: quotations,
      intermediary: { id: intermediaries.id, intermediaryNames: intermediaries.intermediaryNames },
      financing: {
        loanId: loans.id,
        loanRef: loans.loanRef,
        lenderName: lenders.name,
        status: loans.status,
        decidedAt: loans.decidedAt,
        depositPaidAt: loans.depositPaidAt,
      },
    })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .leftJoin(intermediaries, eq(intermediaries.id, policies.intermediaryId))
    .leftJoin(loans, eq(loans.id, policies.financedByLoanId))
    .leftJoin(lenders, eq(lenders.id, loans.lenderId));
}

/**
 * The certificate each policy shows: its only one, or for a monthly policy (a certificate a paid
 * month, issue 31) the one covering today, else the latest.
 */
async function certificatesOf(db: Database, policyIds: number[]) {
  const result = new Map<number, typeof motorCertificates.$inferSelect>();
  if (policyIds.length === 0) return result;
  const today = monthlyToday();
  const rows = await db
    .select()
    .from(motorCertificates)
    .where(inArray(motorCertificates.policyId, policyIds))
    .orderBy(asc(motorCertificates.startDate), asc(motorCertificates.id));
  for (const row of rows) {
    const kept = result.get(row.policyId);
    const covers = (r: typeof row) => r.startDate <= today && r.endDate >= today;
    if (!kept || !covers(kept) || covers(row)) result.set(row.policyId, row);
  }
  return result;
}

async function presentPolicies(
  db: Database,
  rows: Array<{
    policy: PolicyRow;
    quotation: QuotationRow;
    intermediary: { id: number; intermediaryNames: string } | null;
    financing: {
      loanId: number | null;
      loanRef: string | null;
      lenderName: string | null;
      status: string | null;
      decidedAt: Date | null;
      depositPaidAt: Date | null;
    } | null;
  }>,
) {
  const certificates = await certificatesOf(
    db,
    rows.map((row) => row.policy.id),
  );
  const monthly = await monthlyViewsOf(db, rows);
  const paid = await paymentsOfInvoices(
    db,
    rows.map((row) => row.policy.invoiceId),
  );
  const deposits = await firstInstalmentsOf(
    db,
    rows.flatMap((row) =>
      row.financing?.loanId ? [{ id: row.financing.loanId, depositPaidAt: row.financing.depositPaidAt }] : [],
    ),
  );
  return rows.map((row) =>
    presentPolicy(
      row.policy,
      row.quotation,
      paid.get(row.policy.invoiceId) ?? [],
      row.intermediary,
      row.financing?.loanRef
        ? {
            loanRef: row.financing.loanRef,
            lenderName: row.financing.lenderName ?? '',
            status: row.financing.status ?? '',
            paidAt: row.financing.decidedAt?.toISOString() ?? null,
            firstInstalment: deposits.get(row.financing.loanId ?? 0) ?? null,
          }
        : null,
      certificateView(certificates.get(row.policy.id)),
      monthly.get(row.policy.id) ?? null,
    ),
  );
}

const certificateView = (row: typeof motorCertificates.$inferSelect | undefined): PolicyCertificate | null =>
  row
    ? {
        number: row.certificateNumber,
        type: row.certificateType,
        issuer: row.issuer,
        status: row.status,
        validFrom: row.startDate,
        validTo: row.endDate,
      }
    : null;

export function listPolicies(db: Database, userId: string, paging?: ListPage) {
  const mine = eq(policies.userId, userId);
  return pageOrWhole(paging, {
    rows: (window) => {
      const query = policyQuery(db).where(mine).orderBy(desc(policies.id)).$dynamic();
      return window ? query.limit(window.limit).offset(window.offset) : query;
    },
    count: async () => (await db.select({ total: count() }).from(policies).where(mine))[0]?.total ?? 0,
    present: async (rows) => (await presentPolicies(db, rows)).map(policyOnWire),
  });
}

/** One of the client's own policies, by id or policy number; anyone else's is 'not found'. */
export async function getPolicy(db: Database, userId: string, key: { id?: number; policyNumber?: string }) {
  return policyOnWire(await getPolicyView(db, userId, key));
}

/** `getPolicy` as the documents read it: the quote's amounts in cents. */
export async function getPolicyView(
  db: Database,
  userId: string,
  key: { id?: number; policyNumber?: string },
) {
  const condition =
    key.id !== undefined ? eq(policies.id, key.id) : eq(policies.policyNumber, key.policyNumber ?? '');
  const rows = await policyQuery(db).where(and(condition, eq(policies.userId, userId)));
  if (rows.length === 0) throw new AppError('not_found', 'Policy not found.');
  const policy = (await presentPolicies(db, rows))[0]!;
  return { ...policy, renewal: await renewalOfPolicy(db, rows[0]!.policy, rows[0]!.quotation) };
}

/**
 * What the policy page says about renewing (issue 14): whether the policy can be renewed today
 * (motor private, not cancelled; the window of `renewalWindow`), when the window opens, the day the
 * new cover would start, and the policy that renewed it once bought.
 */
async function renewalOfPolicy(db: Database, policy: PolicyRow, quotation: QuotationRow) {
  const [renewedBy] = await db
    .select({ id: policies.id, policyNumber: policies.policyNumber, startDate: policies.startDate })
    .from(policies)
    .where(eq(policies.renewsPolicyId, policy.id));
  const window = renewalWindow({ endDate: policy.endDate, today: kenyaToday() });
  const isRenewable = quotation.classCode === RENEWABLE_CLASS_CODE && !policy.cancelledOn;
  return {
    isRenewable,
    state: window.state,
    opensOn: window.state === 'too-early' ? window.opensOn : null,
    /** The day a renewal's cover starts: the day after this policy ends. */
    startDate: addCalendarDays(policy.endDate, 1),
    renewedBy: renewedBy ?? null,
  };
}

/** The policy of an invoice as the documents read it (the quote in cents), or null. */
export async function getPolicyByInvoice(db: Database, invoiceId: number) {
  const rows = await policyQuery(db).where(eq(policies.invoiceId, invoiceId));
  return rows.length === 0 ? null : (await presentPolicies(db, rows))[0]!;
}

type InvoiceRow = {
  invoice: typeof invoices.$inferSelect;
  quotation: QuotationRow;
  policyNumber: string | null;
  policyId: number | null;
};

function invoiceQuery(db: Database) {
  return (
    db
      .select({
        invoice: invoices,
        quotation: quotations,
        policyNumber: policies.policyNumber,
        policyId: policies.id,
      })
      .from(invoices)
      .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
      // A monthly policy's later month (issue 31) names its policy; the policy names its first invoice.
      .leftJoin(policies, or(eq(policies.invoiceId, invoices.id), eq(policies.id, invoices.policyId)))
  );
}

async function presentInvoices(db: Database, rows: InvoiceRow[], maxPerPrompt: number) {
  const money = await invoiceMoney(
    db,
    rows.map((row) => row.invoice),
  );
  return rows.map((row) => presentInvoice(row, money.get(row.invoice.id)!, maxPerPrompt));
}

/** Invoices of the client, newest first; `maxPerPrompt` is M-Pesa's per-transaction limit (KES). */
export async function listInvoices(
  db: Database,
  userId: string,
  options: { maxPerPrompt: number; paging?: ListPage; status?: string },
) {
  const mine = and(
    eq(invoices.userId, userId),
    options.status ? eq(invoices.status, options.status) : undefined,
  );
  return pageOrWhole(options.paging, {
    rows: (window) => {
      const query = invoiceQuery(db).where(mine).orderBy(desc(invoices.id)).$dynamic();
      return window ? query.limit(window.limit).offset(window.offset) : query;
    },
    count: async () => (await db.select({ total: count() }).from(invoices).where(mine))[0]?.total ?? 0,
    present: (rows) => presentInvoices(db, rows, options.maxPerPrompt),
  });
}

export async function getInvoice(
  db: Database,
  userId: string,
  invoiceSystemRef: string,
  options: { maxPerPrompt: number },
) {
  const rows = await invoiceQuery(db).where(
    and(eq(invoices.invoiceSystemRef, invoiceSystemRef), eq(invoices.userId, userId)),
  );
  if (rows.length === 0) throw new AppError('not_found', 'Invoice not found.');
  return (await presentInvoices(db, rows, options.maxPerPrompt))[0]!;
}

/**
 * An invoice in cents with what it has received (`amountPaid`: M-Pesa, the wallet), still
 * owes (`balance`) — both from the ledger —
 * and what the next M-Pesa prompt asks for (`amountDueNow`, at most `maxPerPrompt`). Its quotation
 * counts as expired only while nothing has been paid towards it.
 */
function presentInvoice(row: InvoiceRow, money: InvoiceMoney, maxPerPrompt: number) {
  const isPaid = row.invoice.status === 'PAID';
  const paid = money.paid;
  return {
    invoiceSystemRef: row.invoice.invoiceSystemRef,
    amount: row.invoice.amount,
    status: row.invoice.status,
    ...invoiceBalance({ paid, owed: isPaid ? 0 : money.owed, maxPerPrompt }),
    createdAt: row.invoice.createdAt.toISOString(),
    paidAt: row.invoice.paidAt?.toISOString() ?? null,
    systemQuotationRef: row.quotation.systemQuotationRef,
    productName: row.quotation.productName,
    coverType: row.quotation.coverType,
    period: row.quotation.periodDays,
    startDate: row.quotation.startDate,
    breakdown: presentStoredQuote(row.quotation.breakdown),
    policyNumber: row.policyNumber,
    /** The policy's id (its page in the portal), once issued. */
    policyId: row.policyId,
    quotationExpiresAt: row.quotation.expiresAt.toISOString(),
    isQuotationExpired: !isPaid && paid === 0 && isQuotationExpired(row.quotation),
    monthNo: row.invoice.monthNo,
    dueDate: row.invoice.dueDate,
  };
}
