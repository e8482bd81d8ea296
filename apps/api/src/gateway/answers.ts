import type { z } from 'zod';
import type { ActionDefinition } from './registry';
import { SerializedResult } from './serialized';

/** The answer as the caller reads it: its JSON, parsed back (a Date becomes its ISO text). */
function wireForm(result: unknown): unknown {
  if (result instanceof SerializedResult) return JSON.parse(result.json);
  const text = JSON.stringify(result);
  return text === undefined ? null : JSON.parse(text);
}

/** The paths of fields in `sent` that the schema's parse of it (`kept`) dropped: undeclared fields. */
export function undeclaredFields(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) => undeclaredFields(item, kept[index], `${path}[${index}]`));
  }
  if (sent === null || kept === null || typeof sent !== 'object' || typeof kept !== 'object') return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    if (!Object.hasOwn(kept, key)) return [at];
    return undeclaredFields(value, (kept as Record<string, unknown>)[key], at);
  });
}

/** An answer its contract does not describe: a fault of the server, never of the caller. */
export class AnswerContractError extends Error {
  constructor(
    readonly action: string,
    readonly problems: string[],
  ) {
    super(`The answer of ${action} breaks its contract: ${problems.join('; ')}`);
    this.name = 'AnswerContractError';
  }
}

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
}

/**
 * Checks an action's answer against its contract's output schema (tests, `CHECK_ANSWERS`): a value
 * the schema refuses, or a field it does not declare, throws (a 500 naming the fields).
 */
export function checkAnswer(definition: ActionDefinition, result: unknown): void {
  if (!definition.output) return;
  const sent = wireForm(result);
  const name = `${definition.service}/${definition.resource}/${definition.action}`;
  const parsed = definition.output.safeParse(sent);
  if (!parsed.success) throw new AnswerContractError(name, describeIssues(parsed.error));
  const undeclared = undeclaredFields(sent, parsed.data);
  if (undeclared.length > 0) {
    throw new AnswerContractError(name, [
      `fields not in the contract: ${undeclared.slice(0, 10).join(', ')}`,
    ]);
  }
}
