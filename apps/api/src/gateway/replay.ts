import type { SerializedResult } from './serialized';

/** A kept answer and the action that made it (the metrics' label). */
export interface Replay {
  action: string;
  result: SerializedResult;
}

/** Bodies longer than this are not kept: a quote's envelope is 200–400 bytes. */
export const REPLAY_MAX_BODY_CHARS = 2048;

/**
 * Answers to anonymous calls of public read actions, by the exact request: the route, the answer's
 * language and the body's text. A handler opts in by returning a `SerializedResult` with
 * `freshness` (its answer is a pure function of the body and language while its data is fresh); the
 * next identical request is then answered without parsing, guarding or validating the body again
 * and without running the handler — the checks would find what they found the first time. Rate
 * limits and load shedding still run first. Entries go stale with their data (a product change
 * clears them at once) and the map is bounded, so odd requests cannot grow it.
 */
export class ReplayCache {
  readonly #entries = new Map<string, Replay>();

  constructor(readonly maxEntries = 1024) {}

  static key(route: string, language: string, body: string): string {
    return `${route}\n${language}\n${body}`;
  }

  /** The kept answer for `key`, if it is still fresh at `now`. */
  get(key: string, now: number): Replay | undefined {
    const replay = this.#entries.get(key);
    if (!replay) return undefined;
    if (replay.result.freshness?.isFresh(now)) return replay;
    this.#entries.delete(key);
    return undefined;
  }

  /** Keeps `result` for `key` when it can be replayed (it has freshness) and the body is small. */
  set(key: string, action: string, result: SerializedResult): void {
    if (!result.freshness || key.length > REPLAY_MAX_BODY_CHARS + 64) return;
    if (this.#entries.size >= this.maxEntries && !this.#entries.has(key)) {
      // The oldest entry goes first (a Map iterates in insertion order).
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { action, result });
  }
}
