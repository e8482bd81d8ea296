import type { FieldError } from '../gateway';
import { formatKes } from '../money';
import { applyRate, fixedAmount, PPM } from './rounding';
import {
  type BasicDetail,
  type BasicRating,
  type BenefitConfig,
  type BenefitLine,
  type ChargeLine,
  type ExcessDiscount,
  type ExcessLine,
  type PremiumInput,
  type PremiumResult,
  type QuantityMinimum,
  type RateBand,
  type RatingConfiguration,
  type RatingRisk,
  type ShortPeriodStep,
  THIRD_PARTY_COVER_TYPES,
} from './types';

export const VEHICLE_VALUE_REQUIRED_FOR_COMPREHENSIVE =
  'Vehicle value must be greater than 0 for comprehensive cover';

/** The band rate for a value: the band with the highest `fromValue` not above it. */
export function findBandRate(bands: readonly RateBand[], value: number): number {
  const sorted = [...bands].sort((a, b) => a.fromValue - b.fromValue);
  return sorted.filter((band) => band.fromValue <= value).at(-1)?.ratePpm ?? sorted[0]?.ratePpm ?? 0;
}

/**
 * Rate × value by value band, with boundary relief: a vehicle just above a band boundary never pays
 * less than the dearest vehicle just below it, so more value never lowers the premium.
 */
export function calculateBandedPremium(bands: readonly RateBand[], value: number): number {
  const sorted = [...bands].sort((a, b) => a.fromValue - b.fromValue);
  let premium = applyRate(value, findBandRate(sorted, value));
  sorted.forEach((band, index) => {
    if (band.fromValue > value) return;
    const upper = sorted[index + 1]?.fromValue ?? value;
    premium = Math.max(premium, applyRate(Math.min(value, upper), band.ratePpm));
  });
  return premium;
}

/** Share of the annual premium for a cover of `periodDays`: the first step that covers it, else all. */
export function findPeriodShare(scale: readonly ShortPeriodStep[], periodDays: number): number {
  const steps = [...scale].sort((a, b) => a.maxDays - b.maxDays);
  return steps.find((step) => periodDays <= step.maxDays)?.sharePpm ?? PPM;
}

/** Motor private's risk: its vehicle's value, nothing else. */
export const vehicleRisk = (vehicleValue: number): RatingRisk => ({
  values: { vehicle: vehicleValue },
  options: {},
  quantities: {},
});

/** The minimum of a quantity's band: the band with the highest `fromQuantity` not above it. */
export function findQuantityMinimum(
  minimums: readonly QuantityMinimum[],
  quantity: string,
  units: number,
): number {
  const bands = minimums
    .filter((band) => band.quantity === quantity)
    .sort((a, b) => a.fromQuantity - b.fromQuantity);
  return bands.filter((band) => band.fromQuantity <= units).at(-1)?.amount ?? 0;
}

/**
 * A rated basic premium: each group's sum insured at its band rate, then the loadings of the chosen
 * options one after the other; never below the product's minimum nor the loaded minimum of a
 * quantity's band; then the amounts per unit. Every step is monotone, so more sum insured never
 * lowers the premium.
 */
export function calculateRatedBasic(
  basic: Extract<BasicRating, { kind: 'rated' }>,
  risk: RatingRisk,
): { premium: number; detail: BasicDetail } {
  const groups = basic.groups.map((group) => {
    const sumInsured = risk.values[group.group] ?? 0;
    return {
      group: group.group,
      sumInsured,
      ratePpm: findBandRate(group.bands, sumInsured),
      premium: calculateBandedPremium(group.bands, sumInsured),
    };
  });
  const loadings = basic.loadings.filter((loading) => risk.options[loading.factor] === loading.option);
  const load = (amount: number) =>
    loadings.reduce((sum, loading) => applyRate(sum, loading.multiplierPpm), amount);
  const rated = load(groups.reduce((sum, line) => sum + line.premium, 0));
  const quantities = [...new Set(basic.minimums.map((band) => band.quantity))];
  const bandMinimum = load(
    Math.max(
      0,
      ...quantities.map((quantity) =>
        findQuantityMinimum(basic.minimums, quantity, risk.quantities[quantity] ?? 0),
      ),
    ),
  );
  const minimum = Math.max(bandMinimum, fixedAmount(basic.minimumPremium));
  const perUnit = basic.perUnit.map((charge) => {
    const units = risk.quantities[charge.quantity] ?? 0;
    return { quantity: charge.quantity, units, amount: fixedAmount(charge.amount * units) };
  });
  const premium = Math.max(rated, minimum) + perUnit.reduce((sum, line) => sum + line.amount, 0);
  return { premium, detail: { groups, loadings, minimumApplied: minimum > rated ? minimum : null, perUnit } };
}

/** The annual basic premium: rate × value with the minimum premium, the fixed premium, or rated on the risk. */
export function calculateAnnualBasicPremium(
  basic: BasicRating,
  vehicleValue: number,
  risk: RatingRisk = vehicleRisk(vehicleValue),
): number {
  if (basic.kind === 'fixed') return fixedAmount(basic.premium);
  if (basic.kind === 'rated') return calculateRatedBasic(basic, risk).premium;
  return Math.max(calculateBandedPremium(basic.bands, vehicleValue), fixedAmount(basic.minimumPremium));
}

/** A benefit's annual premium at a limit: nothing when included, else by its pricing rule. */
export function calculateAnnualBenefitPremium(
  benefit: BenefitConfig,
  limit: number,
  vehicleValue: number,
): number {
  const pricing = benefit.pricing;
  switch (pricing.kind) {
    case 'included':
      return 0;
    case 'fixed':
      return fixedAmount(pricing.amount);
    case 'percentageOfValue':
      return Math.max(applyRate(vehicleValue, pricing.ratePpm), fixedAmount(pricing.minimum));
    case 'rateOnExtraLimit':
      return applyRate(Math.max(0, limit - pricing.inbuiltLimit), pricing.ratePpm);
  }
}

/**
 * The discount for an excess of `amount`: the largest of the underwriter's tiers the amount reaches
 * (ppm of the basic premium), so a higher excess never earns less; 0 without a tier.
 */
export function findExcessDiscount(discounts: readonly ExcessDiscount[], amount: number): number {
  return Math.max(
    0,
    ...discounts.filter((tier) => tier.fromAmount <= amount).map((tier) => tier.discountPpm),
  );
}

function validate(input: PremiumInput): FieldError[] {
  const { rating, vehicleValue, periodDays } = input;
  const errors: FieldError[] = [];
  if (!Number.isSafeInteger(vehicleValue) || vehicleValue < 0) {
    errors.push({ field: 'risk.value', message: 'Vehicle value must be a whole, positive amount.' });
  } else if (!THIRD_PARTY_COVER_TYPES.includes(rating.coverType) && vehicleValue <= 0) {
    errors.push({ field: 'risk.value', message: VEHICLE_VALUE_REQUIRED_FOR_COMPREHENSIVE });
  }
  if (!rating.supportedPeriods.includes(periodDays)) {
    errors.push({
      field: 'coverDetails.period',
      message: `This product does not offer a cover of ${periodDays} days.`,
    });
  }

  const seen = new Set<string>();
  input.selectedBenefits.forEach((selected, index) => {
    const field = `additionalBenefits.${index}`;
    const benefit = rating.benefits.find(
      (candidate) => candidate.benefitSystemRef === selected.benefitSystemRef,
    );
    if (!benefit) {
      errors.push({
        field: `${field}.benefitSystemRef`,
        message: 'This benefit is not offered by the product.',
      });
      return;
    }
    if (seen.has(benefit.benefitSystemRef)) {
      errors.push({ field: `${field}.benefitSystemRef`, message: `${benefit.name} is selected twice.` });
    }
    seen.add(benefit.benefitSystemRef);
    if (selected.limit === undefined || selected.limit === benefit.limit.defaultLimit) return;
    if (!benefit.limit.isAdjustable) {
      errors.push({ field: `${field}.limit`, message: `The limit of ${benefit.name} cannot be changed.` });
    } else if (
      !Number.isSafeInteger(selected.limit) ||
      selected.limit < benefit.limit.minimum ||
      selected.limit > benefit.limit.maximum
    ) {
      errors.push({
        field: `${field}.limit`,
        message: `The limit of ${benefit.name} must be between ${formatKes(benefit.limit.minimum)} and ${formatKes(benefit.limit.maximum)}.`,
      });
    }
  });

  input.excesses.forEach((chosen, index) => {
    const excess = rating.excesses.find((candidate) => candidate.id === chosen.id);
    if (!excess) {
      errors.push({ field: `excesses.${index}.id`, message: 'This excess does not apply to the product.' });
      return;
    }
    if (
      !Number.isSafeInteger(chosen.amount) ||
      chosen.amount < excess.minAmount ||
      chosen.amount > excess.maxAmount
    ) {
      errors.push({
        field: `excesses.${index}.amount`,
        message: `The ${excess.name} excess must be between ${formatKes(excess.minAmount)} and ${formatKes(excess.maxAmount)}.`,
      });
    }
  });
  return errors;
}

function chosenLimit(benefit: BenefitConfig, input: PremiumInput): number {
  const selected = input.selectedBenefits.find(
    (candidate) => candidate.benefitSystemRef === benefit.benefitSystemRef,
  );
  return selected?.limit ?? benefit.limit.defaultLimit;
}

/** The benefits a quote carries: every core (embedded, inbuilt) benefit and the selected optional ones. */
function quotedBenefits(rating: RatingConfiguration, input: PremiumInput): BenefitConfig[] {
  const selected = new Set(input.selectedBenefits.map((benefit) => benefit.benefitSystemRef));
  return rating.benefits.filter(
    (benefit) => benefit.type !== 'optional' || selected.has(benefit.benefitSystemRef),
  );
}

/**
 * Prices a product for a risk: the basic premium (band rate with minimum, or fixed), less the
 * discounts for the chosen excesses where the underwriter gives them, each benefit, the subtotal, each product charge and the total, scaled for covers shorter than a year.
 * Bad input is refused with field errors, never clamped.
 */
export function calculatePremium(input: PremiumInput): PremiumResult {
  const errors = validate(input);
  if (errors.length > 0) return { ok: false, errors };

  const { rating, vehicleValue, periodDays } = input;
  const share = findPeriodShare(rating.shortPeriodScale, periodDays);
  const forPeriod = (annual: number) => applyRate(annual, share);

  const risk = input.risk ?? vehicleRisk(vehicleValue);
  const rated = rating.basic.kind === 'rated' ? calculateRatedBasic(rating.basic, risk) : null;
  const basicPremium = forPeriod(
    rated ? rated.premium : calculateAnnualBasicPremium(rating.basic, vehicleValue),
  );
  const benefits: BenefitLine[] = quotedBenefits(rating, input).map((benefit) => {
    const limit = chosenLimit(benefit, input);
    return {
      benefitSystemRef: benefit.benefitSystemRef,
      name: benefit.name,
      type: benefit.type,
      limit,
      premium: forPeriod(calculateAnnualBenefitPremium(benefit, limit, vehicleValue)),
    };
  });
  // Each chosen excess's discount, a share of the basic premium; together never more than it.
  let discountLeft = basicPremium;
  const excesses: ExcessLine[] = rating.excesses.map((excess) => {
    const amount = input.excesses.find((chosen) => chosen.id === excess.id)?.amount ?? excess.defaultAmount;
    const discount = Math.min(
      discountLeft,
      applyRate(basicPremium, findExcessDiscount(excess.discounts ?? [], amount)),
    );
    discountLeft -= discount;
    return { id: excess.id, name: excess.name, amount, discount };
  });
  const excessDiscount = basicPremium - discountLeft;
  const subtotal = basicPremium - excessDiscount + benefits.reduce((sum, line) => sum + line.premium, 0);

  const charges: ChargeLine[] = rating.charges.map((charge) => ({
    name: charge.name,
    type: charge.type,
    rate: charge.value,
    amount: charge.type === 'Percentage' ? applyRate(subtotal, charge.value) : fixedAmount(charge.value),
  }));
  const totalCharges = charges.reduce((sum, line) => sum + line.amount, 0);

  return {
    ok: true,
    quote: {
      coverType: rating.coverType,
      vehicleValue,
      periodDays,
      periodSharePpm: share,
      basicPremium,
      ...(rated ? { basicDetail: rated.detail } : {}),
      excessDiscount,
      benefits,
      subtotal,
      charges,
      totalCharges,
      excesses,
      total: subtotal + totalCharges,
    },
  };
}
