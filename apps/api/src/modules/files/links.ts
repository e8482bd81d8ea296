import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A file downloads from a plain link (an <img> or <a> cannot send the accessToken header), so a
 * reader gets a link signed for them that works for a few minutes; the download checks again that
 * they may still read it.
 */
export function signFileLink(secret: string, fileId: string, userId: string, ttlSeconds = 600): string {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const payload = `${fileId}.${userId}.${expires}`;
  const signature = createHmac('sha256', `${secret}:files`).update(payload).digest('base64url');
  return `/v2/api/files/${Buffer.from(payload).toString('base64url')}.${signature}`;
}

export function verifyFileLink(secret: string, token: string): { fileId: string; userId: string } | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = createHmac('sha256', `${secret}:files`).update(payload).digest('base64url');
  const given = Buffer.from(signature);
  if (given.length !== Buffer.byteLength(expected) || !timingSafeEqual(given, Buffer.from(expected)))
    return null;
  const [fileId, userId, expires] = payload.split('.');
  if (!fileId || !userId || !expires) return null;
  if (Number(expires) * 1000 <= Date.now()) return null;
  return { fileId, userId };
}
