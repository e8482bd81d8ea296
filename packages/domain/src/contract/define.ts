/**
 * The gateway's typed contract: every action's input and output schema, shared by the API (which
 * checks its handlers' answers against them) and the web (which infers its calls' types from them).
 */
import { z } from 'zod';

export interface Contract<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  input: Input;
  output: Output;
}

/** One action's contract: what it takes and what it answers (`result.data`), as it is on the wire. */
export function contract<Input extends z.ZodType, Output extends z.ZodType>(
  input: Input,
  output: Output,
): Contract<Input, Output> {
  return { input, output };
}

/**
 * Money on the wire, in and out: Kenya shillings in integer cents (KES 1,234.50 is 123450). The one
 * unit every amount crosses the wire in; the web formats it with `formatKes`.
 */
export const cents = () =>
  z
    .int()
    .meta({ format: 'kes-cents', description: 'Kenya shillings in integer cents (KES 1,234.50 is 123450)' });

/** An instant on the wire: ISO 8601 text (a handler may answer a Date; JSON makes it this text). */
export const timestamp = () => z.string().meta({ format: 'date-time' });

/** A calendar day on the wire: 'YYYY-MM-DD'. */
export const day = () => z.string().meta({ format: 'date' });

/** One page of a list: `{items, total, page, pageSize, totalPages}`, as every paged list answers (`pageInfo`). */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
    totalPages: z.int(),
  });
}

/** The answer of an action that answers nothing of interest (`null` or `{}` on the wire). */
export const nothing = () => z.union([z.null(), z.object({})]);

/**
 * What a handler may return for a wire type: the same shape, where any text may also be a Date (JSON
 * writes a Date as its ISO text). Used by the API to check handlers against their output schema.
 */
export type WireValue<T> = T extends string
  ? string | Date
  : T extends readonly (infer Item)[]
    ? readonly WireValue<Item>[]
    : T extends object
      ? { [Key in keyof T]: WireValue<T[Key]> }
      : T;
