import { type MotorQuoteLink, motorQuoteLinkSchema, QUOTE_LINK_MAX_LENGTH } from '@bima/domain';
import type { ZodType } from 'zod';

/** The address parameter a shared quote travels in. */
export const QUOTE_PARAM = 'quote';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The `?quote=` value of a journey checked by `schema`: base64url of its JSON, without padding. */
export function encodeJourneyLink<T>(schema: ZodType<T>, link: T): string {
  return toBase64Url(JSON.stringify(schema.parse(link)));
}

/**
 * Reads a `?quote=` value with the journey's schema: the journey, or null for anything damaged, too
 * long, of another version or outside the schema (a tampered link is never half-read).
 */
export function decodeJourneyLink<T>(schema: ZodType<T>, value: string | null | undefined): T | null {
  if (!value || value.length > QUOTE_LINK_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(value));
  } catch {
    return null;
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : null;
}

/** The motor private journey's `?quote=` value. */
export function encodeQuoteLink(link: MotorQuoteLink): string {
  return encodeJourneyLink(motorQuoteLinkSchema, link);
}

/** Reads a motor private `?quote=` value (see decodeJourneyLink). */
export function decodeQuoteLink(value: string | null | undefined): MotorQuoteLink | null {
  return decodeJourneyLink(motorQuoteLinkSchema, value);
}
