import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeQuoteLink,
  encodeQuoteLink,
  MOTOR_QUOTE_STEPS,
  type MotorQuoteLink,
  QUOTE_LINK_MAX_LENGTH,
  readMotorPrefill,
  saveJourneyDraftSchema,
} from './journey-link';

const full: MotorQuoteLink = {
  v: 1,
  step: 'quotation',
  cls: '07',
  cover: 'comprehensive',
  value: 1_500_000,
  product: 'PRD-JUB-001',
  period: 365,
  start: '2026-12-01',
  benefits: [{ ref: 'BEN-PVT', limit: 50_000 }, { ref: 'BEN-EXC' }],
  limits: { 'BEN-TPPD': 3_000_000 },
  excesses: { 'EXC-1': 15_000 },
  compare: ['PRD-JUB-001', 'PRD-APA-002'],
};

const encodeRaw = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('encodeQuoteLink / decodeQuoteLink', () => {
  it('round-trips a whole journey and a bare one', () => {
    expect(decodeQuoteLink(encodeQuoteLink(full))).toEqual(full);
    const bare: MotorQuoteLink = {
      v: 1,
      step: 'product-quotation',
      cls: '07',
      cover: 'third-party',
      value: 0,
    };
    expect(decodeQuoteLink(encodeQuoteLink(bare))).toEqual(bare);
  });

  it('writes only URL-safe characters', () => {
    expect(encodeQuoteLink(full)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('round-trips any valid journey (property)', () => {
    const refArb = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s.length > 0);
    const linkArb = fc.record({
      v: fc.constant(1 as const),
      step: fc.constantFrom(...MOTOR_QUOTE_STEPS),
      cls: fc.constantFrom('07', '08'),
      cover: fc.constantFrom('comprehensive' as const, 'third-party-fire-theft' as const),
      value: fc.integer({ min: 50_000, max: 100_000_000 }),
      product: refArb,
      benefits: fc.array(fc.record({ ref: refArb, limit: fc.nat({ max: 10_000_000 }) }), { maxLength: 5 }),
    });
    fc.assert(
      fc.property(linkArb, (link) => {
        expect(decodeQuoteLink(encodeQuoteLink(link))).toEqual(link);
      }),
    );
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['characters outside base64url', 'abc+/='],
    ['base64 that is not JSON', 'bm90IGpzb24'],
    ['too long a value', 'A'.repeat(QUOTE_LINK_MAX_LENGTH + 1)],
    ['another version', encodeRaw({ ...full, v: 2 })],
    ['an unknown cover type', encodeRaw({ ...full, cover: 'everything' })],
    ['a commercial cover type', encodeRaw({ ...full, cover: 'comprehensive-commercial' })],
    ['a value below the minimum for comprehensive', encodeRaw({ ...full, value: 10 })],
    ['a negative value', encodeRaw({ ...full, cover: 'third-party', value: -1 })],
    ['a fractional value', encodeRaw({ ...full, value: 1_500_000.5 })],
    ['an impossible start date', encodeRaw({ ...full, start: '2027-02-30' })],
    ['an unknown step', encodeRaw({ ...full, step: 'payment' })],
    ['an extra field', encodeRaw({ ...full, premium: 1 })],
    ['an empty product reference', encodeRaw({ ...full, product: '' })],
    ['an array', encodeRaw([full])],
  ])('reads %s as no journey (null), never half of one', (_name, value) => {
    expect(decodeQuoteLink(value)).toBeNull();
  });

  it('rejects a tampered character in a valid link', () => {
    const link = encodeQuoteLink(full);
    const tampered = `${link.slice(0, 10)}${link[10] === 'A' ? 'B' : 'A'}${link.slice(11)}`;
    const read = decodeQuoteLink(tampered);
    // Either unreadable, or (if the change happened to stay valid) a valid journey: never a throw.
    if (read !== null) expect(read.v).toBe(1);
  });
});

describe('readMotorPrefill (the pinned /motor/basic-details?coverType=&value= contract)', () => {
  const read = (query: string) => readMotorPrefill(new URLSearchParams(query));

  it('reads cover type, value, period in months and start date', () => {
    expect(read('coverType=comprehensive&value=1500000&period=12&start=2026-12-01')).toEqual({
      coverType: 'comprehensive',
      value: 1_500_000,
      periodDays: 365,
      start: '2026-12-01',
      problems: [],
    });
    expect(read('coverType=third-party-fire-theft&value=800000&period=6')?.periodDays).toBe(180);
  });

  it('ignores the value for third-party cover', () => {
    expect(read('coverType=third-party&value=900000')).toMatchObject({ value: null, problems: [] });
  });

  it('is no prefill without a known cover type', () => {
    expect(read('value=1500000')).toBeNull();
    expect(read('coverType=everything&value=1500000')).toBeNull();
  });

  it.each([
    ['value=abc', 'value'],
    ['value=1500000.5', 'value'],
    ['value=-5', 'value'],
    ['value=49999', 'value'],
    ['period=7', 'period'],
    ['period=twelve', 'period'],
    ['start=2027-02-30', 'start'],
    ['start=tomorrow', 'start'],
  ])('names a bad %s as a problem and drops only it', (query, problem) => {
    const prefill = read(`coverType=comprehensive&${query}`);
    expect(prefill?.coverType).toBe('comprehensive');
    expect(prefill?.problems).toEqual([problem]);
  });
});

describe('saveJourneyDraftSchema', () => {
  it('accepts a journey and refuses a wrong one, an unknown line and an oversized one', () => {
    expect(saveJourneyDraftSchema.safeParse({ productLine: 'motor-private', state: full }).success).toBe(
      true,
    );
    expect(
      saveJourneyDraftSchema.safeParse({ productLine: 'motor-private', state: { ...full, value: 'x' } })
        .success,
    ).toBe(false);
    expect(saveJourneyDraftSchema.safeParse({ productLine: 'boats', state: full }).success).toBe(false);
    const huge = { ...full, product: 'x'.repeat(9000) };
    const result = saveJourneyDraftSchema.safeParse({ productLine: 'motor-private', state: huge });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The saved journey is too large.');
  });
});
