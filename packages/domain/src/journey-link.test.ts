import { describe, expect, it } from 'vitest';
import { type MotorQuoteLink, readMotorPrefill, saveJourneyDraftSchema } from './journey-link';

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

describe('readMotorPrefill (the pinned /motor/basic-details?coverType=&value= contract)', () => {
  const read = (query: string) =>
    readMotorPrefill({
      get: (name) =>
        new Map(query.split('&').map((pair) => pair.split('=') as [string, string])).get(name) ?? null,
    });

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
