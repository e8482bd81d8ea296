import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Services } from '../services';
import { findSessionPrincipal } from './principal';
import type { Principal } from './registry';

/** Who a link is signed for: the reader and the session they asked for it in. */
export interface LinkReader {
  userId: string;
  /** Null only for the session-less tokens tests make: such a link never opens. */
  sessionId: string | null;
}

/** What a link opens: each purpose has its own key, so a link for one route never opens another. */
export type LinkPurpose = 'files' | 'documents' | 'claim-form' | 'statements';

/** Ten minutes: a page's links are signed when it loads and clicked a little later. */
export const LINK_TTL_SECONDS = 600;

const FIELD = /^[A-Za-z0-9_:-]+$/;

function signature(secret: string, purpose: LinkPurpose, payload: string): string {
  return createHmac('sha256', `${secret}:${purpose}`).update(payload).digest('base64url');
}

/**
 * The token of a download link. Files, policy documents, claim forms and statements download from
 * plain links (an <img> or <a>, a new tab, the browser's PDF viewer cannot send the accessToken
 * header), so a reader gets a link signed for them and for the session that asked for it, working
 * for a few minutes. `openSignedLink` checks again that the session is still live: signed out,
 * signed out elsewhere, a changed password, a disabled account or an erased one, the link is dead at
 * once, whoever holds it.
 */
export function signLink(
  secret: string,
  purpose: LinkPurpose,
  fields: readonly (string | number)[],
  reader: LinkReader,
  ttlSeconds = LINK_TTL_SECONDS,
): string {
  const parts = fields.map(String);
  for (const part of parts) if (!FIELD.test(part)) throw new Error(`A link field cannot hold "${part}"`);
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const payload = [...parts, reader.userId, reader.sessionId ?? '-', String(expires)].join('.');
  return `${Buffer.from(payload).toString('base64url')}.${signature(secret, purpose, payload)}`;
}

/** A link's fields and reader, when its signature is right, it has `arity` fields and has not expired. */
export function verifyLink(
  secret: string,
  purpose: LinkPurpose,
  token: string,
  arity: number,
): { fields: string[]; userId: string; sessionId: string } | null {
  const [encoded, given, extra] = token.split('.');
  if (!encoded || !given || extra !== undefined) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = signature(secret, purpose, payload);
  if (Buffer.byteLength(given) !== Buffer.byteLength(expected)) return null;
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  const parts = payload.split('.');
  if (parts.length !== arity + 3 || parts.some((part) => part === '')) return null;
  const [userId, sessionId, expires] = parts.slice(arity) as [string, string, string];
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 <= Date.now()) return null;
  return { fields: parts.slice(0, arity), userId, sessionId };
}

/**
 * A link's fields and its reader as a principal, when the link is good and the session that asked
 * for it is still live (the same rule as an access token's); else null, and the route answers
 * `linkExpired`.
 */
export async function openSignedLink(
  services: Pick<Services, 'tokenSecret' | 'findSessionCaller'>,
  purpose: LinkPurpose,
  token: string,
  arity: number,
): Promise<{ fields: string[]; reader: Principal } | null> {
  const link = verifyLink(services.tokenSecret, purpose, token, arity);
  if (!link) return null;
  const reader = await findSessionPrincipal(link.sessionId, link.userId, services);
  return reader ? { fields: link.fields, reader } : null;
}

/** The answer to a link that is forged, expired or whose session has ended. */
export function linkExpired(reply: FastifyReply) {
  return reply.status(403).send({
    status: false,
    err_code: 'FORBIDDEN',
    err_msg: 'This download link has expired.',
    errors: [],
  });
}
