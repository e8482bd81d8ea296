import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import type { Services } from '../services';

declare module 'fastify' {
  interface FastifyRequest {
    /** The gateway action this request ran ('service/resource/action'), for the metrics' label. */
    gatewayAction: string | null;
  }
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Request metrics on every response, the gauges read at scrape time (payments by state, job queues,
 * database waits) and GET /metrics for whoever holds the token (not served without one).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { database: DatabaseHandle; services: Services; token: string | undefined },
): void {
  const { database, services, token } = options;
  const { metrics } = services;
  app.decorateRequest('gatewayAction', null);
  app.addHook('onResponse', (request, reply, done) => {
    const action = request.gatewayAction ?? request.routeOptions.url ?? 'unmatched';
    metrics.requests.observe(
      { action, method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  metrics.gauge('bima_payments', 'M-Pesa payment prompts by state', ['state'], async (gauge) => {
    const { rows } = await database.executeSql(
      'select status, count(*)::int as count from payments group by status',
      [],
    );
    gauge.reset();
    for (const row of rows as { status: string; count: number }[])
      gauge.set({ state: row.status }, row.count);
  });
  metrics.gauge('bima_job_queue_depth', 'Jobs by queue and state', ['queue', 'state'], async (gauge) => {
    for (const depth of await services.jobs.depths()) {
      gauge.set({ queue: depth.name, state: 'queued' }, depth.queued);
      gauge.set({ queue: depth.name, state: 'active' }, depth.active);
      gauge.set({ queue: depth.name, state: 'failed' }, depth.failed);
    }
  });
  metrics.gauge(
    'bima_job_runs',
    'Runs of each job on this instance since it started',
    ['queue', 'outcome'],
    (gauge) => {
      for (const [name, count] of services.jobs.counts) {
        gauge.set({ queue: name, outcome: 'completed' }, count.completed);
        gauge.set({ queue: name, outcome: 'failed' }, count.failed);
      }
    },
  );
  metrics.gauge(
    'bima_db_connections',
    `Database connections (${database.kind}): in use, idle, and callers waiting for one`,
    ['state'],
    (gauge) => {
      const stats = database.poolStats();
      gauge.set({ state: 'total' }, stats.total);
      gauge.set({ state: 'idle' }, stats.idle);
      gauge.set({ state: 'waiting' }, stats.waiting);
    },
  );

  app.get('/metrics', async (request, reply) => {
    if (!token) return reply.callNotFound();
    if (!bearerMatches(request, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({
        status: false,
        err_code: 'UNAUTHENTICATED',
        err_msg: 'A metrics token is required.',
        errors: [],
      });
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
