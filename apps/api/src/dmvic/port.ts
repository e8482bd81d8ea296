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
}

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

/** DMVIC's cancellation reasons (its fixed list, by id). */
export const DMVIC_CANCEL_REASONS = {
  notTakenUp: 8,
  vehicleSold: 9,
  nonPayment: 12,
  clientRequest: 14,
  writtenOff: 10,
  stolen: 11,
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
