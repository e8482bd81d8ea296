import { z } from 'zod';

/**
 * What a money field says when its input is refused. `required`: no amount at all; `notNumber`: not
 * an integer (text, a fraction of a cent; defaults to `notWhole`); `notWhole`: cents that are not
 * whole shillings; `min`/`max`: the bounds, in cents, each with its message.
 */
export interface WholeShillingCentsRules {
  required: string;
  notNumber?: string;
  notWhole: string;
  min: { cents: number; message: string };
  max: { cents: number; message: string };
  /** Stop at a bound's message (no whole-shillings message after it, and no refinement of the object). */
  stopAtBounds?: boolean;
}

/**
 * A money field on the wire (issue 29: one unit, in and out): integer cents of whole shillings, with
 * the messages of the form people typed it in. Every such input is built here, so each is documented
 * alike (`kes-cents` in the OpenAPI document) and checked in the same order: a number, the bounds,
 * then whole shillings.
 */
export function wholeShillingCents(rules: WholeShillingCentsRules) {
  return z
    .int({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? rules.required
          : (rules.notNumber ?? rules.notWhole),
    })
    .min(rules.min.cents, { message: rules.min.message, abort: rules.stopAtBounds })
    .max(rules.max.cents, { message: rules.max.message, abort: rules.stopAtBounds })
    .refine((cents) => cents % 100 === 0, rules.notWhole)
    .meta({
      format: 'kes-cents',
      description: 'Kenya shillings in integer cents, whole shillings (KES 1,500 is 150000)',
    });
}
