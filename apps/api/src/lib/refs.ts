import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A readable random reference such as QT-7KX2M9QD (no 0/O or 1/I to misread). */
export function makeRef(prefix: string, length = 8): string {
  let body = '';
  for (let index = 0; index < length; index += 1) body += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${body}`;
}

export function makeDigits(length: number): string {
  let digits = '';
  for (let index = 0; index < length; index += 1) digits += randomInt(10).toString();
  return digits;
}
