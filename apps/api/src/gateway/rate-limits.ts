import type { FastifyRequest } from 'fastify';
import { verifyAccessToken } from '../auth/tokens';
import type { CounterStore } from '../cluster/counters';
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

/** Fixed windows on the shared counters for anonymous calls to actions classed 'write'. */
export class WriteLimiter {
  readonly #counters: CounterStore;
  readonly #limit: number;
  readonly #windowMs: number;

  constructor(counters: CounterStore, options: { limit: number; windowMs: number }) {
    this.#counters = counters;
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
  }

  /** Counts a call from `key`; throws 429 once the window's limit is passed. */
  async hit(key: string): Promise<void> {
    const { count, ttlMs } = await this.#counters.hit(`write:${key}`, this.#windowMs);
    if (count <= this.#limit) return;
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    throw new AppError('rate_limited', `Too many requests. Please try again in ${seconds} seconds.`);
  }
}
