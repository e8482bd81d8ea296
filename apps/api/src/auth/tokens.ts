import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUserRole, type UserRole } from '@bima/domain/gateway-contract';

/**
 * Short-lived access tokens: JWTs signed with HMAC-SHA-256. `role` lets the web app route the user
 * (staff to /staff); the gateway still reads the role and firm from the session's user on each call.
 */
export interface AccessTokenClaims {
  sub: string;
  role: UserRole;
  /** Seconds since the epoch. */
  exp: number;
  iat: number;
  sid?: string;
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signAccessToken(
  claims: Omit<AccessTokenClaims, 'iat' | 'exp'> & { ttlSeconds: number },
  secret: string,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const { ttlSeconds, ...rest } = claims;
  const body = base64url(JSON.stringify({ ...rest, iat, exp: iat + ttlSeconds }));
  return `${HEADER}.${body}.${sign(`${HEADER}.${body}`, secret)}`;
}

/** The token's claims when its signature, shape and expiry hold; otherwise null. */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  if (header !== HEADER) return null;
  const expected = Buffer.from(sign(`${header}.${body}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims)) return null;
  if (claims.exp * 1000 <= now) return null;
  return claims;
}

function isClaims(value: unknown): value is AccessTokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.sub === 'string' &&
    isUserRole(claims.role) &&
    typeof claims.exp === 'number' &&
    typeof claims.iat === 'number'
  );
}
