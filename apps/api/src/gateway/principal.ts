import { isUserRole } from '@bima/domain';
import type { FastifyRequest } from 'fastify';
import { verifyAccessToken } from '../auth/tokens';
import type { Services } from '../services';
import type { Principal } from './registry';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller behind a valid access token whose session is unrevoked, with the role and firm read
 * from the database: a disabled user, a suspended firm or a changed role ends the token at once.
 * Tokens without a session (made only by tests) carry their claims and cannot call staff actions.
 * Used by the gateway on every secured call, by routes outside the envelope (uploads) and by the
 * chat socket when it (re)authenticates.
 */
export async function findTokenPrincipal(
  token: string | undefined,
  services: Pick<Services, 'tokenSecret' | 'findSessionCaller'>,
): Promise<Principal | null> {
  const claims = token ? verifyAccessToken(token, services.tokenSecret) : null;
  if (!claims) return null;
  if (!claims.sid) {
    return {
      userId: claims.sub,
      role: claims.role,
      sessionId: null,
      intermediaryId: null,
      underwriterId: null,
    };
  }
  const principal = await findSessionPrincipal(claims.sid, claims.sub, services);
  return principal?.role === claims.role ? principal : null;
}

/**
 * The user of a session while it is live (unrevoked, the user active, their firm not suspended),
 * with the role and firm read from the database; null otherwise. Behind every access token, and
 * behind a signed file link, which carries the session that asked for it.
 */
export async function findSessionPrincipal(
  sessionId: string,
  userId: string,
  services: Pick<Services, 'findSessionCaller'>,
): Promise<Principal | null> {
  if (!UUID.test(sessionId)) return null;
  const caller = await services.findSessionCaller(sessionId);
  if (!caller || caller.userId !== userId || !isUserRole(caller.role)) return null;
  if (caller.status !== 'ACTIVE') return null;
  if (caller.role === 'intermediary' && caller.intermediaryStatus !== 'ACTIVE') return null;
  return {
    userId: caller.userId,
    role: caller.role,
    sessionId,
    intermediaryId: caller.role === 'intermediary' ? caller.intermediaryId : null,
    underwriterId: caller.role === 'underwriter' ? caller.underwriterId : null,
    // Only a lender carries its lender (absent for every other role).
    ...(caller.role === 'lender' ? { lenderId: caller.lenderId } : {}),
  };
}

/**
 * The caller of a route outside the gateway envelope (uploads), by the same rule as the gateway:
 * a valid access token in the `accesstoken` header whose session is live. Null when there is none.
 */
export function findRequestPrincipal(request: FastifyRequest, services: Services): Promise<Principal | null> {
  const header = request.headers.accesstoken;
  return findTokenPrincipal(Array.isArray(header) ? header[0] : header, services);
}

/** The expiry (ms since the epoch) of a token already accepted by `findTokenPrincipal`. */
export function tokenExpiry(token: string, secret: string): number {
  return (verifyAccessToken(token, secret)?.exp ?? 0) * 1000;
}
