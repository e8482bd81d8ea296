/** Kenyan identifiers (shared/domain/kenya-motor.md), with no dependency on zod. */

/** KRA PIN: a capital letter, nine digits, a capital letter (A123456789X). */
export const KRA_PIN_PATTERN = /^[A-Z]\d{9}[A-Z]$/;

/** Kenyan phone: +254 or 0, then a digit 1-9 and eight more digits (spec-2 §5). */
export const KENYAN_PHONE_PATTERN = /^(?:\+254|0)[1-9]\d{8}$/;

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
