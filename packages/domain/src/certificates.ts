import { z } from 'zod';
import { isCalendarDate } from './cover-dates';
import { normaliseRegistration, REGISTRATION_PATTERN } from './purchase';

/**
 * Motor certificates of insurance, as Kenya's digital certificates (DMVIC) have them: one per motor
 * policy, typed by how the vehicle is used, verifiable by anyone by its number or by plate and date.
 */

/** The insurance classes whose policies carry a certificate: motor private ('07') and motor commercial ('08'). */
export const CERTIFICATE_CLASS_CODES = ['07', '08'] as const;

/**
 * Kenya's certificate types as DMVIC issues them: A for public service vehicles and vehicles
 * carrying for hire, B for other commercial vehicles (own goods), C for private vehicles, D for
 * motor cycles (private, PSV or commercial).
 */
export const CERTIFICATE_TYPES = ['A', 'B', 'C', 'D'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

export const CERTIFICATE_TYPE_LABELS: Record<CertificateType, string> = {
  A: 'Type A: public service vehicle or hire',
  B: 'Type B: commercial vehicle',
  C: 'Type C: private vehicle',
  D: 'Type D: motor cycle',
};

/** Whether a vehicle is a motor cycle: as DMVIC's register classes it, or by its body type. */
export function isMotorCycle(vehicle: { vehicleClass?: unknown; bodyType?: unknown } | null | undefined) {
  if (!vehicle) return false;
  if (vehicle.vehicleClass === 'motorcycle') return true;
  return typeof vehicle.bodyType === 'string' && /motor\s*-?\s*cycle|boda/i.test(vehicle.bodyType);
}

/**
 * The certificate type of a motor policy, decided by the vehicle and its use: a motor cycle is
 * Type D whatever its use; motor private is Type C; motor commercial carrying passengers or goods for
 * hire (PSV, general cartage) is Type A, carrying its owner's goods is Type B. Any other class has
 * no certificate (null).
 */
export function certificateTypeOf(options: {
  classCode: string;
  primaryUse?: string | null;
  vehicle?: { vehicleClass?: unknown; bodyType?: unknown } | null;
}): CertificateType | null {
  if (options.classCode !== '07' && options.classCode !== '08') return null;
  if (isMotorCycle(options.vehicle)) return 'D';
  if (options.classCode === '07') return 'C';
  return options.primaryUse === 'psv' || options.primaryUse === 'general-cartage' ? 'A' : 'B';
}

/** BIMA-C-2026-000123: the portal's own numbers from before DMVIC (the legacy issuer). */
export const CERTIFICATE_NUMBER_PATTERN = /^BIMA-C-\d{4}-\d{6,}$/;

/** A certificate number as DMVIC gives them (letters, digits and dashes), or a legacy BIMA-C one. */
export const ANY_CERTIFICATE_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{4,39}$/;

/** The certificate number of the `sequence`-th certificate issued in `year`. */
export function formatCertificateNumber(options: { year: number; sequence: number }): string {
  if (!Number.isSafeInteger(options.sequence) || options.sequence < 1)
    throw new RangeError(`certificate sequence ${options.sequence} is not a positive integer`);
  return `BIMA-C-${options.year}-${String(options.sequence).padStart(6, '0')}`;
}

/** A certificate number as people type it: spaces dropped, capitals. */
export function normaliseCertificateNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** What a check answers; NOT_YET_VALID is a certificate whose cover starts after the date asked about. */
export const CERTIFICATE_STATUSES = ['VALID', 'EXPIRED', 'CANCELLED', 'NOT_YET_VALID', 'UNKNOWN'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  VALID: 'Valid',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
  NOT_YET_VALID: 'Not yet in force',
  UNKNOWN: 'Unknown',
};

export interface CertificatePeriod {
  startDate: string;
  /** The last day of cover (inclusive). */
  endDate: string;
  /** The first day without cover when the policy was cancelled; null otherwise. */
  cancelledOn: string | null;
}

/** A certificate's status on a day (all YYYY-MM-DD, Kenya time): cancelled first, then the period. */
export function certificateStatusOn(
  certificate: CertificatePeriod,
  date: string,
): Exclude<CertificateStatus, 'UNKNOWN'> {
  if (certificate.cancelledOn !== null && certificate.cancelledOn <= date) return 'CANCELLED';
  if (date > certificate.endDate) return 'EXPIRED';
  if (date < certificate.startDate) return 'NOT_YET_VALID';
  return 'VALID';
}

/**
 * Of one vehicle's certificates, the one that answers for a day: one whose period holds the day
 * (a valid one before a cancelled one), else the latest that ended before it, else the first that
 * starts after it; null when the vehicle has none.
 */
export function pickCertificateForDate<T extends CertificatePeriod>(
  certificates: readonly T[],
  date: string,
): T | null {
  const covering = certificates.filter((item) => item.startDate <= date && date <= item.endDate);
  const valid = covering.find((item) => certificateStatusOn(item, date) === 'VALID');
  if (valid ?? covering[0]) return valid ?? covering[0]!;
  const ended = certificates
    .filter((item) => item.endDate < date)
    .sort((a, b) => (a.endDate < b.endDate ? 1 : -1));
  if (ended[0]) return ended[0];
  const future = certificates
    .filter((item) => item.startDate > date)
    .sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
  return future[0] ?? null;
}

/**
 * The insured's name as a public check shows it: each name's first letter and three stars
 * ("J*** K***"). Enough for an officer to see it matches the driver's papers, too little to collect
 * names by trying plates (the full name, ID, KRA PIN, phone and e-mail never leave the server).
 */
export function maskInsuredName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${part[0]!.toUpperCase()}***`)
    .join(' ');
}

export const CERTIFICATE_MESSAGES = {
  certificateNumberInvalid: 'Enter a certificate number like C12345678 (as on the certificate).',
  certificateOrPlateRequired: 'Enter a certificate number, or a registration number and a date.',
  registrationInvalid: 'Enter a registration number like KAA 123A.',
  dateRequired: 'Enter the date to check.',
  dateInvalid: 'Enter a real date.',
  dateOutOfRange: 'Enter a date from 2000 to one year from today.',
  notFound: 'Certificate not found.',
} as const;

const MAX_DATE_AHEAD_DAYS = 366;

/** The last date a check may ask about: a year ahead of `today` (YYYY-MM-DD). */
export function latestCheckDate(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + MAX_DATE_AHEAD_DAYS);
  return date.toISOString().slice(0, 10);
}

/**
 * A check: by certificate number, or by registration number and a date. `today` bounds the date
 * (the server passes Kenya's today; the browser its own).
 */
export function verifyCertificateSchemaFor(today: string) {
  return z
    .object({
      certificateNumber: z.string().max(40).optional(),
      registrationNumber: z.string().max(20).optional(),
      date: z.string().max(20).optional(),
    })
    .strict()
    .superRefine((input, context) => {
      const number = input.certificateNumber?.trim() ?? '';
      const plate = input.registrationNumber?.trim() ?? '';
      if (number !== '') {
        if (!ANY_CERTIFICATE_NUMBER_PATTERN.test(normaliseCertificateNumber(number)))
          context.addIssue({
            code: 'custom',
            path: ['certificateNumber'],
            message: CERTIFICATE_MESSAGES.certificateNumberInvalid,
          });
        return;
      }
      if (plate === '' && (input.date ?? '').trim() === '') {
        context.addIssue({
          code: 'custom',
          path: ['certificateNumber'],
          message: CERTIFICATE_MESSAGES.certificateOrPlateRequired,
        });
        return;
      }
      if (!REGISTRATION_PATTERN.test(plate.toUpperCase()))
        context.addIssue({
          code: 'custom',
          path: ['registrationNumber'],
          message: CERTIFICATE_MESSAGES.registrationInvalid,
        });
      const date = input.date?.trim() ?? '';
      if (date === '')
        context.addIssue({ code: 'custom', path: ['date'], message: CERTIFICATE_MESSAGES.dateRequired });
      else if (!isCalendarDate(date))
        context.addIssue({ code: 'custom', path: ['date'], message: CERTIFICATE_MESSAGES.dateInvalid });
      else if (date < '2000-01-01' || date > latestCheckDate(today))
        context.addIssue({ code: 'custom', path: ['date'], message: CERTIFICATE_MESSAGES.dateOutOfRange });
    })
    .transform((input) =>
      input.certificateNumber?.trim()
        ? ({ by: 'number', certificateNumber: normaliseCertificateNumber(input.certificateNumber) } as const)
        : ({
            by: 'plate',
            registrationNumber: normaliseRegistration(input.registrationNumber ?? ''),
            date: (input.date ?? '').trim(),
          } as const),
    );
}
export type VerifyCertificateQuery = z.output<ReturnType<typeof verifyCertificateSchemaFor>>;

/** What a public check answers: only what the certificate itself shows, never contact or identity data. */
export interface CertificateCheck {
  status: CertificateStatus;
  /** The day the status is for (YYYY-MM-DD). */
  checkedOn: string;
  certificate: {
    certificateNumber: string;
    registrationNumber: string;
    makeModel: string;
    insurer: string;
    type: CertificateType;
    startDate: string;
    endDate: string;
    /** Masked (maskInsuredName). */
    insuredName: string;
  } | null;
}
