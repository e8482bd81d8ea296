import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who a file link is signed for: the reader and the session they asked for it in. */
export interface LinkReader {
  userId: string;
  /** Null only for the session-less tokens tests make: such a link never opens. */
  sessionId: string | null;
}

/**
 * A file downloads from a plain link (an <img> or <a>, a new tab, the browser's PDF viewer cannot
 * send the accessToken header), so a reader gets a link signed for them and for the session that
 * asked for it, working for a few minutes; the download checks again that the session is still live
 * (signed out, signed out elsewhere, a changed password, a disabled account: the link is dead at
 * once) and that the reader may still read the file.
 */
export function signFileLink(secret: string, fileId: string, reader: LinkReader, ttlSeconds = 600): string {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const payload = `${fileId}.${reader.userId}.${reader.sessionId ?? '-'}.${expires}`;
  const signature = createHmac('sha256', `${secret}:files`).update(payload).digest('base64url');
  return `/v2/api/files/${Buffer.from(payload).toString('base64url')}.${signature}`;
}

export function verifyFileLink(
  secret: string,
  token: string,
): { fileId: string; userId: string; sessionId: string } | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = createHmac('sha256', `${secret}:files`).update(payload).digest('base64url');
  const given = Buffer.from(signature);
  if (given.length !== Buffer.byteLength(expected) || !timingSafeEqual(given, Buffer.from(expected)))
    return null;
  const [fileId, userId, sessionId, expires, more] = payload.split('.');
  if (!fileId || !userId || !sessionId || !expires || more !== undefined) return null;
  if (Number(expires) * 1000 <= Date.now()) return null;
  return { fileId, userId, sessionId };
}
