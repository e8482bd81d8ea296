import { gatewayEnvelopeSchema, legacyEnvelopeSchema, STAFF_MESSAGES } from '@bima/domain';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { fastifyRateLimitStore } from '../cluster/counters';
import type { Config } from '../config';
import { type Database, pendingDatabaseCalls } from '../db/client';
import { requestLanguage } from '../lib/language';
import type { Services } from '../services';
import { checkAnswer } from './answers';
import { AppError, fromZodError } from './errors';
import { findInputProblem } from './input-guard';
import { findTokenPrincipal } from './principal';
import {
  GATEWAY_LIMIT_NAMESPACE,
  gatewayRateLimitKey,
  gatewayRateLimitMax,
  WindowLimiter,
} from './rate-limits';
import {
  type ActionDefinition,
  type ActionRegistry,
  isAllowed,
  type Principal,
  rateLimitClassOf,
} from './registry';
import { REPLAY_MAX_BODY_CHARS, type Replay, ReplayCache } from './replay';
import { preferredEncoding, SerializedResult } from './serialized';

declare module 'fastify' {
  interface FastifyRequest {
    /** A kept answer found for this exact anonymous request before its body was parsed. */
    gatewayReplay: Replay | null;
    /** The request's replay key, while its answer may be kept (anonymous, small body). */
    gatewayReplayKey: string | null;
  }
}

export interface GatewayOptions {
  registry: ActionRegistry;
  db: Database;
  config: Config;
  services: Services;
}

/** Older-shape resources served at `/v2/api/v1/home`, mapped onto registered actions. */
const LEGACY_HOME_ACTIONS: Record<string, { service: string; resource: string; action: string }> = {
  'advertisement/list': { service: 'platform', resource: 'advertisement', action: 'list' },
};

/**
 * The success answer `{status: true, result: {[field]: result}}`; a result already serialized is
 * sent as its kept bytes (the same JSON, brotli- or gzip-encoded once when the caller accepts it).
 */
function answer(reply: FastifyReply, field: 'data' | 'result', result: unknown) {
  if (result instanceof SerializedResult) {
    const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(result.body(field, encoding));
  }
  return { status: true, result: { [field]: result } };
}

/** `POST /v2/api/v1`: one endpoint, the action named in the body. */
export async function gatewayPlugin(app: FastifyInstance, options: GatewayOptions): Promise<void> {
  const { registry, db, config, services } = options;

  // Before the body is read: per signed-in user, or per IP for anonymous calls (a flood ceiling).
  await app.register(rateLimit, {
    // On the shared counters (this process, Redis or PostgreSQL): several instances count together,
    // and the chat socket spends a user's frames from the same budget (`userBudget`).
    store: fastifyRateLimitStore(services.counters, GATEWAY_LIMIT_NAMESPACE),
    keyGenerator: (request) => gatewayRateLimitKey(request, services.tokenSecret),
    // The counts go out only with a refusal (429 with Retry-After): on every answer they would be
    // three headers no client of ours reads, on slow mobile links.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    max: (_request, key) => gatewayRateLimitMax(config, key),
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });

  // Once the action is known: anonymous calls to actions classed 'write' also count per IP.
  const writeLimiter = new WindowLimiter(services.counters, {
    namespace: 'write',
    limit: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
  });

  /** Refuses, for every action, what no schema should ever see (NUL, lone surrogates, depth, size). */
  const guardInput = (body: unknown) => {
    const problem = findInputProblem(body);
    if (problem) throw new AppError('invalid', problem.message, { errors: [problem] });
  };

  // Anonymous repeats of public reads (the quote grid, a premium) answered from their kept answer.
  const replays = new ReplayCache();
  app.decorateRequest('gatewayReplay', null);
  app.decorateRequest('gatewayReplayKey', null);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (request.headers.accesstoken === undefined && text.length <= REPLAY_MAX_BODY_CHARS) {
      const key = ReplayCache.key(request.url, requestLanguage(request.headers['accept-language']), text);
      const replay = replays.get(key, Date.now());
      if (replay) {
        request.gatewayReplay = replay;
        done(null, null);
        return;
      }
      request.gatewayReplayKey = key;
    }
    try {
      // Fastify's own JSON parsing: prototype poisoning (__proto__, constructor.prototype) refused.
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      (error as { statusCode?: number }).statusCode = 400;
      done(error as Error, undefined);
    }
  });

  /** Keeps an anonymous public read's answer for its next identical request, when it may be. */
  const keep = (request: FastifyRequest, definition: ActionDefinition, result: unknown) => {
    const key = request.gatewayReplayKey;
    if (
      key !== null &&
      result instanceof SerializedResult &&
      definition.auth === 'public' &&
      rateLimitClassOf(definition) === 'read'
    ) {
      replays.set(key, request.gatewayAction ?? '', result);
    }
    return result;
  };

  const expired = () => new AppError('forbidden', 'Your session has expired. Please sign in again.');

  const findPrincipal = (request: FastifyRequest): Promise<Principal | null> => {
    const header = request.headers.accesstoken;
    return findTokenPrincipal(Array.isArray(header) ? header[0] : header, services);
  };

  /** Who is calling, checked against the action's declared access: 403 when not allowed. */
  const authenticate = async (request: FastifyRequest, definition: ActionDefinition) => {
    const principal = await findPrincipal(request);
    if (!principal) {
      if (definition.auth === 'public') return null;
      throw expired();
    }
    if (definition.auth === 'staff' && !principal.sessionId) throw expired();
    if (!isAllowed(definition, principal.role)) throw new AppError('forbidden', STAFF_MESSAGES.forbidden);
    return principal;
  };

  const checkAnswers = config.CHECK_ANSWERS ?? config.NODE_ENV === 'test';

  const run = async (request: FastifyRequest, definition: ActionDefinition, data: unknown) => {
    const result = await handle(request, definition, data);
    if (checkAnswers) checkAnswer(definition, result);
    return result;
  };

  const handle = async (request: FastifyRequest, definition: ActionDefinition, data: unknown) => {
    const principal = await authenticate(request, definition);
    if (!principal && rateLimitClassOf(definition) === 'write') await writeLimiter.hit(`ip:${request.ip}`);
    const parsed = definition.input.safeParse(data ?? {});
    if (!parsed.success) throw fromZodError(parsed.error);
    return definition.handler({
      input: parsed.data,
      principal,
      db,
      config,
      services,
      log: request.log,
      requestId: String(request.id),
      ip: request.ip,
      language: requestLanguage(request.headers['accept-language']),
    });
  };

  /**
   * Sheds a call at once (503, Retry-After) while the database queue is deeper than DB_QUEUE_LIMIT
   * (PGlite): its wait would be long, and the queue only grows. Calls already admitted finish.
   */
  let lastShedLog = 0;
  const shedWhenBusy = (request: FastifyRequest, reply: FastifyReply) => {
    const limit = config.DB_QUEUE_LIMIT;
    if (limit === 0) return;
    const pending = pendingDatabaseCalls(db);
    if (pending <= limit) return;
    const now = Date.now();
    if (now - lastShedLog > 10_000) {
      lastShedLog = now;
      request.log.warn({ pending, limit }, 'database queue full: shedding gateway calls with 503');
    }
    reply.header('retry-after', '1');
    throw new AppError('unavailable', 'We are very busy right now. Please try again in a moment.');
  };

  /**
   * One gateway route: sheds when busy, answers a kept replay, guards the body, then runs the action
   * `find` names (404 when none) and answers its result under `field`.
   */
  const serve =
    <Request extends FastifyRequest>(
      field: 'data' | 'result',
      find: (request: Request) => { definition: ActionDefinition | undefined; data: unknown; name: string },
    ) =>
    async (request: Request, reply: FastifyReply) => {
      shedWhenBusy(request, reply);
      const replay = request.gatewayReplay;
      if (replay) {
        request.gatewayAction = replay.action;
        return answer(reply, field, replay.result);
      }
      guardInput(request.body);
      const { definition, data, name } = find(request);
      if (!definition) throw new AppError('not_found', `Unknown action ${name}.`);
      request.gatewayAction = `${definition.service}/${definition.resource}/${definition.action}`;
      return answer(reply, field, keep(request, definition, await run(request, definition, data)));
    };

  app.post(
    '/v2/api/v1',
    serve('data', (request) => {
      const envelope = gatewayEnvelopeSchema.safeParse(request.body);
      if (!envelope.success) throw fromZodError(envelope.error);
      const { service, resource, action, data } = envelope.data;
      return {
        definition: registry.find(service.name, resource.name, action.name, action.version),
        data,
        name: [service.name, resource.name, action.name].join('/'),
      };
    }),
  );

  // One action's own operation (OpenAPI): the body is the action's input, the answer the same.
  app.post<{ Params: { service: string; resource: string; action: string } }>(
    '/v2/api/v1/:service/:resource/:action',
    serve(
      'data',
      (request: FastifyRequest<{ Params: { service: string; resource: string; action: string } }>) => {
        const { service, resource, action } = request.params;
        return {
          definition: registry.find(service, resource, action, 'v1'),
          data: request.body,
          name: [service, resource, action].join('/'),
        };
      },
    ),
  );

  app.post(
    '/v2/api/v1/home',
    serve('result', (request) => {
      const envelope = legacyEnvelopeSchema.safeParse(request.body);
      if (!envelope.success) throw fromZodError(envelope.error);
      const { resource, action, data } = envelope.data;
      const target = LEGACY_HOME_ACTIONS[`${resource}/${action}`];
      return {
        definition: target && registry.find(target.service, target.resource, target.action, 'v1'),
        data,
        name: [resource, action].join('/'),
      };
    }),
  );
}
