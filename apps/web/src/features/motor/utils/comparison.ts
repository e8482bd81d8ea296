import type { ComparisonItem, MotorProduct, QuotedProductSummary } from '../../../lib/motor-types';
import { splitBenefits } from '../../../lib/premium-request';

/** A quoted product as the comparison modal lists it (spec-1 §3 "Comparison item"). */
export function toComparisonItem(product: MotorProduct): ComparisonItem {
  const { core, optional } = splitBenefits(product);
  const toBenefit = (benefit: MotorProduct['productBenefits'][number]) => ({
    id: benefit._id,
    name: benefit.benefit_category_name,
    description: benefit.benefit_category_description,
    limit: benefit.benefitLimit?.defaultLimit,
  });
  return {
    id: String(product.id),
    productSystemRef: product.productSystemRef,
    name: product.productName,
    description: product.productDescription,
    premium: product.premium ?? null,
    underwriter: product.underwriter[0]?.name ?? '',
    coreBenefits: core.map(toBenefit),
    optionalBenefits: optional.map(toBenefit),
    excesses: (product.excesses ?? []).map((excess) => ({
      id: excess.id,
      name: excess.name,
      amount: excess.defaultAmount ?? excess.amount,
    })),
    coverType: product.coverType,
  };
}

/** The underwriters of the quoted products, in first-seen order, for the filter. */
export function listUnderwriters(products: readonly QuotedProductSummary[]): string[] {
  const names = products
    .map((product) => product.underwriter[0]?.name)
    .filter((name): name is string => !!name);
  return [...new Set(names)];
}

/** Products of one underwriter, or all of them for 'all'. */
export function filterByUnderwriter<T extends QuotedProductSummary>(products: T[], underwriter: string): T[] {
  if (underwriter === 'all') return products;
  return products.filter((product) => product.underwriter[0]?.name === underwriter);
}

/** Cheapest first (issue 14): the domain's order, which the USSD quote's "three cheapest" use too. */
export { sortByPremium } from '@bima/domain/quote-order';
