import { type FieldErrors, type FieldValues, type Resolver, set } from 'react-hook-form';
import type { ZodType } from 'zod';
import { domainText } from './domain-text';

/**
 * A react-hook-form resolver for a zod schema (the role @hookform/resolvers plays, in a few lines): the
 * form is checked by the same schema, with the same messages, as the server. The first issue of each
 * field wins; the message is shown in the portal's language.
 */
export function zodResolver<TInput extends FieldValues, TOutput>(
  schema: ZodType<TOutput, TInput>,
): Resolver<TInput, unknown, TOutput> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<TInput> = {};
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (seen.has(path)) continue;
      seen.add(path);
      set(errors, path === '' ? 'root' : path, { type: issue.code, message: domainText(issue.message) });
    }
    return { values: {}, errors };
  };
}
