import {
  addCalendarDays,
  type ChosenBenefit,
  type CoverType,
  type CreateQuotationInput,
  type EquivalentBenefit,
  type EquivalentChoices,
  type ExcessInput,
  equivalentChoices,
  type QuoteRenewalInput,
  RENEWABLE_CLASS_CODE,
  RENEWAL_MESSAGES,
  renewalWindow,
  THIRD_PARTY_COVER_TYPES,
} from '@bima/domain';
import { and, asc, desc, eq, gte, isNull, lte, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { invoices, policies, policyReminders, quotations, users } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { coverEndDate, kenyaToday } from '../../lib/dates';
import { formatDay, type Language } from '../../lib/language';
import type { Services } from '../../services';
import { notify } from '../notification/service';
import { smsTexts } from '../notification/sms-texts';
import { coversRisk, loadProducts } from '../product/service';
import { loadSwahiliNames, productNameIn } from '../product/texts';
import {
  choicesOfQuotation,
  createQuotation,
  getQuotation,
  isQuotationExpired,
  priceChoices,
} from '../quotation/service';
import { alreadyRenewedError, isRenewalTaken } from './guard';

export interface RenewalContext {
  db: Database;
  services: Services;
  log: FastifyBaseLogger;
}

/** Whole days from one calendar date to another (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The reminder stage a policy is in: the smallest of `stages` (days before the end) that the days
 * left have reached, or null while the end is further away than every stage (or has passed).
 */
export function dueStage(daysLeft: number, stages: readonly number[]): number | null {
  if (daysLeft < 0) return null;
  const reached = stages.filter((stage) => daysLeft <= stage);
  return reached.length ? Math.min(...reached) : null;
}

const whenItEnds: Record<Language, (daysLeft: number) => string> = {
  en: (daysLeft) =>
    daysLeft === 0 ? 'ends today' : daysLeft === 1 ? 'ends tomorrow' : `ends in ${daysLeft} days`,
  sw: (daysLeft) =>
    daysLeft === 0 ? 'inaisha leo' : daysLeft === 1 ? 'inaisha kesho' : `inaisha baada ya siku ${daysLeft}`,
};

/**
 * Tells clients whose policies end soon, once per policy and stage (30, 14 and 3 days before by
 * default): an in-app notification and its e-mail. A stage is recorded in the same transaction as
 * its notification, keyed by (policy, stage), so running the job again — or on several instances at
 * once — never repeats a reminder; a policy first seen inside a later stage gets only that one.
 * Returns how many reminders were sent.
 */
export async function sendRenewalReminders(
  context: RenewalContext,
  options: { stages: readonly number[]; today?: string },
): Promise<number> {
  const { db, services } = context;
  if (options.stages.length === 0) return 0;
  const today = options.today ?? kenyaToday();
  const horizon = coverEndDate(today, Math.max(...options.stages) + 1);
  const ending = await db
    .select({
      id: policies.id,
      policyNumber: policies.policyNumber,
      userId: policies.userId,
      endDate: policies.endDate,
      productName: quotations.productName,
      productSystemRef: quotations.productSystemRef,
      vehicle: quotations.vehicle,
    })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(users, eq(users.id, policies.userId))
    .where(
      and(
        gte(policies.endDate, today),
        lte(policies.endDate, horizon),
        ne(users.status, 'DISABLED'),
        // A cancelled policy has nothing to renew.
        isNull(policies.cancelledAt),
      ),
    )
    .orderBy(asc(policies.endDate), asc(policies.id));

  // The reminder is written in both languages; its Swahili names the product in Swahili (issue 14).
  const swahiliNames = ending.length > 0 ? await loadSwahiliNames(db) : null;
  let sent = 0;
  for (const policy of ending) {
    const productNameSw = productNameIn(swahiliNames, policy.productName, policy.productSystemRef);
    const daysLeft = daysBetween(today, policy.endDate);
    const stage = dueStage(daysLeft, options.stages);
    if (stage === null) continue;
    const wasSent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(policyReminders)
        .values({ policyId: policy.id, daysBefore: stage })
        .onConflictDoNothing()
        .returning({ policyId: policyReminders.policyId });
      if (!claimed) return false;
      const registration = policy.vehicle.registrationNumber;
      const plate = typeof registration === 'string' && registration ? registration : '';
      await notify(tx, {
        userId: policy.userId,
        kind: 'renewal_due',
        title: {
          en: `Policy ${policy.policyNumber} ${whenItEnds.en(daysLeft)}`,
          sw: `Sera ya bima ${policy.policyNumber} ${whenItEnds.sw(daysLeft)}`,
        },
        body: {
          en: `Your ${policy.productName} cover${plate ? ` for ${plate}` : ''} ends on ${formatDay(policy.endDate, 'en')}. Renew before then to stay covered: open the policy and tap Renew to see this year's price beside last year's, compare other underwriters and pay by M-Pesa. The new cover starts the day after.`,
          sw: `Bima yako ya ${productNameSw}${plate ? ` ya gari ${plate}` : ''} inaisha tarehe ${formatDay(policy.endDate, 'sw')}. Ihuishe kabla ya siku hiyo ili uendelee kulindwa: fungua sera kisha uguse Huisha ili uone bei ya mwaka huu kando ya ya mwaka jana, ulinganishe kampuni nyingine za bima na ulipe kwa M-Pesa. Bima mpya inaanza siku inayofuata.`,
        },
        link: `/newportal/products/${policy.id}`,
        email: { baseUrl: services.publicBaseUrl },
        sms: smsTexts.renewalDue({ policyNumber: policy.policyNumber, plate, endDate: policy.endDate }),
      });
      return true;
    });
    if (wasSent) sent += 1;
  }
  if (sent > 0) context.log.info({ sent, today }, 'renewal reminders sent');
  return sent;
}

/** A benefit of the client's policy as a product's renewal price has it (or cannot); limits in cents. */
export interface RenewalBenefit {
  benefitSystemRef: string;
  name: string;
  /** The limit priced or given, null when the benefit states none. */
  limit: number | null;
  /** The client's limit, when this product gives less. */
  yourLimit?: number;
}

/**
 * One of the other underwriters' prices for the same vehicle value, cover type and period, priced
 * like for like (issue 26): with the client's optional benefits, limits and excesses where the
 * product offers them, and saying what it includes and what it cannot offer.
 */
export interface RenewalAlternative {
  productSystemRef: string;
  productName: string;
  underwriter: string;
  premium: number;
  includes: RenewalBenefit[];
  cannotOffer: RenewalBenefit[];
}

type QuotationChoices = Pick<CreateQuotationInput, 'additionalBenefits' | 'excesses'>;

/** A product's like-for-like price with the choices that make it (to quote it if chosen). */
interface PricedRenewal extends RenewalAlternative {
  choices: QuotationChoices;
}

/**
 * The renewal of one of the client's motor private policies (issue 14): the same vehicle, cover
 * type and period priced again on today's rows as a new quotation, starting the day after the policy
 * ends, with the client's KYC as it stands — nothing to enter again. Without `productSystemRef` the
 * policy's own product (its benefits and excesses kept when it still offers them); with one, the
 * alternative chosen. Asking again answers the same open quotation, so double taps make one. Someone
 * else's policy is 404; outside the window (from 30 days before the end until the end), a cancelled
 * or already renewed policy is 409. Answers the quotation, last year's premium and the alternatives.
 */
export async function quoteRenewal(
  db: Database,
  userId: string,
  input: QuoteRenewalInput,
  options: { validDays: number; today?: string },
) {
  const [found] = await db
    .select({ policy: policies, quotation: quotations })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .where(and(eq(policies.policyNumber, input.policyNumber), eq(policies.userId, userId)));
  if (!found) throw new AppError('not_found', RENEWAL_MESSAGES.notFound);
  const { policy, quotation: old } = found;
  if (old.classCode !== RENEWABLE_CLASS_CODE) {
    throw new AppError('conflict', RENEWAL_MESSAGES.notRenewable, { code: 'NOT_RENEWABLE' });
  }
  if (policy.cancelledOn) {
    throw new AppError('conflict', RENEWAL_MESSAGES.cancelled, { code: 'NOT_RENEWABLE' });
  }
  const window = renewalWindow({ endDate: policy.endDate, today: options.today ?? kenyaToday() });
  if (window.state === 'expired') {
    throw new AppError('conflict', RENEWAL_MESSAGES.expired, { code: 'POLICY_EXPIRED' });
  }
  if (window.state === 'too-early') {
    throw new AppError('conflict', RENEWAL_MESSAGES.tooEarly, { code: 'RENEWAL_NOT_OPEN' });
  }
  if (await isRenewalTaken(db, policy.id)) throw alreadyRenewedError();

  const productSystemRef = input.productSystemRef ?? old.productSystemRef;
  const priced = await priceLikeForLike(db, old);
  const target = priced.find((entry) => entry.productSystemRef === productSystemRef);
  if (productSystemRef !== old.productSystemRef && !target) {
    const message = RENEWAL_MESSAGES.alternativeNotOffered;
    throw new AppError('invalid', message, { errors: [{ field: 'productSystemRef', message }] });
  }

  const open = await findOpenRenewal(db, userId, policy.id, productSystemRef, window.startDate);
  const quotation = open
    ? await getQuotation(db, userId, open.systemQuotationRef)
    : await createRenewalQuotation(db, userId, {
        old,
        policyId: policy.id,
        productSystemRef,
        // The product's like-for-like choices; the policy's own as stored when its product is no
        // longer among those priced.
        choices: target?.choices ?? choicesOfQuotation(old),
        startDate: window.startDate,
        validDays: options.validDays,
      });
  return {
    quotation,
    /** What the quoted price includes of the client's benefits, and what it cannot offer. */
    cover: { includes: target?.includes ?? [], cannotOffer: target?.cannotOffer ?? [] },
    previous: {
      policyId: policy.id,
      policyNumber: policy.policyNumber,
      productName: old.productName,
      underwriter: old.underwriterName,
      startDate: policy.startDate,
      endDate: policy.endDate,
      /** Last year's premium, in cents. */
      premium: old.total,
      /** The benefits the client chose on the policy (optional ones and changed limits). */
      benefits: chosenOnPolicy(old).benefits.map(
        (benefit): RenewalBenefit => ({
          benefitSystemRef: benefit.benefitSystemRef,
          name: benefit.name,
          limit: benefit.limit ?? null,
        }),
      ),
    },
    alternatives: priced
      .filter((entry) => entry.productSystemRef !== productSystemRef)
      .map(({ choices: _choices, ...alternative }): RenewalAlternative => alternative),
  };
}

/** A renewal quotation of the policy still to be paid: same product, same start, price not expired. */
async function findOpenRenewal(
  db: Database,
  userId: string,
  policyId: number,
  productSystemRef: string,
  startDate: string,
) {
  const rows = await db
    .select({ quotation: quotations, invoiceStatus: invoices.status })
    .from(quotations)
    .leftJoin(invoices, and(eq(invoices.quotationId, quotations.id), isNull(invoices.policyId)))
    .where(
      and(
        eq(quotations.userId, userId),
        eq(quotations.renewalOfPolicyId, policyId),
        eq(quotations.productSystemRef, productSystemRef),
        eq(quotations.startDate, startDate),
        ne(quotations.status, 'EXPIRED'),
      ),
    )
    .orderBy(desc(quotations.id));
  return rows.find((row) => !isQuotationExpired(row.quotation) && row.invoiceStatus !== 'PAID')?.quotation;
}

type QuotationRow = typeof quotations.$inferSelect;

/** The client's choices on the policy in cents, each benefit with its name as the policy priced it. */
function chosenOnPolicy(old: QuotationRow): { benefits: ChosenBenefit[]; excesses: ExcessInput[] } {
  const names = new Map(old.breakdown.benefits.map((line) => [line.benefitSystemRef, line.name]));
  const stored = choicesOfQuotation(old);
  return {
    benefits: stored.additionalBenefits.map((benefit) => ({
      benefitSystemRef: benefit.benefitSystemRef,
      name: names.get(benefit.benefitSystemRef) ?? benefit.benefitSystemRef,
      ...(benefit.params?.limit === undefined ? {} : { limit: benefit.params.limit }),
    })),
    excesses: stored.excesses.map((excess) => ({ id: excess.id, amount: excess.amount })),
  };
}

/** Equivalent choices as the API takes them (both in cents). */
const toQuotationChoices = (equivalent: EquivalentChoices): QuotationChoices => ({
  additionalBenefits: equivalent.selectedBenefits.map((benefit) => ({
    benefitSystemRef: benefit.benefitSystemRef,
    ...(benefit.limit === undefined ? {} : { params: { limit: benefit.limit } }),
  })),
  excesses: equivalent.excesses.map((excess) => ({ id: excess.id, amount: excess.amount })),
});

const presentBenefit = (benefit: EquivalentBenefit): RenewalBenefit => ({
  benefitSystemRef: benefit.benefitSystemRef,
  name: benefit.name,
  limit: benefit.limit,
  ...(benefit.yourLimit === undefined ? {} : { yourLimit: benefit.yourLimit }),
});

/** The new quotation through the one quotation path (createQuotation prices it again and checks it). */
async function createRenewalQuotation(
  db: Database,
  userId: string,
  options: {
    old: QuotationRow;
    policyId: number;
    productSystemRef: string;
    choices: QuotationChoices;
    startDate: string;
    validDays: number;
  },
) {
  const { old } = options;
  const base = {
    risks: [
      {
        riskType: 'ASSET',
        value: THIRD_PARTY_COVER_TYPES.includes(old.coverType) ? null : old.vehicleValue,
        riskRef: String((old.vehicle as { registrationNumber?: unknown }).registrationNumber ?? 'N/A'),
        details: {},
      },
    ],
    bussinessType: 'DIRECT',
    productSystemRef: options.productSystemRef,
    clientDetails: {},
    coverPeriod: old.periodDays,
    quotationChannel: 'web',
    coverDetails: { startDate: options.startDate },
    additionalBenefits: [] as QuotationChoices['additionalBenefits'],
    excesses: [] as QuotationChoices['excesses'],
    vehicleDetails: old.vehicle,
    // A renewal is priced to pay at once (or to finance); monthly is chosen on a new quotation.
    paymentPlan: 'annual',
  } satisfies CreateQuotationInput;
  // The vehicle comes from the policy renewed; an incomplete one is completed before paying.
  const quotationOptions = {
    validDays: options.validDays,
    renewalOfPolicyId: options.policyId,
    carriedVehicle: true,
  };
  const { choices } = options;
  if (choices.additionalBenefits.length > 0 || choices.excesses.length > 0) {
    try {
      return await createQuotation(db, userId, { ...base, ...choices }, quotationOptions);
    } catch (error) {
      // A benefit or excess the product no longer offers: the cover alone.
      if (!(error instanceof AppError) || error.kind !== 'invalid') throw error;
    }
  }
  return createQuotation(db, userId, base, quotationOptions);
}

/**
 * Every active motor private product of the same cover type that covers the vehicle's value and
 * offers the period — the policy's own among them —, priced with the premium engine like for like
 * (issue 26): the client's benefits, limits and excesses carried to each product
 * (`equivalentChoices`), each price with what it includes and what it cannot offer; cheapest first.
 */
async function priceLikeForLike(db: Database, old: QuotationRow): Promise<PricedRenewal[]> {
  const products = await loadProducts(db, {
    classCode: RENEWABLE_CLASS_CODE,
    coverTypes: [old.coverType as CoverType],
  });
  const chosen = chosenOnPolicy(old);
  const priced: PricedRenewal[] = [];
  for (const loaded of products) {
    if (!loaded.rating.supportedPeriods.includes(old.periodDays)) continue;
    if (!THIRD_PARTY_COVER_TYPES.includes(old.coverType) && !coversRisk(loaded.product, old.vehicleValue))
      continue;
    const equivalent = equivalentChoices({
      fromProductRef: old.productSystemRef,
      benefits: chosen.benefits,
      excesses: chosen.excesses,
      toProductRef: loaded.product.productSystemRef,
      to: loaded.rating,
    });
    const choices = toQuotationChoices(equivalent);
    try {
      const quote = priceChoices(loaded, old.vehicleValue, {
        coverPeriod: old.periodDays,
        ...choices,
        valueField: 'risks.0.value',
      });
      priced.push({
        productSystemRef: loaded.product.productSystemRef,
        productName: loaded.product.name,
        underwriter: loaded.underwriter.name,
        premium: quote.total,
        includes: equivalent.includes.map(presentBenefit),
        cannotOffer: equivalent.cannotOffer.map(presentBenefit),
        choices,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return priced.sort((a, b) => a.premium - b.premium || a.productName.localeCompare(b.productName));
}

/**
 * Development and tests only (`POST /dev/policies/ends-in`, never in production): moves a policy's
 * cover so that it ends `daysFromToday` days from today (negative: it ended that long ago), keeping
 * its length, so a journey can reach the renewal window or an expired policy without waiting a year.
 * Answers the new dates, or null for an unknown policy number.
 */
export async function movePolicyEnd(
  db: Database,
  options: { policyNumber: string; daysFromToday: number; today?: string },
) {
  const [policy] = await db
    .select({ id: policies.id, startDate: policies.startDate, endDate: policies.endDate })
    .from(policies)
    .where(eq(policies.policyNumber, options.policyNumber));
  if (!policy) return null;
  const endDate = addCalendarDays(options.today ?? kenyaToday(), options.daysFromToday);
  const shift = daysBetween(policy.endDate, endDate);
  const startDate = addCalendarDays(policy.startDate, shift);
  await db.update(policies).set({ startDate, endDate }).where(eq(policies.id, policy.id));
  return { id: policy.id, policyNumber: options.policyNumber, startDate, endDate };
}
