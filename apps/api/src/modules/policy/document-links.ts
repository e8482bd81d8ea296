import { createHmac, timingSafeEqual } from 'node:crypto';

export type DocumentKind = 'schedule' | 'receipt' | 'certificate';

/**
 * Documents download from plain links (a browser cannot add the accessToken header to a link), so
 * the owner asks for a link signed for them that works for a few minutes.
 */
export function signDocumentLink(
  secret: string,
  kind: DocumentKind,
  policyId: number,
  userId: string,
  ttlSeconds = 600,
): string {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const payload = `${kind}.${policyId}.${userId}.${expires}`;
  const signature = createHmac('sha256', `${secret}:documents`).update(payload).digest('base64url');
  return `/v2/api/documents/${Buffer.from(payload).toString('base64url')}.${signature}`;
}

export function verifyDocumentLink(
  secret: string,
  token: string,
): { kind: DocumentKind; policyId: number; userId: string } | null {
  const [encoded, signature] = token.split('.');
  if (!encoded || !signature) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = createHmac('sha256', `${secret}:documents`).update(payload).digest('base64url');
  const given = Buffer.from(signature);
  if (given.length !== Buffer.byteLength(expected) || !timingSafeEqual(given, Buffer.from(expected)))
    return null;
  const [kind, policyId, userId, expires] = payload.split('.');
  if (
    (kind !== 'schedule' && kind !== 'receipt' && kind !== 'certificate') ||
    !policyId ||
    !userId ||
    !expires
  )
    return null;
  if (Number(expires) * 1000 <= Date.now()) return null;
  return { kind, policyId: Number(policyId), userId };
}
