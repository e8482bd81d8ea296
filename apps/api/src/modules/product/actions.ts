import {
  classDefinitionOf,
  MOTOR_PRIVATE_COVER_TYPES,
  type ProductLanguage,
  type RatingRisk,
  vehicleRisk,
} from '@bima/domain';
import { contracts } from '@bima/domain/contract';
import { AppError } from '../../gateway/errors';
import { defineAction } from '../../gateway/registry';
import { SerializedResult } from '../../gateway/serialized';
import { presentProduct, presentQuote } from './present';
import { quoteGrid } from './quotes';
import {
  checkRiskCoverType,
  coversRisk,
  freshnessOf,
  type LoadedProduct,
  loadProducts,
  type PriceRequest,
  parseClassRisk,
  priceProduct,
  productInLanguage,
} from './service';

type QuoteGrid = ReturnType<typeof quoteGrid>;
type Quote = ReturnType<typeof presentQuote>;

const quoteMemo = new WeakMap<LoadedProduct[], Map<string, SerializedResult<QuoteGrid>>>();
const premiumMemo = new WeakMap<LoadedProduct, Map<string, SerializedResult<Quote>>>();

/**
 * Prices every product that covers the risk for its longest period (`quoteGrid`, also the USSD
 * quote's). Quotes are a pure function of the products (cached for a few seconds), the risk and the
 * reader's language (the underwriter's words are in it, issue 14), so the same risk in the same
 * language is priced, presented and serialized once per load: the kept answer's key holds the
 * language, so an English reader never gets the Swahili one. `sumInsured` is the vehicle's value (motor) or the risk's total sum
 * insured, in cents.
 */
function quoteAll(
  products: LoadedProduct[],
  sumInsured: number,
  risk: RatingRisk,
  language: ProductLanguage,
): SerializedResult<QuoteGrid> {
  let memo = quoteMemo.get(products);
  if (!memo) {
    memo = new Map();
    quoteMemo.set(products, memo);
  }
  const key = JSON.stringify([language, sumInsured, risk]);
  const known = memo.get(key);
  if (known) return known;
  const serialized = new SerializedResult(
    quoteGrid(products, sumInsured, risk, language),
    freshnessOf(products),
  );
  if (memo.size >= 512) memo.clear();
  memo.set(key, serialized);
  return serialized;
}

/**
 * One product priced for one request: as pure as `quoteAll`, so the same request in the same
 * language for the same loaded product (kept for a few seconds) is priced and serialized once; the
 * language is part of the key, as the benefits' names are in it. Refusals are not kept.
 */
function quoteOne(
  loaded: LoadedProduct,
  request: PriceRequest,
  language: ProductLanguage,
): SerializedResult<Quote> {
  let memo = premiumMemo.get(loaded);
  if (!memo) {
    memo = new Map();
    premiumMemo.set(loaded, memo);
  }
  const key = JSON.stringify([language, request]);
  const known = memo.get(key);
  if (known) return known;
  const shown = productInLanguage(loaded, language);
  const serialized = new SerializedResult(
    presentQuote(shown, priceProduct(shown, request)),
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
      "Every active product of an insurance class that covers the risk, each priced for it (an empty coverType means all the class's cover types). Amounts in cents, in and out. Motor private: riskValue (the vehicle's value). Other classes: `risk`, checked against the class's definition (motor commercial '08', fire domestic '03', theft '05', aviation '04').",
    input: contracts['underwriting/product/fetchInsuranceClassReccomendations'].input,
    handler: async ({ db, input, language }) => {
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
        return quoteAll(products, classRisk.sumInsured, classRisk.rating, language);
      }
      const vehicleValue = input.riskValue;
      const coverTypes = input.coverType
        ? [input.coverType]
        : vehicleValue > 0
          ? MOTOR_PRIVATE_COVER_TYPES
          : (['third-party'] as const);
      const products = await loadProducts(db, { classCode: input.insuranceClass, coverTypes });
      return quoteAll(products, vehicleValue, vehicleRisk(vehicleValue), language);
    },
  }),
  defineAction({
    service: 'underwriting',
    resource: 'product',
    action: 'productWithBenefitsAndUnderwriterDetails',
    auth: 'public',
    description:
      'One product with its benefits, excesses, charges and underwriter, as a one-item list; riskValue (cents, optional) picks the rate of its value band; amounts in cents.',
    input: contracts['underwriting/product/productWithBenefitsAndUnderwriterDetails'].input,
    handler: async ({ db, input, language }) => {
      const [loaded] = await loadProducts(db, { productSystemRef: input.productSystemRef });
      if (!loaded) throw new AppError('not_found', 'This product is no longer available.');
      return [presentProduct(productInLanguage(loaded, language), input.riskValue ?? 0)];
    },
  }),
  defineAction({
    service: 'underwriting',
    resource: 'product',
    action: 'productPremiumCalc',
    auth: 'public',
    description:
      'Prices a product for a risk, cover period, chosen benefit limits and excesses; returns the itemised breakdown and total; amounts in cents, in and out.',
    input: contracts['underwriting/product/productPremiumCalc'].input,
    handler: async ({ db, input, language }) => {
      const [loaded] = await loadProducts(db, { productSystemRef: input.productSystemRef });
      if (!loaded) throw new AppError('not_found', 'This product is no longer available.');
      const productName = productInLanguage(loaded, language).product.name;
      const classRisk = parseClassRisk(loaded.product.classCode, input.risk.details, 'risk.details');
      if (classRisk) checkRiskCoverType(loaded, classRisk, 'risk.details');
      const vehicleValue =
        loaded.product.coverType === 'third-party' ? 0 : (classRisk?.sumInsured ?? input.risk.value);
      if (vehicleValue > 0 && !coversRisk(loaded.product, vehicleValue)) {
        throw new AppError('invalid', `${productName} does not cover a vehicle of this value.`, {
          errors: [
            {
              field: classRisk ? 'risk.details' : 'risk.value',
              message: `${productName} does not cover a vehicle of this value.`,
            },
          ],
        });
      }
      return quoteOne(
        loaded,
        {
          vehicleValue,
          ...(classRisk ? { risk: classRisk.rating } : {}),
          periodDays: input.coverDetails.period,
          selectedBenefits: input.additionalBenefits.map((benefit) => ({
            benefitSystemRef: benefit.benefitSystemRef,
            limit: benefit.params?.limit,
          })),
          excesses: input.excesses.map((excess) => ({ id: excess.id, amount: excess.amount })),
        },
        language,
      );
    },
  }),
];
