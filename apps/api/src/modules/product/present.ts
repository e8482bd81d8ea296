import {
  type BasicDetail,
  type BenefitConfig,
  findBandRate,
  monthlyOfferOf,
  PPM,
  type PremiumBreakdown,
} from '@bima/domain';
import { type LoadedProduct, monthlyPlanOf } from './service';

function presentPricing(benefit: BenefitConfig) {
  const pricing = benefit.pricing;
  switch (pricing.kind) {
    case 'included':
      return { kind: pricing.kind };
    case 'fixed':
      return { kind: pricing.kind, amount: pricing.amount };
    case 'percentageOfValue':
      return { kind: pricing.kind, rate: pricing.ratePpm / PPM, minimum: pricing.minimum };
    case 'rateOnExtraLimit':
      return { kind: pricing.kind, rate: pricing.ratePpm / PPM, inbuiltLimit: pricing.inbuiltLimit };
  }
}

const presented = new WeakMap<LoadedProduct, ReturnType<typeof presentStaticParts>>();

function staticParts(loaded: LoadedProduct) {
  let parts = presented.get(loaded);
  if (!parts) {
    parts = presentStaticParts(loaded);
    presented.set(loaded, parts);
  }
  return parts;
}

/**
 * The rate that applies to a risk: the band's percentage of the vehicle's value, the fixed premium,
 * or for a product rated on the risk's facts each group's rate (from the quote's detail when priced).
 */
function presentRate(loaded: LoadedProduct, vehicleValue: number, detail?: BasicDetail) {
  const { basic } = loaded.rating;
  if (basic.kind === 'fixed') return { rateType: 'fixed' as const, value: basic.premium };
  if (basic.kind === 'rated') {
    return {
      rateType: 'rated' as const,
      groups: basic.groups.map((group) => ({
        group: group.group,
        rate:
          (detail?.groups.find((line) => line.group === group.group)?.ratePpm ??
            findBandRate(group.bands, 0)) / PPM,
      })),
      minimumPremium: basic.minimumPremium,
    };
  }
  return {
    rateType: 'percentage' as const,
    value: findBandRate(basic.bands, vehicleValue) / PPM,
    minimumPremium: basic.minimumPremium,
  };
}

/**
 * A product on the quotes grid, priced for the risk: spec-1 §3 "Quoted product" without its
 * benefits, excesses and charges, which come with the product's details. Nine full products weigh
 * about 34 KB; the grid needs a fifth of that, which matters on slow mobile networks.
 */
export function presentQuotedSummary(loaded: LoadedProduct, quote: PremiumBreakdown) {
  const { head, tail } = staticParts(loaded);
  return {
    ...head,
    basePremium: quote.basicPremium,
    premium: quote.total,
    quotePeriod: quote.periodDays,
    basePremiumRate: presentRate(loaded, quote.vehicleValue, quote.basicDetail),
    underwriter: tail.underwriter,
    intermediary: tail.intermediary,
    productTnc: tail.productTnc,
    productCover: tail.productCover,
    monthly: monthlyOfferOrNull(monthlyPlanOf(loaded.monthlyTerms, quote.total, quote.periodDays)),
  };
}

const monthlyOfferOrNull = (plan: ReturnType<typeof monthlyPlanOf>) => (plan ? monthlyOfferOf(plan) : null);

/**
 * A product as spec-1 §3 "Quoted product" describes it, with its benefits, excesses, charges and
 * pricing rules; the rate is the one for `vehicleValue` (cents) when given.
 */
export function presentProduct(loaded: LoadedProduct, vehicleValue = 0) {
  const { head, tail } = staticParts(loaded);
  return { ...head, basePremiumRate: presentRate(loaded, vehicleValue), ...tail };
}

/** The parts of a product's presentation that do not depend on the risk, built once per load. */
function presentStaticParts(loaded: LoadedProduct) {
  const { product, underwriter, rating } = loaded;
  const head = {
    id: product.id,
    productName: product.name,
    productDescription: product.description,
    productLogo: product.logo,
    productSystemRef: product.productSystemRef,
    classCode: product.classCode,
    coverType: product.coverType,
  };
  const tail = {
    productOverview: product.overview,
    underwriter: [{ id: underwriter.id, name: underwriter.name, logo: underwriter.logo }],
    intermediary: product.intermediary,
    productTnc: product.termsDocument,
    productCover: {
      coverType: product.coverType,
      supportedPeriods: rating.supportedPeriods,
      minimumValue: product.minimumValue,
      maximumValue: product.maximumValue,
    },
    product_charges_details: rating.charges.map((charge) => ({
      charge_name: charge.name,
      charge_type: charge.type,
      value: charge.type === 'Percentage' ? charge.value / PPM : charge.value,
    })),
    productBenefits: rating.benefits.map((benefit, index) => ({
      _id: String(loaded.benefits[index]?.id ?? benefit.benefitSystemRef),
      benefitSystemRef: benefit.benefitSystemRef,
      benefit_category_name: benefit.name,
      benefit_category_description: benefit.description,
      benefitType: benefit.type,
      benefitLimit: {
        minimum: benefit.limit.minimum,
        maximum: benefit.limit.maximum,
        defaultLimit: benefit.limit.defaultLimit,
        isAdjustable: benefit.limit.isAdjustable,
      },
      pricing: presentPricing(benefit),
    })),
    excesses: rating.excesses.map((excess) => ({
      id: excess.id,
      name: excess.name,
      type: excess.type,
      description: excess.description,
      minAmount: excess.minAmount,
      maxAmount: excess.maxAmount,
      defaultAmount: excess.defaultAmount,
      amount: excess.defaultAmount,
    })),
  };
  return { head, tail };
}

/**
 * The calculated quote with its itemised breakdown as a quotation keeps it (`quotations.breakdown`):
 * every amount in integer cents, marked `unit: 'cents'` (migration 0035 converted the rows kept in
 * shillings before). Rates stay plain fractions; a fixed charge's `rate` is an amount, so cents.
 */
export function storedQuote(loaded: LoadedProduct, quote: PremiumBreakdown) {
  return {
    unit: 'cents' as const,
    productSystemRef: loaded.product.productSystemRef,
    productName: loaded.product.name,
    underwriter: { id: loaded.underwriter.id, name: loaded.underwriter.name },
    coverType: quote.coverType,
    vehicleValue: quote.vehicleValue,
    period: quote.periodDays,
    periodShare: quote.periodSharePpm / PPM,
    basicPremium: quote.basicPremium,
    ...(quote.basicDetail ? { basicDetail: storedBasicDetail(quote.basicDetail) } : {}),
    /** Taken off the basic premium for the chosen excesses (0 when the underwriter gives none). */
    excessDiscount: quote.excessDiscount,
    benefits: quote.benefits.map((line) => ({
      benefitSystemRef: line.benefitSystemRef,
      name: line.name,
      benefitType: line.type,
      limit: line.limit,
      premium: line.premium,
    })),
    subtotal: quote.subtotal,
    charges: quote.charges.map((line) => ({
      charge_name: line.name,
      charge_type: line.type,
      rate: line.type === 'Percentage' ? line.rate / PPM : line.rate,
      amount: line.amount,
    })),
    totalCharges: quote.totalCharges,
    excesses: quote.excesses.map((line) => ({
      id: line.id,
      name: line.name,
      amount: line.amount,
      discount: line.discount,
    })),
    total: quote.total,
    currency: 'KES' as const,
  };
}

/** A quote as kept with a quotation (`quotations.breakdown`): amounts in integer cents. */
export type StoredQuote = ReturnType<typeof storedQuote>;

/**
 * A kept quote as the API answers it: the same fields, amounts in integer cents as kept, without the
 * `unit` mark (issue 29: cents on the wire). The one presenter of `quotations.breakdown`.
 */
export function presentStoredQuote({ unit: _cents, ...quote }: StoredQuote) {
  return quote;
}

/** The calculated quote with its itemised breakdown, in cents. */
export function presentQuote(loaded: LoadedProduct, quote: PremiumBreakdown) {
  return presentStoredQuote(storedQuote(loaded, quote));
}

/** How a rated basic premium was reached: amounts in cents, plain rates. */
function storedBasicDetail(detail: BasicDetail) {
  return {
    groups: detail.groups.map((line) => ({
      group: line.group,
      sumInsured: line.sumInsured,
      rate: line.ratePpm / PPM,
      premium: line.premium,
    })),
    loadings: detail.loadings.map((loading) => ({
      factor: loading.factor,
      option: loading.option,
      multiplier: loading.multiplierPpm / PPM,
    })),
    minimumApplied: detail.minimumApplied,
    perUnit: detail.perUnit.map((line) => ({
      quantity: line.quantity,
      units: line.units,
      amount: line.amount,
    })),
  };
}
