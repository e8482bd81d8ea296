import type { ExcessInput, RatingConfiguration, SelectedBenefitInput } from './premium/types';

/**
 * A benefit the client chose on a policy: an optional one bought on top, or a core one whose limit
 * was changed. Limits in cents; no limit means the product's default.
 */
export interface ChosenBenefit {
  benefitSystemRef: string;
  name: string;
  limit?: number;
}

/** A benefit of the client's choices as another product gives it (limits in cents, null: none stated). */
export interface EquivalentBenefit {
  /** The other product's benefit (its reference and name), or the client's own where none matches. */
  benefitSystemRef: string;
  name: string;
  /** The limit priced, or the limit the product gives. */
  limit: number | null;
  /** The client's limit, when this product cannot give that much. */
  yourLimit?: number;
}

/** The client's choices made on one product, carried to another so their prices compare like for like. */
export interface EquivalentChoices {
  /** What to price the other product with (cents). */
  selectedBenefits: SelectedBenefitInput[];
  excesses: ExcessInput[];
  /** The client's benefits the price includes, by the other product's names and limits. */
  includes: EquivalentBenefit[];
  /** The client's benefits the other product does not offer: its price is without them. */
  cannotOffer: EquivalentBenefit[];
}

/** A benefit's own part of its reference: `JUB-MP-ELITE-PVT` of product `JUB-MP-ELITE` is `PVT`. */
export function benefitKey(productSystemRef: string, benefitSystemRef: string): string {
  const prefix = `${productSystemRef}-`.toUpperCase();
  const ref = benefitSystemRef.toUpperCase();
  return ref.startsWith(prefix) ? ref.slice(prefix.length) : ref;
}

const nameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const clamp = (value: number, minimum: number, maximum: number) =>
  Math.min(Math.max(value, minimum), maximum);

/**
 * Carries the client's choices on one product to another, so that the two are priced like for like
 * (a renewal's alternatives). A benefit is the same benefit when its own part of the reference
 * (`…-PVT`) or its name matches. An optional benefit is selected where the other product sells it
 * (where it comes with the cover there, it is included as it is); a chosen limit is kept where the
 * other product's limit is adjustable, brought within its range, and named with the client's limit
 * where the other product gives less. A benefit the other product lacks cannot be offered, and its
 * price says so. Excesses go by their id (the same per-claim excess in every product) at the
 * client's amount, within the other product's range.
 */
export function equivalentChoices(options: {
  fromProductRef: string;
  benefits: readonly ChosenBenefit[];
  excesses: readonly ExcessInput[];
  toProductRef: string;
  to: Pick<RatingConfiguration, 'benefits' | 'excesses'>;
}): EquivalentChoices {
  const result: EquivalentChoices = { selectedBenefits: [], excesses: [], includes: [], cannotOffer: [] };
  for (const chosen of options.benefits) {
    const key = benefitKey(options.fromProductRef, chosen.benefitSystemRef);
    const match =
      options.to.benefits.find(
        (benefit) => benefitKey(options.toProductRef, benefit.benefitSystemRef) === key,
      ) ?? options.to.benefits.find((benefit) => nameKey(benefit.name) === nameKey(chosen.name));
    if (!match) {
      result.cannotOffer.push({
        benefitSystemRef: chosen.benefitSystemRef,
        name: chosen.name,
        limit: chosen.limit ?? null,
      });
      continue;
    }
    const { limit } = match;
    const priced =
      limit.isAdjustable && chosen.limit !== undefined
        ? clamp(chosen.limit, limit.minimum, limit.maximum)
        : limit.defaultLimit;
    if (match.type === 'optional') {
      result.selectedBenefits.push({
        benefitSystemRef: match.benefitSystemRef,
        ...(limit.isAdjustable ? { limit: priced } : {}),
      });
    } else if (limit.isAdjustable && priced !== limit.defaultLimit) {
      result.selectedBenefits.push({ benefitSystemRef: match.benefitSystemRef, limit: priced });
    }
    result.includes.push({
      benefitSystemRef: match.benefitSystemRef,
      name: match.name,
      limit: priced > 0 ? priced : null,
      ...(chosen.limit !== undefined && priced < chosen.limit ? { yourLimit: chosen.limit } : {}),
    });
  }
  for (const chosen of options.excesses) {
    const excess = options.to.excesses.find((candidate) => candidate.id === chosen.id);
    if (!excess) continue;
    result.excesses.push({ id: excess.id, amount: clamp(chosen.amount, excess.minAmount, excess.maxAmount) });
  }
  return result;
}
