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
