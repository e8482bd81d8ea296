import type { CounterStore } from '../cluster/counters';
import { AppError } from '../gateway/errors';

export interface RateRule {
  /** How many attempts the window allows. */
  limit: number;
  windowMs: number;
}

/**
 * A slow-down instead of a refusal: the first `freeAttempts` in the window wait nothing, each one
 * after waits twice as long as the one before, from `baseDelayMs` up to `maxDelayMs`.
 */
export interface SlowDownRule {
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

/**
 * Fixed-window counters on the shared counter store (cluster/counters.ts: this process, Redis or
 * PostgreSQL), enough to slow down guessing of passwords and codes per IP and per account across
 * every instance. `scale` multiplies every limit (tests).
 *
 * Each count is one atomic step in the store, so concurrent requests cannot all pass a check before
 * any of them is counted; an attempt that turns out to succeed can be taken back with `refund` or
 * `reset`.
 */
export class RateLimiter {
  readonly #counters: CounterStore;
  readonly #scale: number;

  constructor(counters: CounterStore, scale = 1) {
    this.#counters = counters;
    this.#scale = scale;
  }

  /** Counts an attempt under each key; throws 429 when any of them is over its limit. */
  async hit(rule: RateRule, keys: readonly string[]): Promise<void> {
    const limit = Math.max(1, Math.round(rule.limit * this.#scale));
    let retryAfterMs = 0;
    for (const key of keys) {
      const { count, ttlMs } = await this.#counters.hit(key, rule.windowMs);
      if (count > limit) retryAfterMs = Math.max(retryAfterMs, ttlMs);
    }
    if (retryAfterMs > 0) {
      const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
      throw new AppError(
        'rate_limited',
        minutes === 1
          ? `Too many attempts. Please try again in ${minutes} minute.`
          : `Too many attempts. Please try again in ${minutes} minutes.`,
        { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
      );
    }
  }

  /**
   * Counts an attempt under `key` and answers the count with the (scaled) limit and the window's time
   * left, for a caller that refuses and acts itself (e.g. tells an owner once, at `count === limit + 1`).
   */
  async count(rule: RateRule, key: string): Promise<{ count: number; limit: number; ttlMs: number }> {
    const limit = Math.max(1, Math.round(rule.limit * this.#scale));
    const { count, ttlMs } = await this.#counters.hit(key, rule.windowMs);
    return { count, limit, ttlMs };
  }

  /** Counts an attempt under `key` and answers how many milliseconds it should wait; never refuses. */
  async slowDown(rule: SlowDownRule, key: string): Promise<number> {
    const free = Math.max(1, Math.round(rule.freeAttempts * this.#scale));
    const { count } = await this.#counters.hit(key, rule.windowMs);
    if (count <= free) return 0;
    return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(30, count - free - 1));
  }

  /** Takes back one counted attempt under each key (it succeeded, so it was no guess). */
  async refund(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.#counters.decrement(key);
  }

  /** Forgets the keys' counts altogether. */
  async reset(keys: readonly string[]): Promise<void> {
    await this.#counters.delete(keys);
  }
}

const MINUTE = 60_000;

/**
 * The limits on the account actions. Password guessing is refused per IP and per account and IP
 * (failed attempts only); per account alone it is slowed down, and past LOGIN_ACCOUNT_MAX_FAILURES
 * in a window paused until the window ends or the owner resets the password (told by e-mail), so
 * failing on purpose from elsewhere cannot lock the owner out for good (OWASP's lockout guidance).
 */
export const AUTH_RATE_RULES = {
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  loginPerAccountAndIp: { limit: 10, windowMs: 15 * MINUTE },
  codePerIp: { limit: 30, windowMs: 15 * MINUTE },
  signupPerIp: { limit: 10, windowMs: 60 * MINUTE },
  signupPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  resendPerVerification: { limit: 5, windowMs: 60 * MINUTE },
  resendBurst: { limit: 1, windowMs: 30_000 },
  /** Codes sent for a profile change (new e-mail or phone) per account. */
  profileCodePerAccount: { limit: 5, windowMs: 60 * MINUTE },
  /** Addresses checked for an e-mail change per account (a taken one answers 409: no sweeping). */
  emailCheckPerAccount: { limit: 20, windowMs: 60 * MINUTE },
  /** Wrong current passwords when changing it from the profile, per account. */
  passwordChangePerAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** The public certificate check (modules/certificate): enough for an officer's shift, too few to sweep plates. */
  certificateCheckPerIp: { limit: 30, windowMs: 10 * MINUTE },
  /** The public plate search (modules/vehicle): a family's cars and a few typos, too few to sweep the register. */
  vehicleSearchPerIp: { limit: 30, windowMs: 10 * MINUTE },
} satisfies Record<string, RateRule>;

/** Failed sign-ins of one account from anywhere: 5 free, then 125 ms doubling up to 2 s each. */
export const LOGIN_ACCOUNT_SLOW_DOWN: SlowDownRule = {
  freeAttempts: 5,
  baseDelayMs: 125,
  maxDelayMs: 2000,
  windowMs: 15 * MINUTE,
};
