import type { FastifyRequest } from 'fastify';
import { verifyAccessToken } from '../auth/tokens';
import type { CounterStore } from '../cluster/counters';
import type { Config } from '../config';
import { AppError } from './errors';

/** The gateway's counters on the shared store: `gateway:user:<id>` is a user's one budget. */
export const GATEWAY_LIMIT_NAMESPACE = 'gateway';

/** The key a signed-in user's calls count under, over HTTP and on the chat socket alike. */
export const userLimitKey = (userId: string) => `user:${userId}`;

/**
 * Whom a gateway call counts against: the signed-in user (the access token's subject, so people
 * behind one carrier-NAT address do not share a limit) or, anonymously, the client IP.
 */
export function gatewayRateLimitKey(request: FastifyRequest, tokenSecret: string): string {
  const header = request.headers.accesstoken;
  const token = Array.isArray(header) ? header[0] : header;
  const claims = token ? verifyAccessToken(token, tokenSecret) : null;
  return claims ? userLimitKey(claims.sub) : `ip:${request.ip}`;
}

/** A signed-in user gets RATE_LIMIT_MAX; an IP's anonymous calls share the generous flood ceiling. */
export function gatewayRateLimitMax(config: Config, key: string): number {
  return key.startsWith('user:') ? config.RATE_LIMIT_MAX : config.RATE_LIMIT_PUBLIC_READ_MAX;
}

/**
 * Fixed windows on the shared counters under `namespace`: anonymous calls to actions classed 'write'
 * ('write'), and a signed-in user's chat socket frames, which spend the same budget as their gateway
 * calls (`userBudget`).
 */
export class WindowLimiter {
  readonly #counters: CounterStore;
  readonly #namespace: string;
  readonly #limit: number;
  readonly #windowMs: number;

  constructor(counters: CounterStore, options: { namespace: string; limit: number; windowMs: number }) {
    this.#counters = counters;
    this.#namespace = options.namespace;
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
  }

  /** Counts a call from `key`; throws 429 once the window's limit is passed. */
  async hit(key: string): Promise<void> {
    const { count, ttlMs } = await this.#counters.hit(`${this.#namespace}:${key}`, this.#windowMs);
    if (count <= this.#limit) return;
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    throw new AppError('rate_limited', `Too many requests. Please try again in ${seconds} seconds.`, {
      retryAfterSeconds: seconds,
    });
  }
}

/**
 * A signed-in user's one budget (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS): the very counter the
 * gateway's per-user limit counts on, so chat socket frames and HTTP calls share it, on every instance.
 */
export function userBudget(counters: CounterStore, config: Config) {
  const limiter = new WindowLimiter(counters, {
    namespace: GATEWAY_LIMIT_NAMESPACE,
    limit: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
  });
  return { spend: (userId: string) => limiter.hit(userLimitKey(userId)) };
}
