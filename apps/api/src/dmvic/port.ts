/**
 * What the portal asks of DMVIC (the Digital Motor Vehicle Insurance Certificate system of the
 * Association of Kenya Insurers), in the portal's own terms. `client.ts` speaks the real HTTP API
 * (mutual TLS, a kept token, the V5 intermediary endpoints); `simulator.ts` is the local DMVIC that
 * answers the same protocol by default. Business modules use only this file's types and
 * `services.dmvic.client`.
 */

/** A PSV/taxi · B commercial · C private · D motor cycle. */
export type DmvicCertificateType = 'A' | 'B' | 'C' | 'D';

/** DMVIC's cover codes: comprehensive 100, third party only 200, third party fire and theft 300. */
export type DmvicCoverType = 100 | 200 | 300;

/** A vehicle as VehicleSearch answers it (never the owner). */
export interface DmvicVehicle {
  /** Upper case, no space: KDG123A. */
  registrationNumber: string;
  make: string;
  model: string;
  yearOfManufacture: number | null;
  chassisNumber: string;
  engineNumber: string;
  bodyType: string;
  /** What the register says the vehicle is, for the journey to pick the class. */
  vehicleClass: 'private' | 'commercial' | 'motorcycle' | 'psv';
  /** Engine capacity in cc, when the record gives it. */
  engineCapacity: number | null;
  /** One of the domain's FUEL_TYPES, when the record gives one the portal knows. */
  fuelType: 'Petrol' | 'Diesel' | 'Electric' | 'Hybrid' | null;
  /** As the record writes it (SILVER), when it gives one. */
  colour: string | null;
}

/** A certificate request (preview, validate and issue take the same). Dates are YYYY-MM-DD (Kenya). */
export interface DmvicCertificateRequest {
  type: DmvicCertificateType;
  /** The insurer's DMVIC member company id (underwriters.dmvic_member_company_id). */
  memberCompanyId: number;
  /** Our policy number (or the quotation's reference before issue). */
  policyNumber: string;
  commencingDate: string;
  /** The last day of cover. */
  expiringDate: string;
  registrationNumber: string;
  chassisNumber: string;
  engineNumber?: string;
  insuredName: string;
  /** Kenyan mobile number in any accepted form; the client sends DMVIC's 9 digits. */
  phoneNumber: string;
  email: string;
  kraPin?: string | null;
  coverType: DmvicCoverType;
  /** Whole shillings; required for comprehensive and TPFT. */
  sumInsured?: number | null;
  /** Types A and B, and motor-cycle PSV. */
  passengers?: number | null;
  /** Type B and commercial motor cycles. */
  tonnage?: number | null;
  /** The logbook's body type (DMVIC requires it: SALOON, STATION WAGON, PICK-UP, LORRY, MOTOR CYCLE…). */
  bodyType?: string;
  vehicleMake?: string;
  vehicleModel?: string;
  yearOfManufacture?: number | null;
  /** Type B: what the commercial vehicle does (DMVIC's VehicleType); own goods when unset. */
  commercialUse?: DmvicCommercialUse;
  /** Types A and D: DMVIC's TypeOfCertificate; PSV unmarked (A) and private motor cycle (D) when unset. */
  certificateSubtype?: DmvicCertificateSubtype;
}

/** DMVIC's VehicleType for type B certificates, by id. */
export const DMVIC_COMMERCIAL_USES = {
  ownGoods: 1,
  generalCartage: 2,
  institutional: 3,
  special: 4,
  tanker: 5,
  motorTrade: 6,
} as const;
export type DmvicCommercialUse = keyof typeof DMVIC_COMMERCIAL_USES;

/** DMVIC's TypeOfCertificate for types A (PSV unmarked, taxi) and D (motor cycles), by id. */
export const DMVIC_CERTIFICATE_SUBTYPES = {
  psvUnmarked: 1,
  taxi: 8,
  privateMotorcycle: 4,
  psvMotorcycle: 9,
  commercialMotorcycle: 10,
} as const;
export type DmvicCertificateSubtype = keyof typeof DMVIC_CERTIFICATE_SUBTYPES;

export interface DmvicIssued {
  certificateNumber: string;
  /** DMVIC's transaction number of the issue. */
  transactionNumber: string;
  /** When DMVIC says the certificate was issued (cancellation by us is allowed for 6 hours after). */
  issuedAt: Date;
}

/** What ValidateInsurance answers for a certificate number or a plate. */
export interface DmvicCover {
  certificateNumber: string;
  registrationNumber: string;
  insurer: string;
  type: DmvicCertificateType;
  validFrom: string;
  validTo: string;
  status: 'active' | 'cancelled' | 'expired';
}

export interface DmvicStock {
  memberCompanyId: number;
  type: DmvicCertificateType;
  remaining: number;
}

/**
 * DMVIC's cancellation reasons (its fixed list, by id, as the open-source client coduori/dmvic
 * lists them: 8 insured requested, 14 not taken up, 15 vehicle sold, 20 suspected fraud,
 * 21 non-payment, 24 missing KYC, 29 written off, 30 stolen).
 */
export const DMVIC_CANCEL_REASONS = {
  notTakenUp: 14,
  vehicleSold: 15,
  nonPayment: 21,
  clientRequest: 8,
  writtenOff: 29,
  stolen: 30,
  suspectedFraud: 20,
  missingKyc: 24,
} as const;
export type DmvicCancelReason = keyof typeof DMVIC_CANCEL_REASONS;

/**
 * Why DMVIC refused or could not answer. `retryable` failures (timeout, 5xx, token trouble, no
 * stock) leave issuance waiting in its queue; the others need a person (a mismatch, double
 * insurance).
 */
export type DmvicErrorCode =
  | 'DOUBLE_INSURANCE'
  | 'NTSA_NOT_FOUND'
  | 'NTSA_MISMATCH'
  | 'NO_STOCK'
  | 'TOKEN_EXPIRED'
  | 'ACCOUNT_LOCKED'
  | 'CANCEL_WINDOW_PASSED'
  /** DMVIC saw days without cover before this one: it issues only once confirmed (a person decides). */
  | 'COVERAGE_GAP'
  | 'INVALID_REQUEST'
  | 'TIMEOUT'
  | 'UNAVAILABLE';

export class DmvicError extends Error {
  constructor(
    readonly code: DmvicErrorCode,
    message: string,
    readonly details: {
      /** The request field DMVIC named (NTSA mismatch, invalid request). */
      field?: string;
      /** Double insurance: the cover already on the vehicle. */
      existingCover?: { insurer: string; validTo: string; certificateNumber?: string };
      /** DMVIC's own error code (ER0010 …), when it gave one. */
      dmvicCode?: string;
      /** Coverage gap: the days without cover, and DMVIC's IssuanceRequestID to confirm it with. */
      gapDays?: number;
      issuanceRequestId?: string;
    } = {},
  ) {
    super(message);
    this.name = 'DmvicError';
  }

  get retryable(): boolean {
    return ['NO_STOCK', 'TOKEN_EXPIRED', 'ACCOUNT_LOCKED', 'TIMEOUT', 'UNAVAILABLE'].includes(this.code);
  }
}

export interface Dmvic {
  /** VehicleSearch; null when DMVIC does not know the plate. */
  searchVehicle(registrationNumber: string): Promise<DmvicVehicle | null>;
  /** ValidateDoubleInsurance: throws DOUBLE_INSURANCE with the existing cover when the period overlaps. */
  validateDoubleInsurance(request: {
    registrationNumber: string;
    chassisNumber: string;
    commencingDate: string;
    expiringDate: string;
  }): Promise<void>;
  /** Preview + Validate of the type: throws what issuing would (NTSA mismatch, double insurance…). */
  validateCertificate(request: DmvicCertificateRequest): Promise<void>;
  /** Issuance of the type: at most once per policy number (DMVIC refuses a second as double insurance). */
  issueCertificate(request: DmvicCertificateRequest): Promise<DmvicIssued>;
  /**
   * ConfirmCertificateIssuance: issues a request DMVIC held for a coverage gap (COVERAGE_GAP's
   * details.issuanceRequestId), once a person has checked the logbook and the vehicle.
   */
  confirmCertificateIssuance(issuanceRequestId: string): Promise<DmvicIssued>;
  /** GetCertificate: DMVIC's PDF of the certificate (downloaded from its short-lived URL). */
  getCertificatePdf(certificateNumber: string): Promise<Uint8Array>;
  /** ValidateInsurance: the cover on a certificate or a plate; null when DMVIC has none. */
  validateInsurance(
    query: { certificateNumber: string } | { registrationNumber: string },
  ): Promise<DmvicCover | null>;
  /** CancelCertificate: only within 6 hours of issue (CANCEL_WINDOW_PASSED after). */
  cancelCertificate(certificateNumber: string, reason: DmvicCancelReason): Promise<void>;
  /** MemberCompanyStock: the certificates left per type for an insurer. */
  memberCompanyStock(memberCompanyId: number): Promise<DmvicStock[]>;
}
