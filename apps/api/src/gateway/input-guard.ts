import type { FieldError } from '@bima/domain';

/**
 * Limits every request body meets before any action schema reads it. No action needs more; past
 * them a value can only be an attack or a bug, and it would otherwise reach PostgreSQL (which
 * refuses NUL characters, lone surrogates and integers beyond int4) or exhaust the stack.
 */
export const INPUT_LIMITS = {
  /** Nesting of objects and arrays, counted from the envelope (`data.loginDevice.os` is 3). */
  maxDepth: 16,
  maxStringLength: 10_000,
  maxArrayLength: 1_000,
  maxKeys: 200,
  /** Every value in the body, all levels together. */
  maxValues: 20_000,
  /** Serial ids are PostgreSQL `integer`s. */
  maxId: 2_147_483_647,
} as const;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** `id`, `policyId`: the names our serial ids go by. */
const ID_KEY = /^(id|[a-z][A-Za-z0-9]*Id)$/;

function describeText(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character.';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text.';
  return null;
}

/** Named as the action schemas name fields: relative to `data`. */
function fieldName(path: readonly (string | number)[]): string {
  const relative = path[0] === 'data' && path.length > 1 ? path.slice(1) : path;
  return relative.map(String).join('.') || 'body';
}

/**
 * The first problem of a parsed JSON body, or null when it is within `INPUT_LIMITS`. Walks without
 * recursion, so no body can overflow the stack here.
 */
export function findInputProblem(body: unknown): FieldError | null {
  const stack: Array<{ value: unknown; path: (string | number)[]; key: string | null }> = [
    { value: body, path: [], key: null },
  ];
  let seen = 0;
  while (stack.length > 0) {
    const { value, path, key } = stack.pop()!;
    seen += 1;
    if (seen > INPUT_LIMITS.maxValues) return { field: 'body', message: 'The request has too many values.' };
    const field = fieldName(path);
    if (typeof value === 'string') {
      if (value.length > INPUT_LIMITS.maxStringLength) return { field, message: `${field} is too long.` };
      const problem = describeText(value);
      if (problem) return { field, message: `${field} ${problem}` };
      if (key && ID_KEY.test(key) && /^\d+$/.test(value.trim()) && Number(value) > INPUT_LIMITS.maxId)
        return { field, message: `${field} is not a valid id.` };
      continue;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER)
        return { field, message: `${field} is out of range.` };
      if (key && ID_KEY.test(key) && Math.abs(value) > INPUT_LIMITS.maxId)
        return { field, message: `${field} is not a valid id.` };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= INPUT_LIMITS.maxDepth) return { field, message: `${field} is nested too deeply.` };
    if (Array.isArray(value)) {
      if (value.length > INPUT_LIMITS.maxArrayLength)
        return { field, message: `${field} has too many items.` };
      value.forEach((item, index) => {
        stack.push({ value: item, path: [...path, index], key: null });
      });
      continue;
    }
    const entries = Object.entries(value);
    if (entries.length > INPUT_LIMITS.maxKeys) return { field, message: `${field} has too many fields.` };
    for (const [name, item] of entries) {
      const problem = name.length > 200 ? 'is too long.' : describeText(name);
      if (problem) return { field, message: `A field name in ${field} ${problem}` };
      stack.push({ value: item, path: [...path, name], key: name });
    }
  }
  return null;
}
