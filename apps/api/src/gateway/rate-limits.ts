import type { FastifyRequest } from 'fastify';
import { verifyAccessToken } from '../auth/tokens';
import type { Config } from '../config';
import { AppError } from './errors';

/**
 * Whom a gateway call counts against: the signed-in user (the access token's subject, so people
 * behind one carrier-NAT address do not share a limit) or, anonymously, the client IP.
 */
export function gatewayRateLimitKey(request: FastifyRequest, tokenSecret: string): string {
  const header = request.headers.accesstoken;
  const token = Array.isArray(header) ? header[0] : header;
  const claims = token ? verifyAccessToken(token, tokenSecret) : null;
  return claims ? `user:${claims.sub}` : `ip:${request.ip}`;
}

/** A signed-in user gets RATE_LIMIT_MAX; an IP's anonymous calls share the generous flood ceiling. */
export function gatewayRateLimitMax(config: Config, key: string): number {
  return key.startsWith('user:') ? config.RATE_LIMIT_MAX : config.RATE_LIMIT_PUBLIC_READ_MAX;
}

/** Fixed windows in memory (one process) for anonymous calls to actions classed 'write'. */
export class WriteLimiter {
  readonly #windows = new Map<string, { startedAt: number; count: number }>();
  readonly #limit: number;
  readonly #windowMs: number;

  constructor(options: { limit: number; windowMs: number }) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
  }

  /** Counts a call from `key`; throws 429 once the window's limit is passed. */
  hit(key: string, now = Date.now()): void {
    if (this.#windows.size > 50_000) {
      for (const [known, window] of this.#windows)
        if (now - window.startedAt >= this.#windowMs) this.#windows.delete(known);
    }
    const window = this.#windows.get(key);
    if (!window || now - window.startedAt >= this.#windowMs) {
      this.#windows.set(key, { startedAt: now, count: 1 });
      return;
    }
    window.count += 1;
    if (window.count <= this.#limit) return;
    const seconds = Math.ceil((this.#windowMs - (now - window.startedAt)) / 1000);
    throw new AppError('rate_limited', `Too many requests. Please try again in ${seconds} seconds.`);
  }
}
