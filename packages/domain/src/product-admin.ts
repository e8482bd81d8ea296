import { z } from 'zod';
import { wholeShillingCents as centsOfWholeShillings } from './cents-schema';
import { cents } from './contract/define';
import { BENEFIT_TYPES } from './premium/types';

/**
 * The product back office (`backoffice / product / …`): the editable configuration of a product on
 * the wire — amounts in integer cents (issue 29's one unit; the editor takes whole shillings, so a
 * saved amount is cents of whole shillings), rates as fractions of one (0.045 is 4.5 %) — with the
 * messages its form shows. The server keeps cents and ppm.
 */
export const PRODUCT_ADMIN_MESSAGES = {
  productRequired: 'Choose a product.',
  versionRequired: 'Give the version you are editing.',
  nameRequired: 'Product name is required.',
  intermediaryRequired: 'Intermediary is required.',
  wholeShillings: 'Enter a whole number of shillings.',
  negativeAmount: 'Amounts cannot be negative.',
  amountTooLarge: 'This amount is too large.',
  rateRange: 'A rate must be between 0 and 1 (0 % to 100 %).',
  ratePrecision: 'Give the rate to at most four decimal places of a percent (e.g. 0.045 for 4.5 %).',
  rateBasis: 'Choose how the product is rated: percentage, fixed or rated on the risk.',
  ratedNeedsRates: 'A product rated on its risk needs rate bands, a minimum premium or minimums by quantity.',
  ratedHasNoFixedPremium: 'A product rated on its risk has no fixed premium: leave it empty.',
  groupName: 'A risk group is a name of letters (vehicle, building, contents, highValue, hull).',
  factorName: 'A rating factor or quantity is a name of letters (e.g. primaryUse, tonnageKg, seats).',
  optionName: 'An option uses letters, digits and hyphens (e.g. general-cartage).',
  multiplierRange: 'A loading is a multiplier above 0 and at most 10 (e.g. 1.4), to six decimal places.',
  loadingTwice: 'This factor and option already have a loading.',
  minimumOrder:
    'Minimums must not fall as the quantity grows: start this band higher, with at least the minimum before it.',
  perUnitTwice: 'This quantity already has an amount per unit.',
  loadingsOnlyRated:
    'Only a product rated on its risk has loadings, minimums by quantity and amounts per unit.',
  fixedPremiumRequired: 'A fixed-rated product needs a fixed premium above KES 0.',
  fixedHasNoBands: 'A fixed-rated product has no rate bands: remove them or rate it by percentage.',
  fixedHasNoMinimum: 'A fixed-rated product has no minimum premium: set it to 0.',
  percentageHasNoFixedPremium: 'A percentage-rated product has no fixed premium: leave it empty.',
  bandsRequired: 'A percentage-rated product needs at least one rate band.',
  firstBandStart: 'The first rate band must start at or below the minimum vehicle value.',
  bandOrder: 'Rate bands must go up in value without overlapping: start this band above the one before.',
  bandAboveMaximum: 'This rate band starts above the maximum vehicle value.',
  maximumBelowMinimum: 'The maximum vehicle value must be at least the minimum vehicle value.',
  periodsRequired: 'Offer at least one cover period.',
  periodRange: 'A cover period is a whole number of days from 1 to 366.',
  periodTwice: 'This cover period is listed twice.',
  scaleOrder: 'Short-period steps must go up in days: give this step more days than the one before.',
  benefitNameRequired: 'Benefit name is required.',
  benefitType: 'Choose the benefit type: embedded, inbuilt or optional.',
  benefitPricing: 'Choose how the benefit is priced: included, fixed, percentageOfValue or rateOnExtraLimit.',
  benefitRef: 'A benefit reference uses capital letters, digits and hyphens (at most 80).',
  benefitRefTwice: 'Two benefits cannot share a reference.',
  limitMaximumBelowMinimum: 'The maximum limit must be at least the minimum limit.',
  defaultLimitOutside: 'The default limit must be between the minimum and the maximum limit.',
  excessId: 'An excess id uses small letters, digits and hyphens (at most 40).',
  excessIdTwice: 'Two excesses cannot share an id.',
  excessNameRequired: 'Excess name is required.',
  excessMaximumBelowMinimum: 'The maximum excess must be at least the minimum excess.',
  defaultExcessOutside: 'The default excess must be between the minimum and the maximum excess.',
  excessDiscountOutside:
    'A discount for a higher excess must start between the minimum and the maximum excess.',
  chargeNameRequired: 'Charge name is required.',
  chargeNameTwice: 'Two charges cannot share a name.',
  chargeType: 'Choose the charge type: Percentage or Fixed.',
  percentageCharge:
    'A percentage charge must be between 0 and 1 (0 % to 100 %), to four decimal places of a percent.',
  fixedCharge: 'A fixed charge is a whole number of shillings.',
  staleVersion: 'This product was changed by someone else. Reload it to see the latest version.',
  swahiliNameLength: 'The Swahili name can be at most 120 characters.',
  swahiliDescriptionLength: 'The Swahili description can be at most 500 characters.',
  swahiliOverviewLength: 'The Swahili overview can be at most 2000 characters.',
  swahiliBenefitDescriptionLength: 'The Swahili description can be at most 1000 characters.',
} as const;

const M = PRODUCT_ADMIN_MESSAGES;

/** Amounts are bounded well inside what cents can hold exactly: KES 100 billion, in cents. */
export const MAX_ADMIN_AMOUNT_CENTS = 100_000_000_000 * 100;

/** Whether cents are a whole number of shillings (the editor's unit: KES 1,234, not KES 1,234.50). */
const isWholeShillings = (amount: number) => amount % 100 === 0;

/**
 * An amount the back office saves: integer cents of a whole number of shillings (KES 37,500 is
 * 3750000), with the messages the editor shows for what the person typed in shillings.
 */
const wholeShillingCents = centsOfWholeShillings({
  required: M.wholeShillings,
  notWhole: M.wholeShillings,
  min: { cents: 0, message: M.negativeAmount },
  max: { cents: MAX_ADMIN_AMOUNT_CENTS, message: M.amountTooLarge },
});
type Amount = typeof wholeShillingCents;

/** Whether a fraction of one is a whole number of parts per million (the database holds ppm). */
export function isWholePpm(rate: number): boolean {
  const ppm = rate * 1_000_000;
  return Math.abs(ppm - Math.round(ppm)) < 1e-6;
}

const rate = z
  .number({ error: M.rateRange })
  .min(0, M.rateRange)
  .max(1, M.rateRange)
  .refine(isWholePpm, M.ratePrecision);

const periodDays = z
  .number({ error: M.periodRange })
  .int(M.periodRange)
  .min(1, M.periodRange)
  .max(366, M.periodRange);

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

/**
 * A row's Swahili texts (issue 14), all optional: a blank one is dropped, so the English shows.
 * `translations: {sw: {name, description, overview}}`, as the row's `translations` column holds it.
 */
const swahiliTexts = (descriptionMax: number, descriptionMessage: string) =>
  z
    .object({
      sw: z
        .object({
          name: z.string().trim().max(120, M.swahiliNameLength).optional(),
          description: z.string().trim().max(descriptionMax, descriptionMessage).optional(),
          overview: z.string().trim().max(2_000, M.swahiliOverviewLength).optional(),
        })
        .strict()
        .optional(),
    })
    .strict()
    .optional();

const name = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[A-Za-z]{1,40}$/, message);

/** A loading: `multiplier` (1.4 = +40 %) applies when `factor` has `option`. */
export const adminLoadingSchema = z.object({
  factor: name(M.factorName),
  option: z
    .string({ error: M.optionName })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,40}$/, M.optionName),
  multiplier: z
    .number({ error: M.multiplierRange })
    .gt(0, M.multiplierRange)
    .max(10, M.multiplierRange)
    .refine(isWholePpm, M.multiplierRange),
});
export const adminShortPeriodStepSchema = z.object({ maxDays: periodDays, share: rate });

/**
 * The rows of a configuration that hold amounts, over one kind of amount: the save's (cents of
 * whole shillings, with the editor's messages) or the answer's (any integer cents, as stored).
 */
function amountRows(amount: Amount) {
  /** A rate band: `group` is the group of sums insured it rates (motor: 'vehicle'). */
  const rateBand = z.object({ group: name(M.groupName).optional(), fromValue: amount, rate });

  /** A minimum premium (cents) for a quantity from `fromQuantity` up (tonnage in kg). */
  const quantityMinimum = z.object({
    quantity: name(M.factorName),
    fromQuantity: z.number({ error: M.wholeShillings }).int(M.wholeShillings).min(0, M.negativeAmount),
    amount,
  });

  /** An amount (cents) per unit of a quantity (per seat). */
  const perUnit = z.object({ quantity: name(M.factorName), amount });

  const benefitPricing = z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('included') }),
      z.object({ kind: z.literal('fixed'), amount }),
      z.object({ kind: z.literal('percentageOfValue'), rate, minimum: amount }),
      z.object({ kind: z.literal('rateOnExtraLimit'), rate, inbuiltLimit: amount }),
    ],
    { error: M.benefitPricing },
  );

  const benefit = z.object({
    /** Kept from the product's benefit being edited; a new benefit leaves it out and is given one. */
    benefitSystemRef: z
      .string({ error: M.benefitRef })
      .regex(/^[A-Z0-9][A-Z0-9-]{0,79}$/, M.benefitRef)
      .optional(),
    name: requiredText(120, M.benefitNameRequired),
    description: text(1_000),
    benefitType: z.enum(BENEFIT_TYPES, { error: M.benefitType }),
    limit: z.object({ minimum: amount, maximum: amount, defaultLimit: amount, isAdjustable: z.boolean() }),
    pricing: benefitPricing,
    /** The benefit's name and description in Swahili; English shows where one is missing. */
    translations: swahiliTexts(1_000, M.swahiliBenefitDescriptionLength),
  });

  /** A discount for a higher excess: from an amount (cents), a fraction of the basic premium off. */
  const excessDiscount = z.object({ fromAmount: amount, discount: rate });

  const excess = z.object({
    id: z.string({ error: M.excessId }).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, M.excessId),
    name: requiredText(120, M.excessNameRequired),
    type: text(60),
    description: text(1_000),
    minAmount: amount,
    maxAmount: amount,
    defaultAmount: amount,
    /** The underwriter's discounts for a higher excess; left out, the product's current ones stay. */
    discounts: z.array(excessDiscount).max(10).optional(),
    /** The excess's name and description in Swahili. */
    translations: swahiliTexts(1_000, M.swahiliBenefitDescriptionLength),
  });
  return { rateBand, quantityMinimum, perUnit, benefitPricing, benefit, excessDiscount, excess };
}

const saved = amountRows(wholeShillingCents);
export const adminRateBandSchema = saved.rateBand;
export const adminQuantityMinimumSchema = saved.quantityMinimum;
export const adminPerUnitSchema = saved.perUnit;
export const adminBenefitPricingSchema = saved.benefitPricing;
export const adminBenefitSchema = saved.benefit;
export type AdminBenefit = z.infer<typeof adminBenefitSchema>;
export const adminExcessDiscountSchema = saved.excessDiscount;
export const adminExcessSchema = saved.excess;
export type AdminExcess = z.infer<typeof adminExcessSchema>;

/**
 * A charge as saved: a Percentage value is a fraction of one of the subtotal, a Fixed value cents
 * (of whole shillings: the cross-checks say so with `fixedCharge`, as the type decides the unit).
 */
export const adminChargeSchema = z.object({
  name: requiredText(120, M.chargeNameRequired),
  type: z.enum(['Percentage', 'Fixed'], { error: M.chargeType }),
  value: z
    .number({ error: M.fixedCharge })
    .min(0, M.negativeAmount)
    .max(MAX_ADMIN_AMOUNT_CENTS, M.amountTooLarge),
});
export type AdminCharge = z.infer<typeof adminChargeSchema>;

/** A charge as answered: its value's unit follows its type (a fraction of one, or cents). */
const chargeAnswerSchema = z.discriminatedUnion('type', [
  z.object({ name: z.string(), type: z.literal('Percentage'), value: z.number() }),
  z.object({ name: z.string(), type: z.literal('Fixed'), value: cents() }),
]);

type Issue = { path: (string | number)[]; message: string };

/** The rules between fields of a configuration; each names the field to correct. */
export function findConfigurationIssues(configuration: ProductConfigurationShape): Issue[] {
  const issues: Issue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  const c = {
    ...configuration,
    loadings: configuration.loadings ?? [],
    minimums: configuration.minimums ?? [],
    perUnit: configuration.perUnit ?? [],
  };
  const groupOf = (band: { group?: string }) => band.group ?? 'vehicle';

  if (c.maximumValue !== null && c.maximumValue < c.minimumValue)
    add(['maximumValue'], M.maximumBelowMinimum);

  if (c.rateBasis === 'fixed') {
    if (c.fixedPremium === null || c.fixedPremium <= 0) add(['fixedPremium'], M.fixedPremiumRequired);
    if (c.bands.length > 0) add(['bands'], M.fixedHasNoBands);
    if (c.minimumPremium !== 0) add(['minimumPremium'], M.fixedHasNoMinimum);
  } else if (c.rateBasis === 'rated') {
    if (c.fixedPremium !== null) add(['fixedPremium'], M.ratedHasNoFixedPremium);
    if (c.bands.length === 0 && c.minimumPremium === 0 && c.minimums.length === 0)
      add(['bands'], M.ratedNeedsRates);
    // Each group's bands go up in value, as a percentage product's do.
    c.bands.forEach((band, index) => {
      const previous = c.bands
        .slice(0, index)
        .filter((other) => groupOf(other) === groupOf(band))
        .at(-1);
      if (previous && band.fromValue <= previous.fromValue) add(['bands', index, 'fromValue'], M.bandOrder);
    });
  } else {
    if (c.fixedPremium !== null) add(['fixedPremium'], M.percentageHasNoFixedPremium);
    if (c.bands.length === 0) add(['bands'], M.bandsRequired);
    c.bands.forEach((band, index) => {
      const previous = c.bands[index - 1];
      if (previous && band.fromValue <= previous.fromValue) add(['bands', index, 'fromValue'], M.bandOrder);
      else if (index === 0 && band.fromValue > c.minimumValue)
        add(['bands', 0, 'fromValue'], M.firstBandStart);
      else if (c.maximumValue !== null && band.fromValue > c.maximumValue)
        add(['bands', index, 'fromValue'], M.bandAboveMaximum);
    });
  }
  if (c.rateBasis !== 'rated') {
    if (c.loadings.length > 0) add(['loadings'], M.loadingsOnlyRated);
    if (c.minimums.length > 0) add(['minimums'], M.loadingsOnlyRated);
    if (c.perUnit.length > 0) add(['perUnit'], M.loadingsOnlyRated);
  }
  const loadingKeys = new Set<string>();
  c.loadings.forEach((loading, index) => {
    const key = `${loading.factor}\u0000${loading.option}`;
    if (loadingKeys.has(key)) add(['loadings', index, 'option'], M.loadingTwice);
    loadingKeys.add(key);
  });
  // More of a quantity never has a lower minimum: bands ascend in quantity and never fall in amount.
  c.minimums.forEach((minimum, index) => {
    const previous = c.minimums
      .slice(0, index)
      .filter((other) => other.quantity === minimum.quantity)
      .at(-1);
    if (previous && (minimum.fromQuantity <= previous.fromQuantity || minimum.amount < previous.amount))
      add(['minimums', index, 'fromQuantity'], M.minimumOrder);
  });
  const perUnitKeys = new Set<string>();
  c.perUnit.forEach((charge, index) => {
    if (perUnitKeys.has(charge.quantity)) add(['perUnit', index, 'quantity'], M.perUnitTwice);
    perUnitKeys.add(charge.quantity);
  });

  c.supportedPeriods.forEach((period, index) => {
    if (c.supportedPeriods.indexOf(period) !== index) add(['supportedPeriods', index], M.periodTwice);
  });
  c.shortPeriodScale.forEach((step, index) => {
    const previous = c.shortPeriodScale[index - 1];
    if (previous && step.maxDays <= previous.maxDays)
      add(['shortPeriodScale', index, 'maxDays'], M.scaleOrder);
  });

  const refs = new Set<string>();
  c.benefits.forEach((benefit, index) => {
    if (benefit.benefitSystemRef !== undefined) {
      if (refs.has(benefit.benefitSystemRef)) add(['benefits', index, 'benefitSystemRef'], M.benefitRefTwice);
      refs.add(benefit.benefitSystemRef);
    }
    // A fixed limit has no range: only an adjustable one is chosen between its minimum and maximum.
    const { limit } = benefit;
    if (!limit.isAdjustable) return;
    if (limit.maximum < limit.minimum)
      add(['benefits', index, 'limit', 'maximum'], M.limitMaximumBelowMinimum);
    else if (limit.defaultLimit < limit.minimum || limit.defaultLimit > limit.maximum)
      add(['benefits', index, 'limit', 'defaultLimit'], M.defaultLimitOutside);
  });

  const excessIds = new Set<string>();
  c.excesses.forEach((excess, index) => {
    if (excessIds.has(excess.id)) add(['excesses', index, 'id'], M.excessIdTwice);
    excessIds.add(excess.id);
    if (excess.maxAmount < excess.minAmount)
      add(['excesses', index, 'maxAmount'], M.excessMaximumBelowMinimum);
    else if (excess.defaultAmount < excess.minAmount || excess.defaultAmount > excess.maxAmount)
      add(['excesses', index, 'defaultAmount'], M.defaultExcessOutside);
    excess.discounts?.forEach((tier, tierIndex) => {
      if (tier.fromAmount < excess.minAmount || tier.fromAmount > excess.maxAmount)
        add(['excesses', index, 'discounts', tierIndex, 'fromAmount'], M.excessDiscountOutside);
    });
  });

  const chargeNames = new Set<string>();
  c.charges.forEach((charge, index) => {
    const name = charge.name.toLowerCase();
    if (chargeNames.has(name)) add(['charges', index, 'name'], M.chargeNameTwice);
    chargeNames.add(name);
    if (charge.type === 'Percentage' && (charge.value > 1 || !isWholePpm(charge.value)))
      add(['charges', index, 'value'], M.percentageCharge);
    if (charge.type === 'Fixed' && !(Number.isSafeInteger(charge.value) && isWholeShillings(charge.value)))
      add(['charges', index, 'value'], M.fixedCharge);
  });
  return issues;
}

/** A configuration's fields over one kind of amount (see `amountRows`) and charge. */
function configurationFields(amount: Amount, charge: typeof adminChargeSchema | typeof chargeAnswerSchema) {
  const rows = amountRows(amount);
  return {
    name: requiredText(120, M.nameRequired),
    description: text(500),
    overview: text(2_000),
    /** The product's name, description and overview in Swahili (issue 14); English where missing. */
    translations: swahiliTexts(500, M.swahiliDescriptionLength),
    intermediary: requiredText(120, M.intermediaryRequired),
    /** 'percentage' of the vehicle's value, 'fixed', or 'rated' on the risk's facts (other classes). */
    rateBasis: z.enum(['percentage', 'fixed', 'rated'], { error: M.rateBasis }),
    /** Cents a year; only for a fixed-rated product (null otherwise). */
    fixedPremium: amount.nullable(),
    /** Cents a year; only for a percentage-rated product (0 otherwise). */
    minimumPremium: amount,
    /** Percentage-rated only, ascending: each rate applies from its `fromValue` up to the next band. */
    bands: z.array(rows.rateBand).max(50),
    /** Rated products only: loadings by factor option, minimums by quantity band, amounts per unit. */
    loadings: z.array(adminLoadingSchema).max(60).optional(),
    minimums: z.array(rows.quantityMinimum).max(30).optional(),
    perUnit: z.array(rows.perUnit).max(10).optional(),
    /** The vehicle values the product accepts, cents (maximum null: third-party, no limit). */
    minimumValue: amount,
    maximumValue: amount.nullable(),
    supportedPeriods: z.array(periodDays).min(1, M.periodsRequired).max(20),
    /** Covers of at most `maxDays` pay `share` of the annual premium; longer covers pay it all. */
    shortPeriodScale: z.array(adminShortPeriodStepSchema).max(20),
    benefits: z.array(rows.benefit).max(60),
    excesses: z.array(rows.excess).max(20),
    charges: z.array(charge).max(20),
  };
}

const configurationShape = z.object(configurationFields(wholeShillingCents, adminChargeSchema));
type ProductConfigurationShape = z.infer<typeof configurationShape>;

/** A product's editable configuration, as `updateProduct` takes it (amounts in cents of whole shillings). */
export const productConfigurationSchema = configurationShape.superRefine((configuration, context) => {
  for (const issue of findConfigurationIssues(configuration)) {
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
});
export type ProductConfiguration = z.infer<typeof productConfigurationSchema>;

/**
 * The configuration as `getProduct` answers it: the same fields, amounts in cents as stored (a
 * Fixed charge's value too), without the save's rules.
 */
export const productConfigurationOutputSchema = z.object(
  configurationFields(cents().min(0), chargeAnswerSchema),
);
export type ProductConfigurationAnswer = z.infer<typeof productConfigurationOutputSchema>;

const productSystemRef = z
  .string({ error: M.productRequired })
  .trim()
  .min(1, M.productRequired)
  .max(100, M.productRequired);
const expectedVersion = z
  .number({ error: M.versionRequired })
  .int(M.versionRequired)
  .min(1, M.versionRequired);
const page = z.number().int().min(1).max(100_000).default(1);
const pageSize = z.number().int().min(1).max(100).default(20);

/** `backoffice / product / listProducts`. */
export const adminListProductsSchema = z.object({
  page,
  pageSize,
  /** Part of the product's name or reference. */
  search: z.string().trim().max(100).optional(),
  classCode: z.string().trim().min(1).max(20).optional(),
  active: z.boolean().optional(),
});

/** `backoffice / product / getProduct`. */
export const adminProductRefSchema = z.object({ productSystemRef });

/** `backoffice / product / updateProduct`: the whole configuration, as `getProduct` gave it. */
export const adminUpdateProductSchema = z.object({
  productSystemRef,
  expectedVersion,
  /** What changed and why, for the version history; made from the changes when left out. */
  changeSummary: text(500).optional(),
  configuration: productConfigurationSchema,
});
export type AdminUpdateProductInput = z.infer<typeof adminUpdateProductSchema>;

/** `backoffice / product / setProductActive`. */
export const adminSetProductActiveSchema = z.object({
  productSystemRef,
  expectedVersion,
  active: z.boolean({ error: 'Say whether the product is active.' }),
  changeSummary: text(500).optional(),
});

/** `backoffice / product / listProductVersions`. */
export const adminListProductVersionsSchema = z.object({ productSystemRef, page, pageSize });

/** `backoffice / product / getProductVersion`. */
export const adminProductVersionSchema = z.object({
  productSystemRef,
  version: z
    .number({ error: 'Give a version number.' })
    .int('Give a version number.')
    .min(1, 'Give a version number.'),
});
