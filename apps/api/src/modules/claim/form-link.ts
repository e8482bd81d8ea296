import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The claim form downloads from a plain link (a browser cannot add the accessToken header to a
 * link), signed for its reader for a few minutes; the download checks again that they may read the claim.
 */
export function signClaimFormLink(secret: string, claimId: number, userId: string, ttlSeconds = 600): string {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const payload = `${claimId}.${userId}.${expires}`;
  const signature = createHmac('sha256', `${secret}:claim-form`).update(payload).digest('base64url');
  return `/v2/api/claims/form/${Buffer.from(payload).toString('base64url')}.${signature}`;
}

export function verifyClaimFormLink(
  secret: string,
  token: string,
): { claimId: number; userId: string } | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = createHmac('sha256', `${secret}:claim-form`).update(payload).digest('base64url');
  const given = Buffer.from(signature);
  if (given.length !== Buffer.byteLength(expected) || !timingSafeEqual(given, Buffer.from(expected)))
    return null;
  const [claimId, userId, expires] = payload.split('.');
  if (!claimId || !/^\d{1,9}$/.test(claimId) || !userId || !expires) return null;
  if (Number(expires) * 1000 <= Date.now()) return null;
  return { claimId: Number(claimId), userId };
}
