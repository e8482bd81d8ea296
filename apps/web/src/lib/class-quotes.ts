import { queryOptions } from '@tanstack/react-query';
import { callAction } from './api-client';
import type { MotorProduct, PremiumQuote, QuotedProductSummary } from './motor-types';

/** A class's risk, KYC or vehicle as the API takes it: the object its definition's form made. */
const riskOf = (value: unknown) => value as Record<string, unknown>;

/** How a rated premium was reached (`productPremiumCalc`'s `basicDetail`), whole shillings. */
export interface BasicDetail {
  groups: Array<{ group: string; sumInsured: number; rate: number; premium: number }>;
  loadings: Array<{ factor: string; option: string; multiplier: number }>;
  minimumApplied: number | null;
  perUnit: Array<{ quantity: string; units: number; amount: number }>;
}

export type ClassPremiumQuote = PremiumQuote & { basicDetail?: BasicDetail };

/**
 * `underwriting / product / fetchInsuranceClassReccomendations` for a class other than motor
 * private: every product of the class priced for the risk (as its definition's schema takes it),
 * cheapest first.
 */
export async function getClassQuotes(
  insuranceClass: string,
  risk: unknown,
  signal?: AbortSignal,
): Promise<QuotedProductSummary[]> {
  const quotes: readonly QuotedProductSummary[] = await callAction(
    'underwriting/product/fetchInsuranceClassReccomendations',
    { insuranceClass, coverType: '', risk: riskOf(risk) },
    { signal },
  );
  return [...quotes].sort((a, b) => (a.premium ?? 0) - (b.premium ?? 0));
}

export const classQuotesQueryOptions = (insuranceClass: string, risk: unknown) =>
  queryOptions({
    queryKey: ['class-quotes', insuranceClass, risk],
    queryFn: ({ signal }) => getClassQuotes(insuranceClass, risk, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** `productWithBenefitsAndUnderwriterDetails`: a product's benefits, excesses and levies. */
export const classProductQueryOptions = (productSystemRef: string) =>
  queryOptions({
    queryKey: ['class-product', productSystemRef],
    queryFn: async ({ signal }) => {
      const products: readonly MotorProduct[] = await callAction(
        'underwriting/product/productWithBenefitsAndUnderwriterDetails',
        { productSystemRef },
        { silent: true, signal },
      );
      const [product] = products;
      if (!product) throw new Error('This product is no longer available.');
      return product;
    },
    staleTime: 10 * 60_000,
  });

/** `productPremiumCalc` for a class risk and chosen optional benefits (an annual cover). */
export const classPremiumQueryOptions = (
  productSystemRef: string,
  risk: unknown,
  optional: readonly string[],
) =>
  queryOptions({
    queryKey: ['class-premium', productSystemRef, risk, optional],
    queryFn: async ({ signal }) => {
      const quote: ClassPremiumQuote = await callAction(
        'underwriting/product/productPremiumCalc',
        {
          productSystemRef,
          risk: { value: 0, details: riskOf(risk) },
          additionalBenefits: optional.map((benefitSystemRef) => ({ benefitSystemRef })),
          excesses: [],
          coverDetails: { period: 365 },
        },
        { silent: true, signal },
      );
      return quote;
    },
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });

export interface ClassQuotationRequest {
  productSystemRef: string;
  risk: unknown;
  riskRef: string;
  kyc: unknown;
  optional: readonly string[];
  startDate: string;
  vehicleDetails?: unknown;
}

/** `client / quotation / createQuotation` for a class risk; the server prices it again from its rows. */
export async function createClassQuotation(request: ClassQuotationRequest) {
  return callAction(
    'client/quotation/createQuotation',
    {
      risks: [{ riskType: 'ASSET', value: null, riskRef: request.riskRef, details: riskOf(request.risk) }],
      bussinessType: 'DIRECT',
      productSystemRef: request.productSystemRef,
      clientDetails: { kyc: riskOf(request.kyc) },
      coverPeriod: 365,
      quotationChannel: 'web',
      coverDetails: { startDate: request.startDate },
      additionalBenefits: request.optional.map((benefitSystemRef) => ({ benefitSystemRef })),
      excesses: [],
      ...(request.vehicleDetails ? { vehicleDetails: riskOf(request.vehicleDetails) } : {}),
    },
    { secure: true, silent: true },
  );
}

/** `client / client / getClientDetails`: the signed-in client's profile (to fill in KYC). */
export const clientProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['client', 'details'],
    queryFn: ({ signal }) =>
      callAction('client/client/getClientDetails', {}, { secure: true, silent: true, signal }),
    staleTime: 60_000,
    retry: false,
  });
