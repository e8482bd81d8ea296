import { AppError } from '../gateway/errors';

export interface RateRule {
  /** How many attempts the window allows. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in memory (the portal is one process): enough to slow down guessing
 * of passwords and codes per IP and per account. `scale` multiplies every limit (tests).
 */
export class RateLimiter {
  readonly #windows = new Map<string, { startedAt: number; count: number }>();
  readonly #scale: number;

  constructor(scale = 1) {
    this.#scale = scale;
  }

  /** Counts an attempt under each key; throws 429 when any of them is over its limit. */
  hit(rule: RateRule, keys: readonly string[], now = Date.now()): void {
    const limit = Math.max(1, Math.round(rule.limit * this.#scale));
    let retryAfterMs = 0;
    for (const key of keys) {
      const window = this.#windows.get(key);
      if (!window || now - window.startedAt >= rule.windowMs) {
        this.#windows.set(key, { startedAt: now, count: 1 });
        continue;
      }
      window.count += 1;
      if (window.count > limit)
        retryAfterMs = Math.max(retryAfterMs, rule.windowMs - (now - window.startedAt));
    }
    if (this.#windows.size > 50_000) this.#sweep(now, rule.windowMs);
    if (retryAfterMs > 0) {
      const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
      throw new AppError(
        'rate_limited',
        `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }

  #sweep(now: number, windowMs: number): void {
    for (const [key, window] of this.#windows)
      if (now - window.startedAt >= windowMs) this.#windows.delete(key);
  }
}

const MINUTE = 60_000;

/** The limits on the account actions. */
export const AUTH_RATE_RULES = {
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  loginPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  codePerIp: { limit: 30, windowMs: 15 * MINUTE },
  signupPerIp: { limit: 10, windowMs: 60 * MINUTE },
  signupPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  resendPerVerification: { limit: 5, windowMs: 60 * MINUTE },
  resendBurst: { limit: 1, windowMs: 30_000 },
} satisfies Record<string, RateRule>;
