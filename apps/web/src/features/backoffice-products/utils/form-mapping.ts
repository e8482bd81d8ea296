import { parseAmount } from '@bima/domain/numbers';
import { isWholePpm, type ProductConfiguration } from '@bima/domain/product-admin';

/** A row's Swahili texts as typed: '' where there is none (the English then shows). */
export interface SwahiliInput {
  name: string;
  description: string;
}

/**
 * The product form holds what people type: text in every input, amounts in shillings ('37,500'),
 * rates as percentages (4.5 for 4.5 %). The API and the domain schema speak integer cents (3750000)
 * and rates as fractions of one (0.045). These functions are the one mapping between the two.
 */

export interface BandInput {
  /** The group of sums insured a rated product's band rates ('vehicle' for motor). */
  group?: string;
  fromValue: string;
  rate: string;
}

/** A rated product's loading: the multiplier (1.4) when `factor` has `option`. */
export interface LoadingInput {
  factor: string;
  option: string;
  multiplier: string;
}

/** A rated product's minimum premium for a quantity's band (tonnage in kg from `fromQuantity`). */
export interface MinimumInput {
  quantity: string;
  fromQuantity: string;
  amount: string;
}

/** A rated product's amount per unit of a quantity (per seat). */
export interface PerUnitInput {
  quantity: string;
  amount: string;
}

export interface StepInput {
  maxDays: string;
  share: string;
}

export interface BenefitInput {
  /** '' for a benefit added in the form (the server gives it a reference). */
  benefitSystemRef: string;
  name: string;
  description: string;
  benefitType: string;
  limit: { minimum: string; maximum: string; defaultLimit: string; isAdjustable: boolean };
  /** Every kind's fields, so switching the kind keeps what was typed; only the kind's own are sent. */
  pricing: { kind: string; amount: string; rate: string; minimum: string; inbuiltLimit: string };
  /** The benefit's name and description in Kiswahili (issue 14). */
  translations: { sw: SwahiliInput };
}

export interface ExcessInput {
  id: string;
  name: string;
  type: string;
  description: string;
  minAmount: string;
  maxAmount: string;
  defaultAmount: string;
  /** The excess's name and description in Kiswahili (issue 14). */
  translations: { sw: SwahiliInput };
}

export interface ChargeInput {
  name: string;
  type: string;
  /** A percentage for a Percentage charge, shillings for a Fixed one (cents on the wire). */
  value: string;
}

export interface ProductFormValues {
  name: string;
  description: string;
  overview: string;
  /** The product's name, description and overview in Kiswahili (issue 14); '' for none. */
  translations: { sw: SwahiliInput & { overview: string } };
  intermediary: string;
  rateBasis: string;
  fixedPremium: string;
  minimumPremium: string;
  bands: BandInput[];
  loadings: LoadingInput[];
  minimums: MinimumInput[];
  perUnit: PerUnitInput[];
  minimumValue: string;
  maximumValue: string;
  /** The ticked period checkboxes' values (days). */
  supportedPeriods: string[];
  shortPeriodScale: StepInput[];
  benefits: BenefitInput[];
  excesses: ExcessInput[];
  charges: ChargeInput[];
  changeSummary: string;
}

/** The cover periods offered as checkboxes, besides any other the product already has. */
export const COMMON_PERIODS = [30, 60, 90, 180, 365] as const;

/** A fraction of one as a percentage, exact to the database's parts per million (0.045 → 4.5). */
export function fractionToPercent(fraction: number): number {
  return Math.round(fraction * 1_000_000) / 10_000;
}

/**
 * A percentage as a fraction of one (4.5 → 0.045), snapped to whole parts per million so that
 * floating point does not refuse a rate the person typed exactly; a finer rate stays as it is, so
 * the schema's precision rule names it.
 */
export function percentToFraction(percent: number): number {
  const fraction = percent / 100;
  if (!Number.isFinite(fraction)) return fraction;
  return isWholePpm(fraction) ? Math.round(fraction * 1_000_000) / 1_000_000 : fraction;
}

/** Text typed in a number field as a number: spaces and thousands commas allowed; blank is NaN. */
export function parseNumber(text: string): number {
  const cleaned = text.replace(/[\s,]/g, '');
  if (cleaned === '') return Number.NaN;
  return Number(cleaned);
}

/** Cents as an amount field shows them, in shillings: 3750000 → '37500', 123450 → '1234.50'. */
export function centsToText(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/**
 * Shillings as typed ('37,500', '37 500', '37500.50') in cents, read as every amount input of the
 * portal reads them (`parseAmount`); text that is not an amount is NaN, which the schema names.
 */
export function textToCents(text: string): number {
  const parsed = parseAmount(text, { unit: 'cents' });
  return parsed.ok ? parsed.value : Number.NaN;
}

const parsePercent = (text: string) => percentToFraction(parseNumber(text));
const percentText = (fraction: number) => String(fractionToPercent(fraction));
const optionalAmount = (text: string) => (text.trim() === '' ? null : textToCents(text));

/** The periods a product's form offers: the common ones and the product's own, in order. */
export function periodOptions(supportedPeriods: ReadonlyArray<number>): number[] {
  return [...new Set([...COMMON_PERIODS, ...supportedPeriods])].sort((a, b) => a - b);
}

/** A product's configuration as the form's values. */
export function toFormValues(configuration: ProductConfiguration): ProductFormValues {
  const c = configuration;
  return {
    name: c.name,
    description: c.description,
    overview: c.overview,
    translations: {
      sw: {
        name: c.translations?.sw?.name ?? '',
        description: c.translations?.sw?.description ?? '',
        overview: c.translations?.sw?.overview ?? '',
      },
    },
    intermediary: c.intermediary,
    rateBasis: c.rateBasis,
    fixedPremium: c.fixedPremium === null ? '' : centsToText(c.fixedPremium),
    minimumPremium: centsToText(c.minimumPremium),
    bands: c.bands.map((band) => ({
      ...(c.rateBasis === 'rated' ? { group: band.group ?? 'vehicle' } : {}),
      fromValue: centsToText(band.fromValue),
      rate: percentText(band.rate),
    })),
    loadings: (c.loadings ?? []).map((loading) => ({
      factor: loading.factor,
      option: loading.option,
      multiplier: String(loading.multiplier),
    })),
    minimums: (c.minimums ?? []).map((minimum) => ({
      quantity: minimum.quantity,
      fromQuantity: String(minimum.fromQuantity),
      amount: centsToText(minimum.amount),
    })),
    perUnit: (c.perUnit ?? []).map((charge) => ({
      quantity: charge.quantity,
      amount: centsToText(charge.amount),
    })),
    minimumValue: centsToText(c.minimumValue),
    maximumValue: c.maximumValue === null ? '' : centsToText(c.maximumValue),
    supportedPeriods: c.supportedPeriods.map(String),
    shortPeriodScale: c.shortPeriodScale.map((step) => ({
      maxDays: String(step.maxDays),
      share: percentText(step.share),
    })),
    benefits: c.benefits.map((benefit) => {
      const { pricing } = benefit;
      return {
        benefitSystemRef: benefit.benefitSystemRef ?? '',
        name: benefit.name,
        description: benefit.description,
        benefitType: benefit.benefitType,
        limit: {
          minimum: centsToText(benefit.limit.minimum),
          maximum: centsToText(benefit.limit.maximum),
          defaultLimit: centsToText(benefit.limit.defaultLimit),
          isAdjustable: benefit.limit.isAdjustable,
        },
        pricing: {
          kind: pricing.kind,
          amount: pricing.kind === 'fixed' ? centsToText(pricing.amount) : '',
          rate:
            pricing.kind === 'percentageOfValue' || pricing.kind === 'rateOnExtraLimit'
              ? percentText(pricing.rate)
              : '',
          minimum: pricing.kind === 'percentageOfValue' ? centsToText(pricing.minimum) : '',
          inbuiltLimit: pricing.kind === 'rateOnExtraLimit' ? centsToText(pricing.inbuiltLimit) : '',
        },
        translations: {
          sw: {
            name: benefit.translations?.sw?.name ?? '',
            description: benefit.translations?.sw?.description ?? '',
          },
        },
      };
    }),
    excesses: c.excesses.map((excess) => ({
      id: excess.id,
      name: excess.name,
      type: excess.type,
      description: excess.description,
      minAmount: centsToText(excess.minAmount),
      maxAmount: centsToText(excess.maxAmount),
      defaultAmount: centsToText(excess.defaultAmount),
      translations: {
        sw: {
          name: excess.translations?.sw?.name ?? '',
          description: excess.translations?.sw?.description ?? '',
        },
      },
    })),
    charges: c.charges.map((charge) => ({
      name: charge.name,
      type: charge.type,
      value: charge.type === 'Percentage' ? percentText(charge.value) : centsToText(charge.value),
    })),
    changeSummary: '',
  };
}

function toPricing(pricing: BenefitInput['pricing']): unknown {
  switch (pricing.kind) {
    case 'included':
      return { kind: 'included' };
    case 'fixed':
      return { kind: 'fixed', amount: textToCents(pricing.amount) };
    case 'percentageOfValue':
      return {
        kind: 'percentageOfValue',
        rate: parsePercent(pricing.rate),
        minimum: textToCents(pricing.minimum),
      };
    case 'rateOnExtraLimit':
      return {
        kind: 'rateOnExtraLimit',
        rate: parsePercent(pricing.rate),
        inbuiltLimit: textToCents(pricing.inbuiltLimit),
      };
    default:
      return { kind: pricing.kind };
  }
}

/**
 * The form's values as the configuration `updateProduct` takes, not yet checked: the domain schema
 * checks it (with its messages, on the same field paths as the form's).
 */
export function toConfiguration(values: ProductFormValues): unknown {
  return {
    name: values.name,
    description: values.description,
    overview: values.overview,
    // Blank Swahili texts are sent blank: the server keeps none, so the English shows.
    translations: {
      sw: {
        name: values.translations?.sw.name ?? '',
        description: values.translations?.sw.description ?? '',
        overview: values.translations?.sw.overview ?? '',
      },
    },
    intermediary: values.intermediary,
    rateBasis: values.rateBasis,
    fixedPremium: values.rateBasis === 'fixed' ? optionalAmount(values.fixedPremium) : null,
    minimumPremium: textToCents(values.minimumPremium),
    bands:
      values.rateBasis === 'fixed'
        ? []
        : values.bands.map((band) => ({
            ...(values.rateBasis === 'rated' ? { group: (band.group ?? '').trim() || 'vehicle' } : {}),
            fromValue: textToCents(band.fromValue),
            rate: parsePercent(band.rate),
          })),
    // Only a product rated on its risk has loadings, minimums by quantity and amounts per unit.
    ...(values.rateBasis === 'rated'
      ? {
          loadings: values.loadings.map((loading) => ({
            factor: loading.factor.trim(),
            option: loading.option.trim(),
            multiplier: parseNumber(loading.multiplier),
          })),
          minimums: values.minimums.map((minimum) => ({
            quantity: minimum.quantity.trim(),
            fromQuantity: parseNumber(minimum.fromQuantity),
            amount: textToCents(minimum.amount),
          })),
          perUnit: values.perUnit.map((charge) => ({
            quantity: charge.quantity.trim(),
            amount: textToCents(charge.amount),
          })),
        }
      : {}),
    minimumValue: textToCents(values.minimumValue),
    maximumValue: optionalAmount(values.maximumValue),
    supportedPeriods: (values.supportedPeriods ?? []).map(Number).sort((a, b) => a - b),
    shortPeriodScale: values.shortPeriodScale.map((step) => ({
      maxDays: parseNumber(step.maxDays),
      share: parsePercent(step.share),
    })),
    benefits: values.benefits.map((benefit) => ({
      ...(benefit.benefitSystemRef ? { benefitSystemRef: benefit.benefitSystemRef } : {}),
      name: benefit.name,
      description: benefit.description,
      benefitType: benefit.benefitType,
      limit: {
        minimum: textToCents(benefit.limit.minimum),
        maximum: textToCents(benefit.limit.maximum),
        defaultLimit: textToCents(benefit.limit.defaultLimit),
        isAdjustable: benefit.limit.isAdjustable,
      },
      pricing: toPricing(benefit.pricing),
      translations: {
        sw: {
          name: benefit.translations?.sw.name ?? '',
          description: benefit.translations?.sw.description ?? '',
        },
      },
    })),
    excesses: values.excesses.map((excess) => ({
      id: excess.id,
      name: excess.name,
      type: excess.type,
      description: excess.description,
      minAmount: textToCents(excess.minAmount),
      maxAmount: textToCents(excess.maxAmount),
      defaultAmount: textToCents(excess.defaultAmount),
      translations: {
        sw: {
          name: excess.translations?.sw.name ?? '',
          description: excess.translations?.sw.description ?? '',
        },
      },
    })),
    charges: values.charges.map((charge) => ({
      name: charge.name,
      type: charge.type,
      value: charge.type === 'Percentage' ? parsePercent(charge.value) : textToCents(charge.value),
    })),
  };
}

/**
 * The form field a server field error belongs to: `configuration.bands.1.fromValue` →
 * `bands.1.fromValue`; the configuration as a whole or the version → the form's own error.
 */
export function formPathOfServerField(field: string): string {
  if (field === 'changeSummary') return 'changeSummary';
  if (field.startsWith('configuration.')) return field.slice('configuration.'.length);
  return 'root.server';
}

/** Every message in react-hook-form's nested errors, once each, in field order. */
export function collectErrorMessages(errors: unknown): string[] {
  const messages: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message !== '') messages.push(message);
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'ref' && key !== 'message' && key !== 'type' && key !== 'types') visit(child);
    }
  };
  visit(errors);
  return [...new Set(messages)];
}
