import { MONTHLY_TERMS_MESSAGES } from '@bima/domain';
import { describe, expect, it } from 'vitest';
import { bpsToPercent, parseGraceDays, percentToBps } from './monthly-terms';

describe('monthly terms form values', () => {
  it('reads a typed percentage as basis points, exact to two decimals', () => {
    expect(percentToBps('10')).toEqual({ ok: true, bps: 1_000 });
    expect(percentToBps('12.5 %')).toEqual({ ok: true, bps: 1_250 });
    expect(percentToBps('0,75')).toEqual({ ok: true, bps: 75 });
    expect(percentToBps('50')).toEqual({ ok: true, bps: 5_000 });
    for (const bad of ['50.01', '-1', 'ten', '1.234', '']) {
      expect(percentToBps(bad)).toEqual({ ok: false, message: MONTHLY_TERMS_MESSAGES.loading });
    }
    expect(bpsToPercent(1_250)).toBe('12.5');
  });

  it('reads the grace as whole days up to 27', () => {
    expect(parseGraceDays(' 14 ')).toEqual({ ok: true, days: 14 });
    for (const bad of ['28', '1.5', '-2', '']) {
      expect(parseGraceDays(bad)).toEqual({ ok: false, message: MONTHLY_TERMS_MESSAGES.grace });
    }
  });
});
