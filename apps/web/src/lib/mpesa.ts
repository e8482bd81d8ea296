import { MPESA_MESSAGES, normaliseMpesaDigits } from '@bima/domain';

/** Digits an M-Pesa number has after the fixed +254 (spec-2 §9). */
export const MPESA_DIGITS = 9;

/**
 * How many characters the input takes: room for the ways Kenyans write a number, such as
 * '+254 (0) 712-345-678', and no more.
 */
export const MPESA_INPUT_MAX_LENGTH = 20;

export type MpesaStatus = 'empty' | 'partial' | 'invalid' | 'valid';

export interface MpesaCheck {
  /** The number reduced to the digits after +254 (what is sent, after '254'). */
  digits: string;
  status: MpesaStatus;
  /** The message to show under the input, or null. */
  message: string | null;
}

/** Raw digits that may still become a country code (2, 25, 00, 002, 0025): not a wrong first digit yet. */
const COUNTRY_CODE_STARTS = new Set(['2', '25', '00', '002', '0025']);

/**
 * Checks an M-Pesa number as people type it (spec-2 §5): spaces, dashes, a leading 0 and a +254, 254
 * or 00254 country code are accepted and dropped; valid when nine digits remain, starting with 7 or 1.
 * A wrong first digit is reported at once; fewer or more than nine digits ask for nine.
 */
export function checkMpesaNumber(typed: string): MpesaCheck {
  const raw = typed.replace(/\D/g, '');
  const digits = normaliseMpesaDigits(typed);
  if (raw === '') return { digits, status: 'empty', message: null };
  if (digits === '' || COUNTRY_CODE_STARTS.has(raw)) {
    return { digits, status: 'partial', message: MPESA_MESSAGES.length };
  }
  if (!/^[17]/.test(digits)) return { digits, status: 'invalid', message: MPESA_MESSAGES.startDigit };
  if (digits.length < MPESA_DIGITS) return { digits, status: 'partial', message: MPESA_MESSAGES.length };
  if (digits.length > MPESA_DIGITS) return { digits, status: 'invalid', message: MPESA_MESSAGES.length };
  return { digits, status: 'valid', message: null };
}

/** What the input keeps of a keystroke or paste: digits and the signs people write numbers with. */
export function keepPhoneCharacters(typed: string): string {
  return typed.replace(/[^\d\s+\-().]/g, '').slice(0, MPESA_INPUT_MAX_LENGTH);
}

/**
 * The number the client gave in their KYC details ('2547…', '+2547…', '07…'), as the payment input
 * shows it: the nine digits when it is a valid M-Pesa number, else nothing (the client types one).
 */
export function mpesaDigitsFromKyc(phone: string | null | undefined): string {
  if (!phone) return '';
  const check = checkMpesaNumber(phone);
  return check.status === 'valid' ? check.digits : '';
}

/** The PhoneNumber M-Pesa is asked to charge: '254' and the nine digits. */
export function toMpesaPhoneNumber(digits: string): string {
  return `254${digits}`;
}

export type MpesaVerdict = 'valid' | 'invalid';

/** The notification a number earns: valid, or invalid once it is complete (nine digits or more). */
function verdictOf(check: MpesaCheck): MpesaVerdict | null {
  if (check.status === 'valid') return 'valid';
  if (check.status === 'invalid' && check.digits.length >= MPESA_DIGITS) return 'invalid';
  return null;
}

/**
 * One validity notification per change of validity, not one per keystroke (spec-2 §5 asks for a
 * success notification for a valid number and an error one for an invalid complete number): a
 * notification only when the verdict changes, and never the same verdict for the same number twice
 * in a row (`lastAnnounced` is the key of the last one shown, e.g. a prefilled number's).
 */
export function validityNotification(
  previous: MpesaCheck,
  next: MpesaCheck,
  lastAnnounced: string | null,
): { verdict: MpesaVerdict; key: string } | null {
  const verdict = verdictOf(next);
  if (verdict === null || verdict === verdictOf(previous)) return null;
  const key = announcementKey(verdict, next.digits);
  return key === lastAnnounced ? null : { verdict, key };
}

/** The key `validityNotification` compares, for a number already known (a prefilled one). */
export function announcementKey(verdict: MpesaVerdict, digits: string): string {
  return `${verdict}:${digits}`;
}
