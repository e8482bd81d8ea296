import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** A random 4-digit one-time code. */
export function generateCode(): string {
  return randomInt(0, 10_000).toString().padStart(4, '0');
}

/** Codes are stored as an HMAC keyed with a server secret and bound to their verification. */
export function hashCode(secret: string, verificationId: string, code: string): string {
  return createHmac('sha256', secret).update(`${verificationId}:${code}`).digest('hex');
}

/**
 * The stored hash of a decoy code (a reset asked for an unknown e-mail): made the same way as a
 * real one, from a value no 4-digit guess can equal, so every guess is checked and counted alike.
 */
export function hashDecoyCode(secret: string, verificationId: string): string {
  return hashCode(secret, verificationId, `decoy:${randomBytes(16).toString('hex')}`);
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

function sealingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'bima-refresh-successor', 'aes-256-gcm', 32));
}

/** Encrypts a token for storage (AES-256-GCM, key derived from the server secret). */
export function sealToken(secret: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The token `sealToken` encrypted, or null when the value was not sealed with this secret. */
export function openToken(secret: string, sealed: string): string | null {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
