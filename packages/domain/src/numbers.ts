import { z } from 'zod';

/*
 * Amounts and counts as people type them: "5,000,000", "5 000 000" (any space, the non-breaking and
 * thin ones phones and spreadsheets put in), "5000000", "KES 5,000,000", "5,000,000.00". One reading
 * for every form and for the server, so the same text means the same number everywhere.
 */

/** Why a typed number was refused: nothing typed, not a number, cents where whole units are asked, out of range. */
export type NumberProblem = 'empty' | 'form' | 'fraction' | 'range';

export type ParsedNumber = { ok: true; value: number } | { ok: false; problem: NumberProblem };

/** Default messages; a field gives its own where it can name itself. Swahili in locales/sw.messages.json. */
export const NUMBER_MESSAGES = {
  amountRequired: 'Enter an amount.',
  amountInvalid: 'Enter the amount in shillings as a number, e.g. 1,500,000.',
  amountWhole: 'Enter whole shillings (no cents), e.g. 1,500,000.',
  amountRange: 'The amount is out of the allowed range.',
  countRequired: 'Enter a number.',
  countInvalid: 'Enter a whole number, e.g. 1,500.',
  countRange: 'The number is out of the allowed range.',
} as const;

/** The largest amount any form takes: KES 100 billion, well inside what integer cents hold exactly. */
export const MAX_AMOUNT_KES = 100_000_000_000;

const CURRENCY = /^(?:KES|KSH|KSHS|SH|SHS)\.?\s*/i;

/**
 * The digits of a typed number (spaces of any kind: \s covers the non-breaking U+00A0, the thin
 * U+2009 and the narrow U+202F): plain (1500000) or grouped by threes with commas or spaces
 * (1,500,000 · 1 500 000), an optional minus and an optional decimal part of one or two digits.
 * Answers the whole part and the hundredths, or null when it is not a number in these forms.
 */
function readNumber(text: string): { negative: boolean; whole: bigint; hundredths: number } | null {
  const match = /^(-?)(\d+(?:[,\s]\d{3})*)(?:\.(\d{1,2}))?$/u.exec(text);
  if (!match) return null;
  const [, sign = '', grouped = '', fraction] = match;
  const groups = grouped.split(/[,\s]/u);
  // Grouped by threes: the first group has 1-3 digits (1,500 yes; 1500,000 no), the others 3 (the pattern).
  if (groups.length > 1 && groups[0]!.length > 3) return null;
  return {
    negative: sign === '-',
    whole: BigInt(groups.join('')),
    hundredths: fraction ? Number(fraction.padEnd(2, '0')) : 0,
  };
}

function inRange(value: number, min: number | undefined, max: number | undefined): boolean {
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

/**
 * An amount of Kenya shillings as typed ("KES 5,000,000", "5 000 000", "5000000.00") or sent as a
 * number. `unit` is what the answer counts: 'shillings' (the API's wire, cents refused as
 * 'fraction') or 'cents'. `min`/`max` bound the answer in that unit. Empty text is 'empty'.
 */
export function parseAmount(
  typed: string | number,
  options: { unit?: 'shillings' | 'cents'; min?: number; max?: number } = {},
): ParsedNumber {
  const unit = options.unit ?? 'shillings';
  let cents: number;
  if (typeof typed === 'number') {
    if (!Number.isFinite(typed)) return { ok: false, problem: 'form' };
    cents = Math.round(typed * 100);
    if (Math.abs(cents - typed * 100) > 1e-6) return { ok: false, problem: 'form' };
  } else {
    const text = typed.trim().replace(CURRENCY, '').trim();
    if (text === '') return { ok: false, problem: typed.trim() === '' ? 'empty' : 'form' };
    const read = readNumber(text);
    if (!read) return { ok: false, problem: 'form' };
    const total = read.whole * 100n + BigInt(read.hundredths);
    if (total > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, problem: 'range' };
    cents = (read.negative ? -1 : 1) * Number(total);
  }
  if (unit === 'shillings' && cents % 100 !== 0) return { ok: false, problem: 'fraction' };
  const value = unit === 'shillings' ? cents / 100 : cents;
  if (!Number.isSafeInteger(value)) return { ok: false, problem: 'range' };
  return inRange(value, options.min, options.max)
    ? { ok: true, value: value || 0 }
    : { ok: false, problem: 'range' };
}

/** A whole count as typed ("1,500" flying hours, "1 500", "1500") or sent as a number. */
export function parseCount(
  typed: string | number,
  options: { min?: number; max?: number } = {},
): ParsedNumber {
  let value: number;
  if (typeof typed === 'number') {
    if (!Number.isFinite(typed)) return { ok: false, problem: 'form' };
    if (!Number.isInteger(typed)) return { ok: false, problem: 'fraction' };
    value = typed;
  } else {
    const text = typed.trim();
    if (text === '') return { ok: false, problem: 'empty' };
    const read = readNumber(text);
    if (!read) return { ok: false, problem: 'form' };
    if (read.hundredths !== 0) return { ok: false, problem: 'fraction' };
    if (read.whole > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, problem: 'range' };
    value = (read.negative ? -1 : 1) * Number(read.whole);
  }
  if (!Number.isSafeInteger(value)) return { ok: false, problem: 'range' };
  return inRange(value, options.min, options.max)
    ? { ok: true, value: value || 0 }
    : { ok: false, problem: 'range' };
}

/** Thousands grouped with commas, as the portal prints numbers and as the inputs show them back. */
export function groupThousands(value: number): string {
  const negative = value < 0;
  const grouped = Math.abs(Math.trunc(value))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}`;
}

export interface NumberFieldMessages {
  /** Nothing given. */
  required?: string;
  /** Given, but not a number in any of the accepted forms. */
  invalid?: string;
  /** A number, but cents where whole units are asked (defaults to `invalid`). */
  fraction?: string;
  /** A number outside [min, max]. */
  range?: string;
  /** A number above max (defaults to `range`). */
  tooLarge?: string;
}

interface NumberFieldOptions extends NumberFieldMessages {
  min?: number;
  max?: number;
  /** What an empty field means (a sum insured left blank is 0); without it, empty is `required`. */
  emptyAs?: number;
}

function numberField(
  parse: (typed: string | number, bounds: { min?: number; max?: number }) => ParsedNumber,
  options: NumberFieldOptions & { min: number; max?: number },
  defaults: { required: string; invalid: string; fraction: string; range: string },
) {
  const messages = {
    required: options.required ?? defaults.required,
    invalid: options.invalid ?? defaults.invalid,
    fraction: options.fraction ?? options.invalid ?? defaults.fraction,
    range: options.range ?? defaults.range,
    tooLarge: options.tooLarge ?? options.range ?? defaults.range,
  };
  return z
    .union([z.string(), z.number()], {
      // Nothing given is missing; anything else of the wrong kind (true, {}) is in the wrong form.
      error: (issue) =>
        issue.input === undefined || issue.input === null ? messages.required : messages.invalid,
    })
    .transform((typed, context) => {
      const parsed = parse(typed, options);
      if (parsed.ok) return parsed.value;
      if (parsed.problem === 'empty' && options.emptyAs !== undefined) return options.emptyAs;
      if (parsed.problem === 'range') {
        // A number, only out of range: the form's own checks (e.g. "building or contents") still run on it.
        const unbounded = parse(typed, {});
        const value = unbounded.ok ? unbounded.value : 0;
        const isTooLarge = options.max !== undefined && value > options.max;
        context.addIssue({
          code: 'custom',
          message: isTooLarge ? messages.tooLarge : messages.range,
          input: typed,
          continue: true,
        });
        return value;
      }
      const message = { empty: messages.required, form: messages.invalid, fraction: messages.fraction }[
        parsed.problem
      ];
      context.addIssue({ code: 'custom', message, input: typed });
      return z.NEVER;
    });
}

/**
 * A zod field for an amount typed by a person or sent by a caller (see `parseAmount`): whole
 * shillings by default (the API's wire). Empty is `required`, a wrong form `invalid` (never
 * "required"), cents where whole shillings are asked `fraction`, out of [min, max] `range`.
 */
export function amountSchema(options: NumberFieldOptions & { unit?: 'shillings' | 'cents' } = {}) {
  const min = options.min ?? 0;
  const max = options.max ?? (options.unit === 'cents' ? MAX_AMOUNT_KES * 100 : MAX_AMOUNT_KES);
  return numberField(
    (typed, bounds) => parseAmount(typed, { unit: options.unit, ...bounds }),
    { ...options, min, max },
    {
      required: NUMBER_MESSAGES.amountRequired,
      invalid: NUMBER_MESSAGES.amountInvalid,
      fraction: NUMBER_MESSAGES.amountWhole,
      range: NUMBER_MESSAGES.amountRange,
    },
  );
}

/** A zod field for a whole count (see `parseCount`), with the same distinct messages as `amountSchema`. */
export function countSchema(options: NumberFieldOptions = {}) {
  return numberField(
    parseCount,
    { ...options, min: options.min ?? 0 },
    {
      required: NUMBER_MESSAGES.countRequired,
      invalid: NUMBER_MESSAGES.countInvalid,
      fraction: NUMBER_MESSAGES.countInvalid,
      range: NUMBER_MESSAGES.countRange,
    },
  );
}

/** The message of a value given but not among `choices` (a field names itself by its path). */
export const choicesMessage = (choices: readonly string[]) => `Choose one of: ${choices.join(', ')}.`;

/**
 * The error of a choice field (z.enum, z.literal): nothing given is `required`; a value given but
 * not among the choices is `invalid` (never reported as missing).
 */
export function choiceError(required: string, invalid: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? required : invalid;
}

/**
 * One of `values` (a z.enum): nothing chosen is `required`; anything else not among them is
 * `invalid`, by default "Choose one of: A, B." so a caller sees what is accepted.
 */
export function choiceSchema<const T extends readonly [string, ...string[]]>(
  values: T,
  required: string,
  invalid: string = choicesMessage(values),
) {
  return z.enum(values, { error: choiceError(required, invalid) });
}
