import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasSwahili } from './i18n';
import {
  amountSchema,
  choiceError,
  countSchema,
  groupThousands,
  NUMBER_MESSAGES,
  parseAmount,
  parseCount,
} from './numbers';

describe('parseAmount', () => {
  it.each([
    ['5,000,000', 5_000_000],
    ['5 000 000', 5_000_000],
    ['5\u00a0000\u00a0000', 5_000_000],
    ['5\u2009000\u2009000', 5_000_000],
    ['5\u202f000\u202f000', 5_000_000],
    ['5000000', 5_000_000],
    ['KES 5,000,000', 5_000_000],
    ['Ksh5,000,000', 5_000_000],
    ['kes 5,000,000.00', 5_000_000],
    ['  1,200,000  ', 1_200_000],
    ['0', 0],
    [1_500_000, 1_500_000],
  ])('%j is %d shillings', (typed, shillings) => {
    expect(parseAmount(typed)).toEqual({ ok: true, value: shillings });
  });

  it('answers cents when the caller keeps cents', () => {
    expect(parseAmount('KES 1,234.50', { unit: 'cents' })).toEqual({ ok: true, value: 123_450 });
    expect(parseAmount('1,234.5', { unit: 'cents' })).toEqual({ ok: true, value: 123_450 });
    expect(parseAmount(12.34, { unit: 'cents' })).toEqual({ ok: true, value: 1_234 });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'form'],
    ['KES', 'form'],
    ['5,00,000', 'form'],
    ['50,0000', 'form'],
    ['5000,000', 'form'],
    ['1.2.3', 'form'],
    ['5,000,000.505', 'form'],
    ['1e6', 'form'],
    ['5,000,000.50', 'fraction'],
    ['-5', 'range'],
    ['999999999999999999', 'range'],
  ])('%j is refused as %s', (typed, problem) => {
    expect(parseAmount(typed, { min: 0, max: 100_000_000_000 })).toEqual({ ok: false, problem });
  });

  it('property: any whole amount written with commas, spaces or none reads back as itself', () => {
    const separators = fc.constantFrom(',', ' ', '\u00a0', '\u2009', '\u202f', '');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000_000 }),
        separators,
        fc.boolean(),
        fc.boolean(),
        (amount, separator, kes, cents) => {
          const written = `${kes ? 'KES ' : ''}${groupThousands(amount).replaceAll(',', separator)}${cents ? '.00' : ''}`;
          expect(parseAmount(written), written).toEqual({ ok: true, value: amount });
          expect(parseAmount(written, { unit: 'cents' }), written).toEqual({ ok: true, value: amount * 100 });
        },
      ),
    );
  });

  it('property: text with a letter in it is never an amount', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('a', 'x', 'O', 'l'), fc.string(), (before, letter, after) => {
        const typed = `${before}${letter}${after}`;
        // A currency word is the only letters allowed, and only in front.
        fc.pre(!/^\s*(kes|ksh|kshs|sh|shs)/i.test(typed));
        expect(parseAmount(typed).ok).toBe(false);
      }),
    );
  });
});

describe('parseCount', () => {
  it.each([
    ['1,500', 1_500],
    ['1 500', 1_500],
    ['1500', 1_500],
    [' 40,000 ', 40_000],
    [12, 12],
  ])('%j is %d', (typed, count) => {
    expect(parseCount(typed)).toEqual({ ok: true, value: count });
  });

  it.each([
    ['', 'empty'],
    ['abc', 'form'],
    ['KES 1,500', 'form'],
    ['1,50', 'form'],
    ['1,500.5', 'fraction'],
    [1.5, 'fraction'],
    ['40,001', 'range'],
    ['-1', 'range'],
  ])('%j is refused as %s', (typed, problem) => {
    expect(parseCount(typed, { min: 0, max: 40_000 })).toEqual({ ok: false, problem });
  });

  it('property: any whole count grouped with commas or spaces reads back as itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom(',', ' ', '\u00a0', ''),
        (count, separator) => {
          const written = groupThousands(count).replaceAll(',', separator);
          expect(parseCount(written), written).toEqual({ ok: true, value: count });
        },
      ),
    );
  });
});

describe('amountSchema and countSchema', () => {
  const hours = countSchema({
    required: 'Hours are required.',
    invalid: 'Hours must be a number.',
    range: 'Too many.',
    max: 40_000,
  });

  it('tell missing, wrong form and out of range apart', () => {
    const message = (typed: unknown) => hours.safeParse(typed).error?.issues[0]?.message;
    expect(hours.parse('1,500')).toBe(1_500);
    expect(message(undefined)).toBe('Hours are required.');
    expect(message('')).toBe('Hours are required.');
    expect(message('abc')).toBe('Hours must be a number.');
    expect(message(true)).toBe('Hours must be a number.');
    expect(message('50,000')).toBe('Too many.');
  });

  it('reads an amount in whole shillings by default and an empty field as emptyAs when given', () => {
    expect(amountSchema().parse('KES 5,000,000')).toBe(5_000_000);
    expect(amountSchema({ emptyAs: 0 }).parse('')).toBe(0);
    expect(amountSchema().safeParse('').error?.issues[0]?.message).toBe(NUMBER_MESSAGES.amountRequired);
    expect(amountSchema().safeParse('1,000.50').error?.issues[0]?.message).toBe(NUMBER_MESSAGES.amountWhole);
    expect(amountSchema({ unit: 'cents' }).parse('1,000.50')).toBe(100_050);
  });

  it('choiceError says missing only when nothing was given', () => {
    const error = choiceError('Account type is required', 'Account type must be INDIVIDUAL or CORPORATE.');
    expect(error({ input: undefined })).toBe('Account type is required');
    expect(error({ input: '' })).toBe('Account type is required');
    expect(error({ input: 'individual' })).toBe('Account type must be INDIVIDUAL or CORPORATE.');
  });

  it('has every message in Swahili', () => {
    expect(Object.values(NUMBER_MESSAGES).filter((text) => !hasSwahili(text))).toEqual([]);
  });
});
