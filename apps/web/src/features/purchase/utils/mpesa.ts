import { MPESA_MESSAGES, normaliseMpesaDigits } from '@bima/domain';

/** Digits an M-Pesa number has after the fixed +254 (spec-2 §9). */
export const MPESA_DIGITS = 9;

export type MpesaStatus = 'empty' | 'partial' | 'invalid' | 'valid';

export interface MpesaCheck {
  /** What the input shows: the spec's normalisation, at most nine digits. */
  digits: string;
  status: MpesaStatus;
  /** The message to show under the input, or null. */
  message: string | null;
}

/**
 * Checks an M-Pesa number as typed after +254 (spec-2 §5): a leading +254 or 254 and every non-digit
 * are dropped; valid when exactly nine digits starting with 7 or 1. A wrong first digit is reported at
 * once; one to eight good digits ask for nine.
 */
export function checkMpesaNumber(typed: string): MpesaCheck {
  const digits = normaliseMpesaDigits(typed).slice(0, MPESA_DIGITS);
  if (digits === '') return { digits, status: 'empty', message: null };
  if (!/^[17]/.test(digits)) return { digits, status: 'invalid', message: MPESA_MESSAGES.startDigit };
  if (digits.length < MPESA_DIGITS) return { digits, status: 'partial', message: MPESA_MESSAGES.length };
  return { digits, status: 'valid', message: null };
}

/** The PhoneNumber M-Pesa is asked to charge: '254' and the nine digits. */
export function toMpesaPhoneNumber(digits: string): string {
  return `254${digits}`;
}
