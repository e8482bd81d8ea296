import {
  compactTranslations,
  PPM,
  type ProductConfiguration,
  type ProductConfigurationAnswer,
  type ProductTranslations,
} from '@bima/domain';
import type {
  ProductSnapshot,
  SnapshotBenefit,
  SnapshotCharge,
  SnapshotExcess,
  SnapshotFactor,
} from '../product/configuration';

const toPpm = (rate: number) => Math.round(rate * PPM);
const toRate = (ppm: number) => ppm / PPM;

/**
 * A version's configuration as the back office edits it: amounts in the cents stored (the wire's one
 * unit; the save takes them back as they are), rates as fractions of one.
 */
export function presentConfiguration(snapshot: ProductSnapshot): ProductConfigurationAnswer {
  const { product } = snapshot;
  return {
    name: product.name,
    description: product.description,
    overview: product.overview,
    translations: translationsOf(product.translations),
    intermediary: product.intermediary,
    rateBasis:
      product.rateBasis === 'fixed' || product.rateBasis === 'rated' ? product.rateBasis : 'percentage',
    fixedPremium: product.rateBasis === 'fixed' ? (product.fixedPremium ?? 0) : null,
    minimumPremium: product.minimumPremium,
    bands: snapshot.bands.map((band) => ({
      ...(product.rateBasis === 'rated' ? { group: band.riskGroup ?? 'vehicle' } : {}),
      fromValue: band.fromValue,
      rate: toRate(band.ratePpm),
    })),
    ...(product.rateBasis === 'rated' ? presentFactors(snapshot.factors ?? []) : {}),
    minimumValue: product.minimumValue,
    maximumValue: product.maximumValue,
    supportedPeriods: [...product.supportedPeriods],
    shortPeriodScale: product.shortPeriodScale.map((step) => ({
      maxDays: step.maxDays,
      share: toRate(step.sharePpm),
    })),
    benefits: snapshot.benefits.map((benefit) => ({
      benefitSystemRef: benefit.benefitSystemRef,
      name: benefit.name,
      description: benefit.description,
      benefitType: benefit.benefitType as ProductConfiguration['benefits'][number]['benefitType'],
      limit: {
        minimum: benefit.limitMinimum,
        maximum: benefit.limitMaximum,
        defaultLimit: benefit.defaultLimit,
        isAdjustable: benefit.isAdjustable,
      },
      pricing: presentPricing(benefit),
      translations: translationsOf(benefit.translations),
    })),
    excesses: snapshot.excesses.map((excess) => ({
      id: excess.code,
      name: excess.name,
      type: excess.excessType,
      description: excess.description,
      minAmount: excess.minAmount,
      maxAmount: excess.maxAmount,
      defaultAmount: excess.defaultAmount,
      discounts: (excess.discounts ?? []).map((tier) => ({
        fromAmount: tier.fromAmount,
        discount: toRate(tier.discountPpm),
      })),
      translations: translationsOf(excess.translations),
    })),
    charges: snapshot.charges.map((charge) =>
      charge.chargeType === 'Fixed'
        ? { name: charge.name, type: 'Fixed' as const, value: charge.value }
        : { name: charge.name, type: 'Percentage' as const, value: toRate(charge.value) },
    ),
  };
}

/** A row's translations as the form edits them: `{sw: {}}` when it has none, so the fields show empty. */
function translationsOf(translations: ProductTranslations | undefined): {
  sw: NonNullable<ProductTranslations['sw']>;
} {
  return { sw: { ...translations?.sw } };
}

/** A rated product's factors as the back office edits them: multipliers as decimals, amounts in cents. */
function presentFactors(factors: readonly SnapshotFactor[]) {
  const of = (kind: string) => factors.filter((factor) => factor.kind === kind);
  return {
    loadings: of('loading').map((factor) => ({
      factor: factor.factor,
      option: factor.option ?? '',
      multiplier: toRate(factor.value),
    })),
    minimums: of('minimum').map((factor) => ({
      quantity: factor.factor,
      fromQuantity: factor.fromQuantity ?? 0,
      amount: factor.value,
    })),
    perUnit: of('perUnit').map((factor) => ({ quantity: factor.factor, amount: factor.value })),
  };
}

/** The rows of a rated configuration's factors (none for other rate bases). */
function toFactorRows(c: ProductConfiguration): SnapshotFactor[] {
  if (c.rateBasis !== 'rated') return [];
  return [
    ...(c.loadings ?? []).map((loading) => ({
      kind: 'loading',
      factor: loading.factor,
      option: loading.option,
      fromQuantity: null,
      value: toPpm(loading.multiplier),
    })),
    ...(c.minimums ?? []).map((minimum) => ({
      kind: 'minimum',
      factor: minimum.quantity,
      option: null,
      fromQuantity: minimum.fromQuantity,
      value: minimum.amount,
    })),
    ...(c.perUnit ?? []).map((charge) => ({
      kind: 'perUnit',
      factor: charge.quantity,
      option: null,
      fromQuantity: null,
      value: charge.amount,
    })),
  ];
}

function presentPricing(benefit: SnapshotBenefit): ProductConfiguration['benefits'][number]['pricing'] {
  switch (benefit.pricingKind) {
    case 'fixed':
      return { kind: 'fixed', amount: benefit.fixedAmount ?? 0 };
    case 'percentageOfValue':
      return {
        kind: 'percentageOfValue',
        rate: toRate(benefit.ratePpm ?? 0),
        minimum: benefit.minimumPremium ?? 0,
      };
    case 'rateOnExtraLimit':
      return {
        kind: 'rateOnExtraLimit',
        rate: toRate(benefit.ratePpm ?? 0),
        inbuiltLimit: benefit.inbuiltLimit ?? 0,
      };
    default:
      return { kind: 'included' };
  }
}

const cleanRef = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** How the references of a product's new benefits begin: 'APA-MP-PLUS-'. */
export function benefitRefPrefix(productSystemRef: string): string {
  return `${cleanRef(productSystemRef) || 'PRODUCT'}-`;
}

/** A reference for a new benefit: the product's reference and the benefit's name, made unique. */
function newBenefitRef(productSystemRef: string, name: string, taken: Set<string>): string {
  const base = `${benefitRefPrefix(productSystemRef)}${cleanRef(name) || 'BENEFIT'}`
    .slice(0, 72)
    .replace(/-+$/, '');
  let candidate = base;
  for (let counter = 2; taken.has(candidate); counter += 1) candidate = `${base}-${counter}`;
  taken.add(candidate);
  return candidate;
}

function toBenefitRow(
  benefit: ProductConfiguration['benefits'][number],
  benefitSystemRef: string,
): SnapshotBenefit {
  const { pricing } = benefit;
  return {
    benefitSystemRef,
    name: benefit.name,
    description: benefit.description,
    benefitType: benefit.benefitType,
    limitMinimum: benefit.limit.minimum,
    limitMaximum: benefit.limit.maximum,
    defaultLimit: benefit.limit.defaultLimit,
    isAdjustable: benefit.limit.isAdjustable,
    pricingKind: pricing.kind,
    ratePpm:
      pricing.kind === 'percentageOfValue' || pricing.kind === 'rateOnExtraLimit'
        ? toPpm(pricing.rate)
        : null,
    minimumPremium: pricing.kind === 'percentageOfValue' ? pricing.minimum : null,
    fixedAmount: pricing.kind === 'fixed' ? pricing.amount : null,
    inbuiltLimit: pricing.kind === 'rateOnExtraLimit' ? pricing.inbuiltLimit : null,
    translations: compactTranslations(benefit.translations),
  };
}

/**
 * The snapshot an edited configuration makes of the current version: the edited fields replace the
 * current ones; the product's identity (reference, underwriter, class, cover type), its documents,
 * order and active flag stay. New benefits get a reference none of `takenRefs` has.
 */
export function applyConfiguration(
  current: ProductSnapshot,
  configuration: ProductConfiguration,
  takenRefs: ReadonlySet<string>,
): ProductSnapshot {
  const c = configuration;
  const taken = new Set([
    ...takenRefs,
    ...c.benefits.flatMap((benefit) => (benefit.benefitSystemRef ? [benefit.benefitSystemRef] : [])),
  ]);
  // A configuration that leaves translations out (an older client) keeps the current ones; an empty
  // `{sw: {}}` clears them.
  const currentBenefits = new Map(current.benefits.map((benefit) => [benefit.benefitSystemRef, benefit]));
  const currentExcesses = new Map(current.excesses.map((excess) => [excess.code, excess]));
  const excesses: SnapshotExcess[] = c.excesses.map((excess) => ({
    code: excess.id,
    name: excess.name,
    excessType: excess.type,
    description: excess.description,
    minAmount: excess.minAmount,
    maxAmount: excess.maxAmount,
    defaultAmount: excess.defaultAmount,
    // Left out (the back office's form does not edit them), the excess's current discounts stay.
    discounts:
      excess.discounts === undefined
        ? (currentExcesses.get(excess.id)?.discounts ?? [])
        : excess.discounts.map((tier) => ({
            fromAmount: tier.fromAmount,
            discountPpm: toPpm(tier.discount),
          })),
    translations:
      excess.translations === undefined
        ? (currentExcesses.get(excess.id)?.translations ?? {})
        : compactTranslations(excess.translations),
  }));
  const charges: SnapshotCharge[] = c.charges.map((charge) => ({
    name: charge.name,
    chargeType: charge.type,
    value: charge.type === 'Fixed' ? charge.value : toPpm(charge.value),
  }));
  return {
    product: {
      ...current.product,
      name: c.name,
      description: c.description,
      overview: c.overview,
      translations:
        c.translations === undefined
          ? (current.product.translations ?? {})
          : compactTranslations(c.translations),
      intermediary: c.intermediary,
      rateBasis: c.rateBasis,
      fixedPremium: c.rateBasis === 'fixed' && c.fixedPremium !== null ? c.fixedPremium : null,
      minimumPremium: c.minimumPremium,
      minimumValue: c.minimumValue,
      maximumValue: c.maximumValue === null ? null : c.maximumValue,
      supportedPeriods: [...c.supportedPeriods],
      shortPeriodScale: c.shortPeriodScale.map((step) => ({
        maxDays: step.maxDays,
        sharePpm: toPpm(step.share),
      })),
    },
    bands: c.bands.map((band) => ({
      riskGroup: c.rateBasis === 'rated' ? (band.group ?? 'vehicle') : 'vehicle',
      fromValue: band.fromValue,
      ratePpm: toPpm(band.rate),
    })),
    factors: toFactorRows(c),
    benefits: c.benefits.map((benefit) => {
      const row = toBenefitRow(
        benefit,
        benefit.benefitSystemRef ?? newBenefitRef(current.product.productSystemRef, benefit.name, taken),
      );
      if (benefit.translations !== undefined) return row;
      return { ...row, translations: currentBenefits.get(row.benefitSystemRef)?.translations ?? {} };
    }),
    excesses,
    charges,
  };
}

/** JSON with keys in order, so two snapshots compare by content. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

const SECTIONS: Array<{ label: string; pick: (snapshot: ProductSnapshot) => unknown }> = [
  {
    label: 'product details',
    // Versions kept before issue 14 have no translations: theirs are none.
    pick: ({ product }) => [
      product.name,
      product.description,
      product.overview,
      product.translations ?? {},
      product.intermediary,
    ],
  },

  {
    label: 'basic rating',
    pick: ({ product }) => [product.rateBasis, product.fixedPremium, product.minimumPremium],
  },
  {
    label: 'rate bands',
    // Versions kept before insurance classes have bands without a group: theirs is 'vehicle'.
    pick: (snapshot) => snapshot.bands.map((band) => ({ ...band, riskGroup: band.riskGroup ?? 'vehicle' })),
  },
  { label: 'rating factors', pick: (snapshot) => snapshot.factors ?? [] },
  { label: 'vehicle values', pick: ({ product }) => [product.minimumValue, product.maximumValue] },
  { label: 'cover periods', pick: ({ product }) => product.supportedPeriods },
  { label: 'short-period scale', pick: ({ product }) => product.shortPeriodScale },
  { label: 'benefits', pick: (snapshot) => snapshot.benefits.map(withTranslations) },
  { label: 'excesses', pick: (snapshot) => snapshot.excesses.map(withTranslations) },
  { label: 'charges', pick: (snapshot) => snapshot.charges },
  { label: 'availability', pick: ({ product }) => product.active },
];

/** A row as compared: one kept before issue 14 has no translations, which is the same as `{}`. */
function withTranslations<T extends { translations?: unknown }>(row: T) {
  return { ...row, translations: row.translations ?? {} };
}

/** The parts of a product that differ between two snapshots, in the form's order. */
export function describeChanges(before: ProductSnapshot, after: ProductSnapshot): string[] {
  return SECTIONS.filter((section) => canonical(section.pick(before)) !== canonical(section.pick(after))).map(
    (section) => section.label,
  );
}

/** 'Changed rate bands, benefits and charges.' */
export function summariseChanges(changes: readonly string[]): string {
  const list =
    changes.length <= 1 ? changes.join('') : `${changes.slice(0, -1).join(', ')} and ${changes.at(-1)}`;
  return `Changed ${list}.`;
}
