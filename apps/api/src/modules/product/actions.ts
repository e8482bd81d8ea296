import {
  classDefinitionOf,
  fetchRecommendationsSchema,
  MOTOR_PRIVATE_COVER_TYPES,
  premiumCalcSchema,
  productRefSchema,
  type RatingRisk,
  vehicleRisk,
} from '@bima/domain';
import { AppError } from '../../gateway/errors';
import { defineAction } from '../../gateway/registry';
import { SerializedResult } from '../../gateway/serialized';
import { presentProduct, presentQuote, presentQuotedSummary, toCents } from './present';
import {
  checkRiskCoverType,
  coversRisk,
  defaultPeriod,
  freshnessOf,
  type LoadedProduct,
  loadProducts,
  type PriceRequest,
  parseClassRisk,
  priceProduct,
} from './service';

const quoteMemo = new WeakMap<LoadedProduct[], Map<string, SerializedResult>>();
const premiumMemo = new WeakMap<LoadedProduct, Map<string, SerializedResult>>();

/**
 * Prices every product that covers the risk for its longest period. Quotes are a pure function of
 * the products (cached for a few seconds) and the risk, so the same risk is priced, presented and
 * serialized once per load. `sumInsured` is the vehicle's value (motor) or the risk's total sum
 * insured, in cents.
 */
function quoteAll(products: LoadedProduct[], sumInsured: number, risk: RatingRisk): SerializedResult {
  let memo = quoteMemo.get(products);
  if (!memo) {
    memo = new Map();
    quoteMemo.set(products, memo);
  }
  const key = JSON.stringify([sumInsured, risk]);
  const known = memo.get(key);
  if (known) return known;
  const quotes = products
    .filter((loaded) => coversRisk(loaded.product, sumInsured))
    .map((loaded) => {
      const isThirdParty = loaded.product.coverType === 'third-party';
      const value = isThirdParty ? 0 : sumInsured;
      const quote = priceProduct(loaded, {
        vehicleValue: value,
        risk: isThirdParty ? vehicleRisk(0) : risk,
        periodDays: defaultPeriod(loaded.rating),
        selectedBenefits: [],
        excesses: [],
      });
      return presentQuotedSummary(loaded, quote);
    });
  const serialized = new SerializedResult(quotes, freshnessOf(products));
  if (memo.size >= 512) memo.clear();
  memo.set(key, serialized);
  return serialized;
}

/**
 * One product priced for one request: as pure as `quoteAll`, so the same request for the same
 * loaded product (kept for a few seconds) is priced and serialized once. Refusals are not kept.
 */
function quoteOne(loaded: LoadedProduct, request: PriceRequest): SerializedResult {
  let memo = premiumMemo.get(loaded);
  if (!memo) {
    memo = new Map();
    premiumMemo.set(loaded, memo);
  }
  const key = JSON.stringify(request);
  const known = memo.get(key);
  if (known) return known;
  const serialized = new SerializedResult(
    presentQuote(loaded, priceProduct(loaded, request)),
    freshnessOf(loaded),
  );
  // About 3 KB each, per loaded product: bounded so odd requests cannot grow it without end.
  if (memo.size >= 128) memo.clear();
  memo.set(key, serialized);
  return serialized;
}

export const productActions = [
  defineAction({
    service: 'underwriting',
    resource: 'product',
    action: 'fetchInsuranceClassReccomendations',
    auth: 'public',
    description:
      "Every active product of an insurance class that covers the risk, each priced for it (an empty coverType means all the class's cover types). Motor private: riskValue in whole shillings. Other classes: `risk`, checked against the class's definition (motor commercial '08', fire domestic '03', theft '05', aviation '04').",
    input: fetchRecommendationsSchema,
    handler: async ({ db, input }) => {
      const classRisk = parseClassRisk(input.insuranceClass, input.risk, 'risk');
      if (classRisk) {
        const named = classRisk.details.coverType;
        const definition = classDefinitionOf(input.insuranceClass)!;
        const coverTypes = input.coverType
          ? [input.coverType]
          : typeof named === 'string'
            ? definition.coverTypes.filter((coverType) => coverType === named)
            : definition.coverTypes;
        const products = await loadProducts(db, { classCode: input.insuranceClass, coverTypes });
        return quoteAll(products, classRisk.sumInsured, classRisk.rating);
      }
      const vehicleValue = toCents(input.riskValue);
      const coverTypes = input.coverType
        ? [input.coverType]
        : vehicleValue > 0
          ? MOTOR_PRIVATE_COVER_TYPES
          : (['third-party'] as const);
      const products = await loadProducts(db, { classCode: input.insuranceClass, coverTypes });
      return quoteAll(products, vehicleValue, vehicleRisk(vehicleValue));
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
      const classRisk = parseClassRisk(loaded.product.classCode, input.risk.details, 'risk.details');
      if (classRisk) checkRiskCoverType(loaded, classRisk, 'risk.details');
      const vehicleValue =
        loaded.product.coverType === 'third-party' ? 0 : (classRisk?.sumInsured ?? toCents(input.risk.value));
      if (vehicleValue > 0 && !coversRisk(loaded.product, vehicleValue)) {
        throw new AppError('invalid', `${loaded.product.name} does not cover a vehicle of this value.`, {
          errors: [
            {
              field: classRisk ? 'risk.details' : 'risk.value',
              message: `${loaded.product.name} does not cover a vehicle of this value.`,
            },
          ],
        });
      }
      return quoteOne(loaded, {
        vehicleValue,
        ...(classRisk ? { risk: classRisk.rating } : {}),
        periodDays: input.coverDetails.period,
        selectedBenefits: input.additionalBenefits.map((benefit) => ({
          benefitSystemRef: benefit.benefitSystemRef,
          limit: benefit.params?.limit === undefined ? undefined : toCents(benefit.params.limit),
        })),
        excesses: input.excesses.map((excess) => ({ id: excess.id, amount: toCents(excess.amount) })),
      });
    },
  }),
];
