import { MOTOR_QUOTE_STEPS, type MotorQuoteLink, QUOTE_LINK_MAX_LENGTH } from '@bima/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeQuoteLink, encodeQuoteLink } from './quote-link';

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
