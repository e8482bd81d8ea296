import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once: helmet's middleware is run against a stub
 * response that records them. Our helmet options are static (no nonces, no per-request directives),
 * so every response gets the same set.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What a JSON answer of the gateway needs (OWASP's REST security headers): it is never a document,
 * so it gets no scripts, styles or frames at all, and none of helmet's headers for pages.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * Security headers on every response: the gateway's JSON answers (`/v2/api/…`) get
 * `API_SECURITY_HEADERS`, everything else (pages, files, documents, health) helmet's for `options`.
 * (@fastify/helmet builds helmet's middleware anew on every request, parsing the
 * Content-Security-Policy each time: a tenth of a quote's CPU time.)
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/v2/api/') ? API_SECURITY_HEADERS : headers);
    done();
  });
}
