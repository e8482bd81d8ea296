import { type BenefitConfig, findBandRate, PPM, type PremiumBreakdown } from '@bima/domain';
import type { LoadedProduct } from './service';

/** The API speaks whole shillings; the database and the engine hold cents. */
export const toKes = (cents: number) => Math.round(cents / 100);
export const toCents = (shillings: number) => shillings * 100;

function presentPricing(benefit: BenefitConfig) {
  const pricing = benefit.pricing;
  switch (pricing.kind) {
    case 'included':
      return { kind: pricing.kind };
    case 'fixed':
      return { kind: pricing.kind, amount: toKes(pricing.amount) };
    case 'percentageOfValue':
      return { kind: pricing.kind, rate: pricing.ratePpm / PPM, minimum: toKes(pricing.minimum) };
    case 'rateOnExtraLimit':
      return { kind: pricing.kind, rate: pricing.ratePpm / PPM, inbuiltLimit: toKes(pricing.inbuiltLimit) };
  }
}

const presented = new WeakMap<LoadedProduct, ReturnType<typeof presentStaticParts>>();

/** A product as spec-1 §3 "Quoted product" describes it, plus its excesses and pricing rules. */
export function presentProduct(loaded: LoadedProduct, quote?: PremiumBreakdown) {
  let parts = presented.get(loaded);
  if (!parts) {
    parts = presentStaticParts(loaded);
    presented.set(loaded, parts);
  }
  const { rating } = loaded;
  const vehicleValue = quote?.vehicleValue ?? 0;
  return {
    ...parts.head,
    basePremium: quote ? toKes(quote.basicPremium) : null,
    premium: quote ? toKes(quote.total) : null,
    quotePeriod: quote?.periodDays ?? null,
    basePremiumRate:
      rating.basic.kind === 'fixed'
        ? { rateType: 'fixed' as const, value: toKes(rating.basic.premium) }
        : {
            rateType: 'percentage' as const,
            value: findBandRate(rating.basic.bands, vehicleValue) / PPM,
            minimumPremium: toKes(rating.basic.minimumPremium),
          },
    ...parts.tail,
  };
}

/** The parts of a product's presentation that do not depend on the risk, built once per load. */
function presentStaticParts(loaded: LoadedProduct) {
  const { product, underwriter, rating } = loaded;
  const head = {
    id: product.id,
    productName: product.name,
    productDescription: product.description,
    productOverview: product.overview,
    productLogo: product.logo,
    productSystemRef: product.productSystemRef,
    classCode: product.classCode,
    coverType: product.coverType,
  };
  const tail = {
    underwriter: [{ id: underwriter.id, name: underwriter.name, logo: underwriter.logo }],
    intermediary: product.intermediary,
    productTnc: product.termsDocument,
    productCover: {
      coverType: product.coverType,
      supportedPeriods: rating.supportedPeriods,
      minimumValue: toKes(product.minimumValue),
      maximumValue: product.maximumValue === null ? null : toKes(product.maximumValue),
    },
    product_charges_details: rating.charges.map((charge) => ({
      charge_name: charge.name,
      charge_type: charge.type,
      value: charge.type === 'Percentage' ? charge.value / PPM : toKes(charge.value),
    })),
    productBenefits: rating.benefits.map((benefit, index) => ({
      _id: String(loaded.benefits[index]?.id ?? benefit.benefitSystemRef),
      benefitSystemRef: benefit.benefitSystemRef,
      benefit_category_name: benefit.name,
      benefit_category_description: benefit.description,
      benefitType: benefit.type,
      benefitLimit: {
        minimum: toKes(benefit.limit.minimum),
        maximum: toKes(benefit.limit.maximum),
        defaultLimit: toKes(benefit.limit.defaultLimit),
        isAdjustable: benefit.limit.isAdjustable,
      },
      pricing: presentPricing(benefit),
    })),
    excesses: rating.excesses.map((excess) => ({
      id: excess.id,
      name: excess.name,
      type: excess.type,
      description: excess.description,
      minAmount: toKes(excess.minAmount),
      maxAmount: toKes(excess.maxAmount),
      defaultAmount: toKes(excess.defaultAmount),
      amount: toKes(excess.defaultAmount),
    })),
  };
  return { head, tail };
}
export type QuotedProduct = ReturnType<typeof presentProduct>;

/** The calculated quote with its itemised breakdown, in whole shillings. */
export function presentQuote(loaded: LoadedProduct, quote: PremiumBreakdown) {
  return {
    productSystemRef: loaded.product.productSystemRef,
    productName: loaded.product.name,
    underwriter: { id: loaded.underwriter.id, name: loaded.underwriter.name },
    coverType: quote.coverType,
    vehicleValue: toKes(quote.vehicleValue),
    period: quote.periodDays,
    periodShare: quote.periodSharePpm / PPM,
    basicPremium: toKes(quote.basicPremium),
    benefits: quote.benefits.map((line) => ({
      benefitSystemRef: line.benefitSystemRef,
      name: line.name,
      benefitType: line.type,
      limit: toKes(line.limit),
      premium: toKes(line.premium),
    })),
    subtotal: toKes(quote.subtotal),
    charges: quote.charges.map((line) => ({
      charge_name: line.name,
      charge_type: line.type,
      rate: line.type === 'Percentage' ? line.rate / PPM : toKes(line.rate),
      amount: toKes(line.amount),
    })),
    totalCharges: toKes(quote.totalCharges),
    excesses: quote.excesses.map((line) => ({ id: line.id, name: line.name, amount: toKes(line.amount) })),
    total: toKes(quote.total),
    currency: 'KES' as const,
  };
}
