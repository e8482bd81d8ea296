import { Readable } from 'node:stream';
import { languageOfHeader } from '@bima/domain/i18n';
import type { FastifyInstance } from 'fastify';
import { RateLimiter } from '../../auth/rate-limiter';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../gateway/errors';
import { findRequestPrincipal } from '../../gateway/principal';
import { writeZip } from '../../lib/zip';
import type { Services } from '../../services';
import type { FileStorage } from '../files/storage';
import { clientArchiveEntries } from './export';

/**
 * `GET /v2/api/privacy/export` with the `accesstoken` header: the signed-in client's own data as one
 * zip (my-data.json, policy schedules, their claims' and chats' files), streamed as it is written.
 * Only a client, only their own (the token's), DATA_EXPORTS_PER_HOUR per account.
 */
export async function privacyPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config; storage: FileStorage },
): Promise<void> {
  const { db, services, config, storage } = options;
  // Its own limit, on the shared counters, not scaled with the sign-in limits (AUTH_RATE_LIMIT_SCALE).
  const exportLimiter = new RateLimiter(services.counters);
  app.get('/v2/api/privacy/export', async (request, reply) => {
    const principal = await findRequestPrincipal(request, services);
    if (!principal) throw new AppError('forbidden', 'Your session has expired. Please sign in again.');
    if (principal.role !== 'client')
      throw new AppError('forbidden', 'Only the client can download their own data.');
    await exportLimiter.hit({ limit: config.DATA_EXPORTS_PER_HOUR, windowMs: 3_600_000 }, [
      `privacy:export:${principal.userId}`,
    ]);
    const { lang } = request.query as { lang?: string };
    const language =
      lang === 'sw' || lang === 'en' ? lang : languageOfHeader(request.headers['accept-language']);
    const day = new Date().toISOString().slice(0, 10);
    const archive = Readable.from(
      writeZip(clientArchiveEntries({ db, storage, userId: principal.userId, language })),
    );
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="bima-my-data-${day}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(archive);
  });
}
