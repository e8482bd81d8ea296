import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type Log = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

/**
 * One line per request when it ends (Fastify's own two lines per request are turned off with
 * `disableRequestLogging`): answers of 500 and above at error, 4xx at info, the rest only at debug,
 * so a busy server at LOG_LEVEL=info does not write two lines for every quote. The line carries the
 * request (URL redacted by the `req` serializer), the status and the time taken.
 */
export function addRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
    const log = request.log as Log;
    if (log.isLevelEnabled?.(level) ?? true) {
      log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
    done();
  });
}

type LevelMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;

/**
 * A request's logger whose pino child (the request id bound, the redaction paths applied to it)
 * is made on its first line, not for every request: most requests write none (see addRequestLog).
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: object,
  ) {}

  #logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  #write(level: LevelMethod, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.#logger()[level] as (...values: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  isLevelEnabled(level: string): boolean {
    const logger = (this.#child ?? this.parent) as Log;
    return logger.isLevelEnabled?.(level) ?? true;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made lazily (RequestLogger). */
export function lazyRequestLogger(
  this: unknown,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: object,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
