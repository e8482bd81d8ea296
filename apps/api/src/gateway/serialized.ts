import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { headerReader } from '../lib/header-value';

/** The encodings a kept answer is stored in; anything else is left to the compression plugin. */
export type AnswerEncoding = 'br' | 'gzip' | 'identity';

const ENCODINGS = ['br', 'gzip'] as const;

/**
 * The best encoding `accept-encoding` allows among ours (brotli, then gzip), honouring `q=0` and
 * `*`; identity when the header is missing or allows neither.
 */
export const preferredEncoding = headerReader(readAcceptEncoding, 'identity' as AnswerEncoding, 64);

function readAcceptEncoding(text: string): AnswerEncoding {
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') weight = Number(value);
    }
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get('*');
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? wildcard ?? 0;
    if (weight > 0) return encoding;
  }
  return 'identity';
}

/**
 * Brotli quality 5 and gzip level 6: on the 6 KB quote grid, brotli 9 made 1,089 bytes in 1.3 ms and
 * 5 makes 1,096 bytes in 0.1 ms; every first-time quote (a value nobody asked for in the last 15 s)
 * pays this once, and at 9 it was 70 % of the server's time for varied values.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

function encode(text: string, encoding: AnswerEncoding): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    });
  }
  if (encoding === 'gzip') return gzipSync(text, { level: GZIP_LEVEL });
  return Buffer.from(text);
}

/** How long a kept answer stays true: until its data's cache ends or is cleared (a product changed). */
export interface Freshness {
  isFresh(now: number): boolean;
}

/**
 * An action's result whose JSON is already made: a handler that caches its answers (the quote grid,
 * a premium) returns one, and the gateway writes it as it is instead of serializing the same objects
 * again on every call. The text must be what `JSON.stringify` makes of the result. The whole success
 * answer is kept too, as bytes, once per envelope field and encoding: a repeated quote costs neither
 * JSON.stringify nor a compression stream (a phone gets the ~1 KB brotli form of a 7 KB grid).
 */
export class SerializedResult<Answer = unknown> {
  readonly json: string;
  /** The answer's type (no value: it makes a kept answer of one type unlike one of another). */
  declare readonly answer?: Answer;
  readonly #bodies = new Map<string, Buffer>();

  /**
   * `freshness`, when given, says the answer is a pure function of the request's body and language
   * for as long as it is fresh: the gateway may then answer the same anonymous request again from
   * it without reading the body (gateway/replay.ts).
   */
  constructor(
    value: Answer,
    readonly freshness?: Freshness,
  ) {
    this.json = JSON.stringify(value);
  }

  /** `{"status":true,"result":{[field]: result}}` in `encoding`, made once and then reused. */
  body(field: 'data' | 'result', encoding: AnswerEncoding): Buffer {
    const key = `${field} ${encoding}`;
    let body = this.#bodies.get(key);
    if (!body) {
      body = encode(`{"status":true,"result":{"${field}":${this.json}}}`, encoding);
      this.#bodies.set(key, body);
    }
    return body;
  }
}
