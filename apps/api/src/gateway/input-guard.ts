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

interface Visit {
  value: unknown;
  /** The object or array holding this value (null for the body), its key or index in it. */
  parent: Visit | null;
  key: string | number | null;
  depth: number;
}

/** A value's path from the body (built only when a problem is reported). */
function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key!);
  return path.reverse();
}

function problemAt(visit: Visit, message: (field: string) => string): FieldError {
  const field = fieldName(pathOf(visit));
  return { field, message: message(field) };
}

/**
 * The first problem of a parsed JSON body, or null when it is within `INPUT_LIMITS`. Walks without
 * recursion, so no body can overflow the stack here; field names are worked out only for a problem.
 */
export function findInputProblem(body: unknown): FieldError | null {
  const stack: Visit[] = [{ value: body, parent: null, key: null, depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value, key } = visit;
    seen += 1;
    if (seen > INPUT_LIMITS.maxValues) return { field: 'body', message: 'The request has too many values.' };
    const idKey = typeof key === 'string' && ID_KEY.test(key);
    if (typeof value === 'string') {
      if (value.length > INPUT_LIMITS.maxStringLength)
        return problemAt(visit, (field) => `${field} is too long.`);
      const problem = describeText(value);
      if (problem) return problemAt(visit, (field) => `${field} ${problem}`);
      if (idKey && /^\d+$/.test(value.trim()) && Number(value) > INPUT_LIMITS.maxId)
        return problemAt(visit, (field) => `${field} is not a valid id.`);
      continue;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER)
        return problemAt(visit, (field) => `${field} is out of range.`);
      if (idKey && Math.abs(value) > INPUT_LIMITS.maxId)
        return problemAt(visit, (field) => `${field} is not a valid id.`);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (visit.depth >= INPUT_LIMITS.maxDepth)
      return problemAt(visit, (field) => `${field} is nested too deeply.`);
    const depth = visit.depth + 1;
    if (Array.isArray(value)) {
      if (value.length > INPUT_LIMITS.maxArrayLength)
        return problemAt(visit, (field) => `${field} has too many items.`);
      for (let index = 0; index < value.length; index += 1)
        stack.push({ value: value[index], parent: visit, key: index, depth });
      continue;
    }
    const names = Object.keys(value);
    if (names.length > INPUT_LIMITS.maxKeys)
      return problemAt(visit, (field) => `${field} has too many fields.`);
    for (const name of names) {
      const problem = name.length > 200 ? 'is too long.' : describeText(name);
      if (problem) return problemAt(visit, (field) => `A field name in ${field} ${problem}`);
      stack.push({ value: (value as Record<string, unknown>)[name], parent: visit, key: name, depth });
    }
  }
  return null;
}
