import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@bima/domain';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fastifyRateLimitStore } from '../../cluster/counters';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { files } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { findRequestPrincipal } from '../../gateway/principal';
import { gatewayRateLimitKey } from '../../gateway/rate-limits';
import { linkExpired, openSignedLink } from '../../gateway/signed-links';
import type { Services } from '../../services';
import { type FileOwners, removeOrphanUploads, saveUpload, type UploadLimits } from './service';
import type { FileStorage } from './storage';

/**
 * Uploads (spec-1 §7.1 "Upload: POST with the token header and progress events"):
 * `POST /v2/api/files?ownerKind=claim&ownerId=12&category=damage_photos`, multipart with one `file`,
 * headers `accesstoken` and `x-upload-id` (the client's key for this file: a retry never duplicates).
 * `GET /v2/api/files/:token` serves a file to the reader its link was signed for, while the session
 * that asked for the link is live and the reader may still read the file.
 * Each account keeps at most UPLOAD_QUOTA_MB (staff UPLOAD_STAFF_QUOTA_MB) and uploads at most
 * UPLOAD_DAILY_MB a day; uploads never attached are deleted by the `upload-orphans` job.
 */
export async function filesPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config; storage: FileStorage; owners: FileOwners },
): Promise<void> {
  const { db, services, config, storage, owners } = options;
  const MB = 1024 * 1024;
  const limits: UploadLimits = {
    quotaBytes: {
      client: Math.floor(config.UPLOAD_QUOTA_MB * MB),
      staff: Math.floor(config.UPLOAD_STAFF_QUOTA_MB * MB),
    },
    dailyBytes: Math.floor(config.UPLOAD_DAILY_MB * MB),
    maxPixels: Math.floor(config.UPLOAD_MAX_MEGAPIXELS * 1_000_000),
  };
  services.jobs.every({
    name: 'upload-orphans',
    intervalMs: config.UPLOAD_ORPHAN_SWEEP_INTERVAL_MS,
    run: () =>
      removeOrphanUploads({
        db,
        storage,
        owners,
        clock: services.clock,
        graceMs: config.UPLOAD_ORPHAN_GRACE_HOURS * 3_600_000,
        log: app.log,
      }),
  });
  // Uploads and downloads count like gateway calls: per signed-in user, else per IP.
  await app.register(rateLimit, {
    ...(services.counters.kind === 'memory'
      ? {}
      : { store: fastifyRateLimitStore(services.counters, 'files') }),
    keyGenerator: (request) => gatewayRateLimitKey(request, services.tokenSecret),
    // The counts go out only with a refusal (429 with Retry-After): on every answer they would be
    // three headers no client of ours reads, on slow mobile links.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
  await app.register(multipart, {
    // One byte over the limit is enough to know it is too large.
    limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 },
  });

  app.post('/v2/api/files', async (request) => {
    const principal = await findRequestPrincipal(request, services);
    if (!principal) throw new AppError('forbidden', 'Your session has expired. Please sign in again.');
    const query = (request.query ?? {}) as Record<string, string | undefined>;
    const header = request.headers['x-upload-id'];
    const uploadId = (Array.isArray(header) ? header[0] : header) ?? query.uploadId ?? '';
    if (!request.isMultipart())
      throw new AppError('invalid', UPLOAD_MESSAGES.noFile, {
        errors: [{ field: 'file', message: UPLOAD_MESSAGES.noFile }],
      });
    const part = await request.file();
    if (!part)
      throw new AppError('invalid', UPLOAD_MESSAGES.noFile, {
        errors: [{ field: 'file', message: UPLOAD_MESSAGES.noFile }],
      });
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('too_large', UPLOAD_MESSAGES.tooLarge, {
          errors: [{ field: 'file', message: UPLOAD_MESSAGES.tooLarge }],
        });
      throw error;
    }
    const saved = await saveUpload({
      db,
      storage,
      owners,
      limits,
      clock: services.clock,
      principal,
      ownerKind: query.ownerKind ?? '',
      ownerId: query.ownerId ?? '',
      category: query.category ?? 'other',
      uploadId,
      fileName: part.filename,
      bytes,
    });
    return { status: true, result: { data: { ...saved.file, duplicate: saved.duplicate } } };
  });

  app.get('/v2/api/files/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    // The session that asked for the link must still be live: a link dies with its sign-out.
    const link = await openSignedLink(services, 'files', token, 1);
    if (!link) return linkExpired(reply);
    const { reader } = link;
    const [file] = await db.select().from(files).where(eq(files.id, link.fields[0]!));
    const owner = file ? owners.get(file.ownerKind) : undefined;
    if (!file || !owner || !(await owner.canRead(db, reader, file.ownerId, file)))
      throw new AppError('not_found', 'Not found.');
    const body = await storage.get(file.storageKey);
    const disposition = file.contentType.startsWith('image/') ? 'inline' : 'attachment';
    return reply
      .type(file.contentType)
      .header('content-disposition', `${disposition}; filename="${encodeURIComponent(file.name)}"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}
