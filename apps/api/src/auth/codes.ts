import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random 4-digit one-time code. */
export function generateCode(): string {
  return randomInt(0, 10_000).toString().padStart(4, '0');
}

/** Codes are stored as an HMAC keyed with a server secret and bound to their verification. */
export function hashCode(secret: string, verificationId: string, code: string): string {
  return createHmac('sha256', secret).update(`${verificationId}:${code}`).digest('hex');
}

export function codeMatches(secret: string, verificationId: string, code: string, stored: string): boolean {
  const given = Buffer.from(hashCode(secret, verificationId, code), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An opaque refresh token and the hash it is stored under. */
export function generateRefreshToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
