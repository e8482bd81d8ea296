/** The number of digits of an e-mailed code (spec-2 §9). */
export const OTP_LENGTH = 4;

/** What the boxes hold after an edit, and which box takes focus. */
export interface OtpUpdate {
  digits: string[];
  focusIndex: number;
}

export function emptyOtp(): string[] {
  return Array.from({ length: OTP_LENGTH }, () => '');
}

function onlyDigits(text: string): string[] {
  return [...text.replace(/\D/g, '')];
}

function clampIndex(index: number): number {
  return Math.min(Math.max(index, 0), OTP_LENGTH - 1);
}

/** Places digits one per box from `start`, dropping any that do not fit. */
function fillFrom(digits: readonly string[], start: number, chars: readonly string[]): string[] {
  const next = [...digits];
  chars.slice(0, OTP_LENGTH - start).forEach((char, offset) => {
    next[start + offset] = char;
  });
  return next;
}

/**
 * A box's new value: one digit fills it and moves focus forward; clearing it keeps focus; several
 * digits (autofill, a fast typist) fill on from that box, and a whole code fills every box.
 * Anything that is not a digit is ignored.
 */
export function enterOtpValue(digits: readonly string[], index: number, value: string): OtpUpdate {
  const previous = digits[index] ?? '';
  // Typing into a filled box adds one character beside the old digit: the new one replaces it.
  const typed =
    previous !== '' && value.length === 2 && value.includes(previous)
      ? value.startsWith(previous)
        ? value.slice(1)
        : value.slice(0, 1)
      : value;
  const chars = onlyDigits(typed);
  if (value === '') {
    const next = [...digits];
    next[index] = '';
    return { digits: next, focusIndex: index };
  }
  if (chars.length === 0) return { digits: [...digits], focusIndex: index };
  const start = chars.length >= OTP_LENGTH ? 0 : index;
  const next = fillFrom(digits, start, chars);
  return { digits: next, focusIndex: clampIndex(start + chars.length) };
}

/**
 * Pasted text: a 4-digit code (spaces and dashes allowed) fills all four boxes whichever box has
 * focus; a shorter run of digits fills on from the focused box. Null when it holds no digit.
 */
export function pasteOtp(digits: readonly string[], index: number, text: string): OtpUpdate | null {
  const chars = onlyDigits(text);
  if (chars.length === 0) return null;
  const start = chars.length >= OTP_LENGTH ? 0 : index;
  const next = fillFrom(digits, start, chars);
  return { digits: next, focusIndex: clampIndex(start + chars.length) };
}

/**
 * Backspace: in an empty box it moves focus back to the previous box (spec-2 OTP page); in a filled
 * box the browser deletes the digit, so this returns null (nothing to do).
 */
export function backspaceOtp(digits: readonly string[], index: number): OtpUpdate | null {
  if (digits[index] !== '' || index === 0) return null;
  return { digits: [...digits], focusIndex: index - 1 };
}

export function joinOtp(digits: readonly string[]): string {
  return digits.join('');
}

/** Exactly four digits (spec-2 §5). */
export function isCompleteOtp(digits: readonly string[]): boolean {
  return /^\d{4}$/.test(joinOtp(digits));
}
