import { isUserRole } from '@bima/domain';
import type { FastifyRequest } from 'fastify';
import { verifyAccessToken } from '../auth/tokens';
import type { Services } from '../services';
import type { Principal } from './registry';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller of a route outside the gateway envelope (uploads), by the same rule as the gateway:
 * a valid access token in the `accesstoken` header whose session is live, the role and firm or
 * insurer read from the database. Null when there is none.
 */
export async function findRequestPrincipal(
  request: FastifyRequest,
  services: Services,
): Promise<Principal | null> {
  const header = request.headers.accesstoken;
  const token = Array.isArray(header) ? header[0] : header;
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
  };
}
