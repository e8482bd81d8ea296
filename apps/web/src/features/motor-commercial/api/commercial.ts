import type { ClassKyc, CommercialRisk, CommercialVehicle } from '@bima/domain/classes/risks';
import type { ActionOutput } from '@bima/domain/contract';
import { callAction } from '../../../lib/api-client';
import {
  classProductQueryOptions,
  classQuotesQueryOptions,
  clientProfileQueryOptions,
} from '../../../lib/class-quotes';

/** The insurance class of motor commercial products (`insurance_products.class_code`). */
export const COMMERCIAL_CLASS = '08';

/** The plans for a risk, cheapest first: the key holds the whole risk, so a changed cover type or value asks again. */
export const commercialQuotesQueryOptions = (risk: CommercialRisk) =>
  classQuotesQueryOptions(COMMERCIAL_CLASS, risk);

/** A plan's benefits, excesses and levies (`productWithBenefitsAndUnderwriterDetails`). */
export const planDetailsQueryOptions = classProductQueryOptions;

/** The signed-in client's profile, to fill in the KYC step. */
export const clientDetailsQueryOptions = clientProfileQueryOptions;

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

export type CreatedQuotation = ActionOutput<'client/quotation/createQuotation'>;

/** `client / quotation / createQuotation`: the server prices the vehicle again from its rows. */
export async function createCommercialQuotation(
  payload: CommercialQuotationPayload,
): Promise<CreatedQuotation> {
  return callAction('client/quotation/createQuotation', payload, { secure: true, silent: true });
}
