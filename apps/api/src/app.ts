import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { GATEWAY_ERROR_CODES } from '@bima/domain';
import { languageOfHeader, translateText } from '@bima/domain/i18n';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { ClusterBus } from './cluster/bus';
import { type Config, chatSocketOrigins, isLoopbackHost, trustProxyOption } from './config';
import type { DatabaseHandle } from './db/client';
import { devToolsPlugin } from './dev-tools';
import { AnswerContractError } from './gateway/answers';
import { docsPlugin } from './gateway/docs';
import { AppError } from './gateway/errors';
import { createLogScrubber, databaseRefusal, errorForLog, redactUrl } from './gateway/log-safety';
import { gatewayPlugin } from './gateway/plugin';
import { type ActionDefinition, ActionRegistry } from './gateway/registry';
import { mailWorkerPlugin } from './mail/plugin';
import { allActions, allLoanProducts, allPayables, standingOrderHandler } from './modules';
import { certificatePlugin } from './modules/certificate/plugin';
import { chatFileOwner } from './modules/chat/files-owner';
import { chatSocketPlugin } from './modules/chat/socket-plugin';
import { claimFileOwner } from './modules/claim/files-owner';
import { claimFormPlugin } from './modules/claim/form-plugin';
import { claimPayoutPlugin } from './modules/claim/plugin';
import { clientErrorsPlugin } from './modules/client-errors/plugin';
import { filesPlugin } from './modules/files/plugin';
import { createFileStorage } from './modules/files/storage';
import { identityPlugin } from './modules/identity/plugin';
import { loanJobsPlugin } from './modules/loan/plugin';
import { registerLoanProducts } from './modules/loan/products';
import { monthlyJobsPlugin } from './modules/monthly/plugin';
import { registerPayables, registerStandingOrderHandler } from './modules/payment/payables';
import { paymentPlugin } from './modules/payment/plugin';
import { documentsPlugin } from './modules/policy/documents-plugin';
import { privacyPlugin } from './modules/privacy/plugin';
import { clearProductCache } from './modules/product/service';
import { renewalReminderPlugin } from './modules/renewal/plugin';
import { ussdPlugin } from './modules/ussd/plugin';
import { statementPlugin } from './modules/wallet/statement-plugin';
import { registerMetrics } from './observability/plugin';
import { addRequestLog, lazyRequestLogger } from './request-log';
import { addSecurityHeaders } from './security-headers';
import { createServices, type Services } from './services';
import { smsPlugin } from './sms/plugin';
import { hasWebBuild, webDistDir } from './web-build';

declare module 'fastify' {
  interface FastifyInstance {
    /** Mail, rate limits, secrets and M-Pesa, shared by the modules (tests reach them here too). */
    services: Services;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Extra actions (tests); the modules' own are always registered. */
  extraActions?: ActionDefinition[];
  /** pino options (tests pass a `stream`); the request serializer that redacts secrets is always added. */
  logger?: Exclude<FastifyServerOptions['logger'], boolean>;
  /** A bus shared with other apps in this process (tests of several instances); its owner closes it. */
  bus?: ClusterBus;
}

const PERSONAL_OR_SECRET_KEYS = [
  'password',
  'phone',
  'phoneNumber',
  'email',
  'kraPin',
  'idNumber',
  'accessToken',
  'refreshToken',
  // One-time codes by their field names (not `code`: errors carry theirs, e.g. PostgreSQL's 23505).
  'registrationCode',
  'resetCode',
  'otp',
];
const REDACTED_LOG_PATHS = [
  'req.headers.accesstoken',
  'req.headers.authorization',
  'req.headers.cookie',
  ...PERSONAL_OR_SECRET_KEYS,
  ...PERSONAL_OR_SECRET_KEYS.map((key) => `*.${key}`),
];
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

/** Fastify's request log line, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const badRequest = (reply: Pick<FastifyReply, 'status'>, message: string) =>
  reply
    .status(400)
    .send({ status: false, err_code: GATEWAY_ERROR_CODES.invalidInput, err_msg: message, errors: [] });
const internalError = (reply: Pick<FastifyReply, 'status'>, message: string) =>
  reply
    .status(500)
    .send({ status: false, err_code: GATEWAY_ERROR_CODES.internal, err_msg: message, errors: [] });

/** Builds the whole server: gateway, docs, health check and the web app. Tests call it with `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // Known secret values (the M-Pesa callback secret, added below once resolved) never reach the log,
  // whatever line carries them: a URL, an error, a body.
  const scrubber = createLogScrubber();
  const givenHooks = options.logger?.hooks;
  const logger = {
    level: config.LOG_LEVEL,
    // Secrets in headers, and personal data or secrets put in a log object by mistake (top level or
    // one level down), are logged as [redacted].
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    ...options.logger,
    hooks: {
      ...givenHooks,
      streamWrite: (line: string) => scrubber.scrub(givenHooks?.streamWrite?.(line) ?? line),
    },
    serializers: { ...options.logger?.serializers, req: serializeRequest },
  };
  const app = Fastify({
    logger,
    // One line per request, and only for failures unless LOG_LEVEL=debug (request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // A request's child logger is made when it first writes a line, not for every request.
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Signed document links carry their claims in the path.
    routerOptions: { maxParamLength: 400 },
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default).
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // A URL that cannot be decoded (GET /%E0%A4%A) answers in the standard error shape.
    frameworkErrors: (error, _request, reply) => {
      if (error.code === 'FST_ERR_BAD_URL') return badRequest(reply, 'The address could not be read.');
      return internalError(reply, 'Something went wrong on our side. Please try again.');
    },
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
  });

  const registry = new ActionRegistry();
  registry.register(...allActions, ...(options.extraActions ?? []));
  // How each kind of payment settles and each loan product behaves: registered here, once.
  registerPayables(allPayables);
  registerStandingOrderHandler(standingOrderHandler);
  registerLoanProducts(allLoanProducts);
  const services = await createServices({ database, config, log: app.log, bus: options.bus });
  scrubber.add(services.mpesa.callbackSecret);
  app.decorate('services', services);
  addRequestLog(app);
  // Fastify runs onClose hooks last-added first, and callers add their database's close after this
  // one: the work that still needs the database (running jobs, the mail worker's drain) stops in
  // preClose, before any onClose hook, so no job is cut off by a database already closed (and chat
  // presence rows are removed while it is open).
  app.addHook('preClose', async () => {
    await services.jobs.stop();
    await services.mailer.stop();
    await services.chat.close();
  });
  app.addHook('onClose', () => services.close());
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') services.mpesa.setOrigin(`http://127.0.0.1:${address.port}`);
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // Refusals in the caller's language (the portal sends its own; English when none of ours).
    const language = languageOfHeader(request.headers['accept-language']);
    const say = (text: string) => translateText(text, language);
    if (error instanceof AppError) {
      if (error.statusCode === 429) request.log.warn({ err: error }, 'rate limited');
      if (error.retryAfterSeconds !== null) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        status: false,
        err_code: error.code,
        err_msg: say(error.message),
        errors: error.errors.map((problem) => ({ ...problem, message: say(problem.message) })),
        ...(error.details ? { details: error.details } : {}),
      });
    }
    const refusal = databaseRefusal(error);
    if (refusal) {
      // A value the schemas let through but PostgreSQL refused: the caller's input, not our fault.
      request.log.warn({ err: errorForLog(error) }, 'database refused a value from the request');
      return reply.status(400).send({
        status: false,
        err_code: GATEWAY_ERROR_CODES.invalidInput,
        err_msg: say(refusal),
        errors: [{ field: 'data', message: say(refusal) }],
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        status: false,
        err_code: status === 413 ? GATEWAY_ERROR_CODES.payloadTooLarge : GATEWAY_ERROR_CODES.invalidInput,
        err_msg: say(clientErrorMessage(status)),
        errors: [],
      });
    }
    request.log.error({ err: errorForLog(error) }, 'request failed');
    if (error instanceof AnswerContractError) {
      // Only where answers are checked (tests, CHECK_ANSWERS): the broken contract, said outright.
      return reply.status(500).send({
        status: false,
        err_code: 'ANSWER_CONTRACT',
        err_msg: error.message,
        errors: [],
      });
    }
    return reply.status(500).send({
      status: false,
      err_code: GATEWAY_ERROR_CODES.internal,
      err_msg: `Something went wrong on our side. Please try again. (reference ${request.id})`,
      errors: [],
    });
  });

  addSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The chat socket is same-origin ('self') unless a separate chat host is configured.
        connectSrc: ["'self'", ...chatSocketOrigins(config)],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The portal is also served over plain HTTP on localhost; HSTS is set by the TLS proxy in front.
    strictTransportSecurity: false,
  });
  await app.register(compress, { threshold: 1024 });

  // Live: the process answers (a load balancer's or orchestrator's liveness probe); no I/O.
  app.get('/healthz', async () => ({ status: 'ok', database: database.kind, node: process.versions.node }));
  // Ready: the database, Redis (when configured) and the job queue answer; 503 names what does not.
  app.get('/readyz', async (_request, reply) => {
    const checks = {
      database: () => database.ping(),
      redis: () => services.pingRedis(),
      jobs: () => services.jobs.ping(),
    };
    const results: Record<string, string> = {};
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2000);
          results[name] = 'ok';
        } catch (error) {
          app.log.error({ err: error, check: name }, 'readiness check failed');
          results[name] = 'unavailable';
        }
      }),
    );
    const ready = Object.values(results).every((result) => result === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks: results });
  });
  registerMetrics(app, { database, services, token: config.METRICS_TOKEN });

  await app.register(gatewayPlugin, { registry, db: database.db, config, services });
  await app.register(paymentPlugin, { db: database.db, services, config });
  await app.register(mailWorkerPlugin, { services, config });
  await app.register(smsPlugin, { db: database.db, services, config });
  await app.register(documentsPlugin, { db: database.db, services });
  await app.register(statementPlugin, { db: database.db, services });
  await app.register(chatSocketPlugin, { db: database.db, services, config });
  await app.register(claimPayoutPlugin, { db: database.db, services, config });
  await app.register(claimFormPlugin, { db: database.db, services });
  await app.register(renewalReminderPlugin, { db: database.db, services, config });
  await app.register(certificatePlugin, { db: database.db, services });
  await app.register(loanJobsPlugin, { db: database.db, services, config });
  await app.register(monthlyJobsPlugin, { db: database.db, services, config });
  await app.register(identityPlugin, { db: database.db, services, config });
  const storage = createFileStorage(config);
  await app.register(privacyPlugin, { db: database.db, services, config, storage });
  await app.register(filesPlugin, {
    db: database.db,
    services,
    config,
    storage,
    owners: new Map([
      ['claim', claimFileOwner(services)],
      ['chat', chatFileOwner],
    ]),
  });
  await app.register(clientErrorsPlugin, { services, config });
  await app.register(ussdPlugin, { db: database.db, services, config });
  // Codes and payment prompts: only for a person at this machine, never in production.
  if (config.NODE_ENV !== 'production' && isLoopbackHost(config.HOST))
    await app.register(devToolsPlugin, { db: database.db, services, config });
  await app.register(docsPlugin, { registry });
  // Every instance forgets its cached products when any of them changes one in the back office.
  services.bus.subscribe((event) => {
    if (event.t === 'products') clearProductCache(database.db);
  });
  if (services.counters.kind === 'postgres') {
    services.jobs.every({
      name: 'rate-limit-sweep',
      intervalMs: 10 * 60_000,
      run: () => services.counters.sweep(),
    });
  }
  // The plugins above declared their recurring jobs; the queue starts once they are all known.
  app.addHook('onReady', () => services.jobs.start());
  registerWebApp(app, webDistDir(config));

  return app;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref();
    }),
  ]);
}

function clientErrorMessage(status: number): string {
  if (status === 413) return 'The request is too large.';
  if (status === 415) return 'Send the request as JSON (Content-Type: application/json).';
  if (status === 404) return 'Not found.';
  return 'The request could not be read. Send valid JSON.';
}

/** Serves the built web app: hashed assets cached for a year, everything else revalidated. */
function registerWebApp(app: FastifyInstance, distDir: string): void {
  const hasWebApp = hasWebBuild(distDir);
  if (hasWebApp) {
    app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (reply, path) => {
        const immutable = path.includes(`${join(distDir, 'assets')}/`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/v2/') &&
      !request.url.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (hasWebApp && isPageRequest) {
      // The form-control style guide is for developers: search engines leave it out.
      if (request.url.split('?')[0] === '/radio-test') reply.header('x-robots-tag', 'noindex, nofollow');
      return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
    }
    return reply
      .status(404)
      .send({ status: false, err_code: GATEWAY_ERROR_CODES.notFound, err_msg: 'Not found.', errors: [] });
  });
}
