import { queryOptions } from '@tanstack/react-query';
import { callAction, callGateway, unwrapData } from './api-client';
import type { MotorProduct, PremiumQuote, QuotedProductSummary } from './motor-types';

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
  const quotes = unwrapData(
    await callGateway<QuotedProductSummary[]>(
      {
        service: 'underwriting',
        resource: 'product',
        action: 'fetchInsuranceClassReccomendations',
        data: { insuranceClass, coverType: '', risk },
      },
      { signal },
    ),
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
      const [product] = unwrapData(
        await callGateway<MotorProduct[]>(
          {
            service: 'underwriting',
            resource: 'product',
            action: 'productWithBenefitsAndUnderwriterDetails',
            data: { productSystemRef },
          },
          { silent: true, signal },
        ),
      );
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
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<ClassPremiumQuote>(
          {
            service: 'underwriting',
            resource: 'product',
            action: 'productPremiumCalc',
            data: {
              productSystemRef,
              risk: { value: 0, details: risk },
              additionalBenefits: optional.map((benefitSystemRef) => ({ benefitSystemRef })),
              excesses: [],
              coverDetails: { period: 365 },
            },
          },
          { silent: true, signal },
        ),
      ),
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
  return unwrapData(
    await callGateway<{ systemQuotationRef: string; premium: number }>(
      {
        service: 'client',
        resource: 'quotation',
        action: 'createQuotation',
        data: {
          risks: [{ riskType: 'ASSET', value: null, riskRef: request.riskRef, details: request.risk }],
          bussinessType: 'DIRECT',
          productSystemRef: request.productSystemRef,
          clientDetails: { kyc: request.kyc },
          coverPeriod: 365,
          quotationChannel: 'web',
          coverDetails: { startDate: request.startDate },
          additionalBenefits: request.optional.map((benefitSystemRef) => ({ benefitSystemRef })),
          excesses: [],
          ...(request.vehicleDetails ? { vehicleDetails: request.vehicleDetails } : {}),
        },
      },
      { secure: true, silent: true },
    ),
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
