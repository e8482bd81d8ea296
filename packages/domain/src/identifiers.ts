/** Kenyan identifiers (shared/domain/kenya-motor.md), with no dependency on zod. */

/** KRA PIN: a capital letter, nine digits, a capital letter (A123456789X). */
export const KRA_PIN_PATTERN = /^[A-Z]\d{9}[A-Z]$/;

/** A Kenyan phone number in each of the forms the product writes it. */
export interface KenyanPhone {
  /** The nine digits after +254: '712345678'. */
  national: string;
  /** '0712345678': as Kenyans write it (KYC forms, the schedule). */
  local: string;
  /** '+254712345678': E.164. */
  e164: string;
  /** '254712345678': as M-Pesa (Daraja) takes it. */
  msisdn: string;
  /** A mobile number (07xx, 01xx): one M-Pesa can pay or charge. */
  isMobile: boolean;
}

/** What people put between a number's digits: spaces (any kind), dashes, dots, brackets, slashes. */
const PHONE_SEPARATORS = /[\s\u00a0\u2000-\u200b\-\u2010-\u2015.()/]/g;

/**
 * The one reading of a Kenyan phone number as people type it: 0712345678, 0712 345 678,
 * 0712-345-678, +254712345678, 254712345678, 00254712345678, +254 (0)712 345 678, or the nine digits
 * alone (712345678, 112345678: a mobile number without its 0); 01xx numbers as 07xx. Answers the
 * number in each form, or null when it is not a Kenyan number (letters, a foreign code, a digit too
 * many or too few). The nine national digits start 1-9; alone, without 0 or +254, they must start 7
 * or 1 (a mobile), so a stray run of digits is not taken for a number.
 */
export function parseKenyanPhone(typed: string): KenyanPhone | null {
  const compact = typed.trim().replace(PHONE_SEPARATORS, '');
  let national: string;
  const international = /^(?:\+|00)?254(\d+)$/.exec(compact);
  if (international) national = international[1]!.replace(/^0/, '');
  else if (/^0\d{9}$/.test(compact)) national = compact.slice(1);
  else if (/^[17]\d{8}$/.test(compact)) national = compact;
  else return null;
  if (!/^[1-9]\d{8}$/.test(national)) return null;
  return {
    national,
    local: `0${national}`,
    e164: `+254${national}`,
    msisdn: `254${national}`,
    isMobile: /^[17]/.test(national),
  };
}

/** A 17-character VIN (ISO 3779): letters and digits, never I, O or Q (they read as 1 and 0). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/**
 * A Japanese frame number, as most used cars imported into Kenya carry instead of a VIN: the
 * model code (letters, digits, maybe a letter: NZE161, GP5, KDH200, ZVW30), a hyphen, the serial
 * (NZE161-3012345).
 */
export const FRAME_NUMBER_PATTERN = /^[A-Z]{1,5}\d{1,4}[A-Z]{0,2}-\d{4,8}$/;

/** A chassis number as written on a Kenyan logbook: a VIN or a Japanese frame number, any case, spaces trimmed. */
export function normaliseChassisNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** Whether `value` is a VIN or a Japanese frame number (after `normaliseChassisNumber`). */
export function isChassisNumber(value: string): boolean {
  const chassis = normaliseChassisNumber(value);
  return VIN_PATTERN.test(chassis) || FRAME_NUMBER_PATTERN.test(chassis);
}
