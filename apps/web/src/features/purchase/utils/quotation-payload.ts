import type { PaymentPlan } from '@bima/domain';
import { shillingsToCents } from '@bima/domain/money';
import type { MotorProduct, SelectedBenefit } from '../../../lib/motor-types';
import { buildPremiumCalcRequest } from '../../../lib/premium-request';
import type { MotorFlowState } from '../../../stores/motor-flow';
import type { SavedVehicle } from './vehicle-form';

/** Default cover period in days for quotation creation (spec-2 §9). */
export const DEFAULT_COVER_PERIOD_DAYS = 365;

/** `client / quotation / createQuotation`'s payload (spec-2 §3, plus what the server prices again); amounts in cents. */
export interface CreateQuotationPayload {
  risks: Array<{ riskType: 'ASSET'; value: number | null; riskRef: string; details: Record<string, never> }>;
  bussinessType: 'DIRECT';
  productSystemRef: string;
  clientDetails: {
    email: string;
    kraPin: string;
    names: { fname: string; lname: string };
    kyc: Record<string, never>;
  };
  coverPeriod: number;
  quotationChannel: 'web';
  coverDetails: { startDate: string };
  additionalBenefits: SelectedBenefit[];
  excesses: Array<{ id: string; amount: number }>;
  vehicleDetails: SavedVehicle;
  /** At once, or monthly where the underwriter offers it (issue 31). */
  paymentPlan: PaymentPlan;
}

export interface QuotationPayloadInput {
  flow: Pick<
    MotorFlowState,
    'vehicleValue' | 'selectedOptionalBenefits' | 'coreBenefitLimits' | 'excessAmounts' | 'coverDetails'
  >;
  product: MotorProduct;
  vehicle: SavedVehicle;
  client: { email: string; kraPin: string; names: { firstName: string; lastName: string } };
  /** The plan chosen on the summary; at once unless the client chose monthly. */
  paymentPlan?: PaymentPlan;
}

/**
 * The quotation to create from the motor flow: one ASSET risk named by the plate (no value for
 * third-party cover), the benefits and excesses exactly as the premium was calculated, the period
 * (365 days when none was chosen), the start date and the vehicle details.
 */
export function buildCreateQuotationPayload({
  flow,
  product,
  vehicle,
  client,
  paymentPlan = 'annual',
}: QuotationPayloadInput): CreateQuotationPayload {
  const isThirdParty = product.coverType === 'third-party';
  const period = Number(flow.coverDetails.coverPeriod);
  const coverPeriod = Number.isSafeInteger(period) && period > 0 ? period : DEFAULT_COVER_PERIOD_DAYS;
  const priced = buildPremiumCalcRequest({
    product,
    vehicleValue: flow.vehicleValue,
    selectedOptionalBenefits: flow.selectedOptionalBenefits,
    coreBenefitLimits: flow.coreBenefitLimits,
    excessAmounts: flow.excessAmounts,
    coverPeriod: String(coverPeriod),
  });
  return {
    risks: [
      {
        riskType: 'ASSET',
        value: isThirdParty ? null : shillingsToCents(flow.vehicleValue),
        riskRef: vehicle.registrationNumber,
        details: {},
      },
    ],
    bussinessType: 'DIRECT',
    productSystemRef: product.productSystemRef,
    clientDetails: {
      email: client.email,
      kraPin: client.kraPin,
      names: { fname: client.names.firstName, lname: client.names.lastName },
      kyc: {},
    },
    coverPeriod,
    quotationChannel: 'web',
    coverDetails: { startDate: flow.coverDetails.startDate },
    additionalBenefits: priced.additionalBenefits,
    excesses: priced.excesses,
    vehicleDetails: vehicle,
    paymentPlan,
  };
}
