import type { ClassKyc, CommercialRisk, CommercialVehicle } from '@bima/domain/classes/risks';
import { shillingsToCents } from '@bima/domain/money';
import type { CommercialQuotationPayload } from '../api/commercial';

/** Default cover period in days for quotation creation (spec-2 §9). */
export const COMMERCIAL_COVER_DAYS = 365;

/** 'Wanjiru Njeri Kamau' → first name 'Wanjiru', last name 'Njeri Kamau' (one word: both the same). */
export function splitFullName(fullName: string): { fname: string; lname: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { fname: first, lname: rest.length > 0 ? rest.join(' ') : first };
}

/**
 * The quotation of the commercial wizard: one ASSET risk named by the plate, valued at the vehicle's
 * value (none for third-party cover), its details the rated risk; the KYC of step 5; the vehicle of
 * step 4; a year's cover from `startDate` (today in Kenya).
 */
export function buildCommercialQuotation({
  risk,
  productSystemRef,
  vehicle,
  kyc,
  startDate,
}: {
  risk: CommercialRisk;
  productSystemRef: string;
  vehicle: CommercialVehicle;
  kyc: ClassKyc;
  startDate: string;
}): CommercialQuotationPayload {
  const isThirdParty = risk.coverType === 'third-party-commercial';
  return {
    risks: [
      {
        riskType: 'ASSET',
        // The risk's details keep the value as entered (whole shillings); the risk's value is cents.
        value: isThirdParty ? null : shillingsToCents(risk.vehicleValue),
        riskRef: vehicle.registrationNumber,
        details: risk,
      },
    ],
    bussinessType: 'DIRECT',
    productSystemRef,
    clientDetails: { email: kyc.email, kraPin: kyc.kraPin, names: splitFullName(kyc.fullName), kyc },
    coverPeriod: COMMERCIAL_COVER_DAYS,
    quotationChannel: 'web',
    coverDetails: { startDate },
    additionalBenefits: [],
    excesses: [],
    vehicleDetails: vehicle,
  };
}
