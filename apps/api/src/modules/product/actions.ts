import { COVER_TYPES, fetchRecommendationsSchema, premiumCalcSchema, productRefSchema } from '@bima/domain';
import { AppError } from '../../gateway/errors';
import { defineAction } from '../../gateway/registry';
import { presentProduct, presentQuote, presentQuotedSummary, toCents } from './present';
import { coversRisk, defaultPeriod, type LoadedProduct, loadProducts, priceProduct } from './service';

const quoteMemo = new WeakMap<LoadedProduct[], Map<number, ReturnType<typeof presentQuotedSummary>[]>>();

/**
 * Prices every product that covers the value for its longest period. Quotes are a pure function of
 * the products (cached for a few seconds) and the value, so the same value is priced once per load.
 */
function quoteAll(products: LoadedProduct[], vehicleValue: number) {
  let memo = quoteMemo.get(products);
  if (!memo) {
    memo = new Map();
    quoteMemo.set(products, memo);
  }
  const known = memo.get(vehicleValue);
  if (known) return known;
  const quotes = products
    .filter((loaded) => coversRisk(loaded.product, vehicleValue))
    .map((loaded) => {
      const value = loaded.product.coverType === 'third-party' ? 0 : vehicleValue;
      const quote = priceProduct(loaded, {
        vehicleValue: value,
        periodDays: defaultPeriod(loaded.rating),
        selectedBenefits: [],
        excesses: [],
      });
      return presentQuotedSummary(loaded, quote);
    });
  if (memo.size >= 512) memo.clear();
  memo.set(vehicleValue, quotes);
  return quotes;
}

export const productActions = [
  defineAction({
    service: 'underwriting',
    resource: 'product',
    action: 'fetchInsuranceClassReccomendations',
    auth: 'public',
    description:
      'Every active product of an insurance class that covers the risk, each priced for it (an empty coverType means all cover types). riskValue in whole shillings.',
    input: fetchRecommendationsSchema,
    handler: async ({ db, input }) => {
      const vehicleValue = toCents(input.riskValue);
      const coverTypes = input.coverType
        ? [input.coverType]
        : vehicleValue > 0
          ? COVER_TYPES
          : (['third-party'] as const);
      const products = await loadProducts(db, { classCode: input.insuranceClass, coverTypes });
      return quoteAll(products, vehicleValue);
    },
  }),
  defineAction({
    service: 'underwriting',
    resource: 'product',
    action: 'productWithBenefitsAndUnderwriterDetails',
    auth: 'public',
    description:
      'One product with its benefits, excesses, charges and underwriter, as a one-item list; riskValue (whole shillings, optional) picks the rate of its value band.',
    input: productRefSchema,
    handler: async ({ db, input }) => {
      const [loaded] = await loadProducts(db, { productSystemRef: input.productSystemRef });
      if (!loaded) throw new AppError('not_found', 'This product is no longer available.');
      return [presentProduct(loaded, toCents(input.riskValue ?? 0))];
    },
  }),
  defineAction({
    service: 'underwriting',
    resource: 'product',
    action: 'productPremiumCalc',
    auth: 'public',
    description:
      'Prices a product for a risk, cover period, chosen benefit limits and excesses; returns the itemised breakdown and total in whole shillings.',
    input: premiumCalcSchema,
    handler: async ({ db, input }) => {
      const [loaded] = await loadProducts(db, { productSystemRef: input.productSystemRef });
      if (!loaded) throw new AppError('not_found', 'This product is no longer available.');
      const vehicleValue = loaded.product.coverType === 'third-party' ? 0 : toCents(input.risk.value);
      if (vehicleValue > 0 && !coversRisk(loaded.product, vehicleValue)) {
        throw new AppError('invalid', `${loaded.product.name} does not cover a vehicle of this value.`, {
          errors: [
            {
              field: 'risk.value',
              message: `${loaded.product.name} does not cover a vehicle of this value.`,
            },
          ],
        });
      }
      const quote = priceProduct(loaded, {
        vehicleValue,
        periodDays: input.coverDetails.period,
        selectedBenefits: input.additionalBenefits.map((benefit) => ({
          benefitSystemRef: benefit.benefitSystemRef,
          limit: benefit.params?.limit === undefined ? undefined : toCents(benefit.params.limit),
        })),
        excesses: input.excesses.map((excess) => ({ id: excess.id, amount: toCents(excess.amount) })),
      });
      return presentQuote(loaded, quote);
    },
  }),
];
