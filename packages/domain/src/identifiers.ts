/** Kenyan identifiers (shared/domain/kenya-motor.md), with no dependency on zod. */

/** KRA PIN: a capital letter, nine digits, a capital letter (A123456789X). */
export const KRA_PIN_PATTERN = /^[A-Z]\d{9}[A-Z]$/;

/** Kenyan phone: +254 or 0, then a digit 1-9 and eight more digits (spec-2 §5). */
export const KENYAN_PHONE_PATTERN = /^(?:\+254|0)[1-9]\d{8}$/;
