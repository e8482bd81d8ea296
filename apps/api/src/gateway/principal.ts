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
  if (!UUID.test(claims.sid)) return null;
  const caller = await services.findSessionCaller(claims.sid);
  if (!caller || caller.userId !== claims.sub || caller.role !== claims.role || !isUserRole(caller.role))
    return null;
  if (caller.status !== 'ACTIVE') return null;
  if (caller.role === 'intermediary' && caller.intermediaryStatus !== 'ACTIVE') return null;
  return {
    userId: caller.userId,
    role: caller.role,
    sessionId: claims.sid,
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
