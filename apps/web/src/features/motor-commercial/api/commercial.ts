import type { ClassKyc, CommercialRisk, CommercialVehicle } from '@bima/domain/classes/risks';
import { queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';
import type { MotorProduct, QuotedProductSummary } from '../../../lib/motor-types';
import type { KycData } from '../../../stores/risk';

/** The insurance class of motor commercial products (`insurance_products.class_code`). */
export const COMMERCIAL_CLASS = '08';

/**
 * `underwriting / product / fetchInsuranceClassReccomendations` for class '08': the plans of the
 * cover type priced for the risk, cheapest first. Errors raise the gateway client's notification.
 */
export async function getCommercialQuotes(
  risk: CommercialRisk,
  signal?: AbortSignal,
): Promise<QuotedProductSummary[]> {
  const quotes = unwrapData(
    await callGateway<QuotedProductSummary[]>(
      {
        service: 'underwriting',
        resource: 'product',
        action: 'fetchInsuranceClassReccomendations',
        data: {
          insuranceClass: COMMERCIAL_CLASS,
          coverType: risk.coverType,
          riskValue: risk.vehicleValue,
          risk,
        },
      },
      { signal },
    ),
  );
  return [...quotes].sort((a, b) => (a.premium ?? 0) - (b.premium ?? 0));
}

/** The plans for a risk: the key holds the whole risk, so a changed cover type or value asks again. */
export const commercialQuotesQueryOptions = (risk: CommercialRisk) =>
  queryOptions({
    queryKey: ['motor-commercial', 'quotes', risk],
    queryFn: ({ signal }) => getCommercialQuotes(risk, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** `underwriting / product / productWithBenefitsAndUnderwriterDetails`: a plan's benefits, excesses and levies. */
export async function getPlanDetails(productSystemRef: string, signal?: AbortSignal): Promise<MotorProduct> {
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
  if (!product) throw new Error('product not found');
  return product;
}

export const planDetailsQueryOptions = (productSystemRef: string) =>
  queryOptions({
    queryKey: ['motor-commercial', 'plan', productSystemRef],
    queryFn: ({ signal }) => getPlanDetails(productSystemRef, signal),
    staleTime: 10 * 60_000,
  });

/** `client / client / getClientDetails`: the signed-in client's profile, to fill in the KYC step. */
export async function getClientDetails(signal?: AbortSignal): Promise<KycData> {
  return unwrapData(
    await callGateway<KycData>(
      { service: 'client', resource: 'client', action: 'getClientDetails', data: {} },
      { secure: true, silent: true, signal },
    ),
  );
}

export const clientDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['client', 'details'],
    queryFn: ({ signal }) => getClientDetails(signal),
    staleTime: 60_000,
    retry: false,
  });

/** `client / quotation / createQuotation`'s payload for a commercial vehicle (the issue's contract). */
export interface CommercialQuotationPayload {
  risks: Array<{ riskType: 'ASSET'; value: number | null; riskRef: string; details: CommercialRisk }>;
  bussinessType: 'DIRECT';
  productSystemRef: string;
  clientDetails: {
    email: string;
    kraPin: string;
    names: { fname: string; lname: string };
    kyc: ClassKyc;
  };
  coverPeriod: number;
  quotationChannel: 'web';
  coverDetails: { startDate: string };
  additionalBenefits: [];
  excesses: [];
  vehicleDetails: CommercialVehicle;
}

export interface CreatedQuotation {
  systemQuotationRef: string;
  premium: number;
}

/** `client / quotation / createQuotation`: the server prices the vehicle again from its rows. */
export async function createCommercialQuotation(
  payload: CommercialQuotationPayload,
): Promise<CreatedQuotation> {
  return unwrapData(
    await callGateway<CreatedQuotation>(
      { service: 'client', resource: 'quotation', action: 'createQuotation', data: payload },
      { secure: true, silent: true },
    ),
  );
}
