import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from './cover-dates';
import {
  canPayMonthly,
  coveredFrom,
  coverMonths,
  MONTHLY_INSTALMENTS,
  monthlyPlan,
  monthlyStanding,
} from './monthly';

const day = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('monthlyPlan', () => {
  it('loads the total half up to the shilling and puts the remainder on month 1', () => {
    // KES 10,000.50 with 10 %: 11,000.55 → 11,001 shillings; 11,001 = 916 × 11 + 925.
    const plan = monthlyPlan(1_000_050, { loadingBps: 1_000, graceDays: 14 });
    expect(plan.total).toBe(1_100_100);
    expect(plan.monthlyAmount).toBe(91_600);
    expect(plan.firstAmount).toBe(92_500);
    expect(plan.extra).toBe(1_100_100 - 1_000_050);
    expect(plan.amounts).toHaveLength(MONTHLY_INSTALMENTS);
  });

  it('refuses what is not an amount in cents', () => {
    expect(() => monthlyPlan(-1, { loadingBps: 0, graceDays: 0 })).toThrow();
    expect(() => monthlyPlan(1.5, { loadingBps: 0, graceDays: 0 })).toThrow();
  });

  it('property: the 12 whole-shilling amounts sum exactly to the total, months 2–12 equal, month 1 the largest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        (payAtOnce, loadingBps) => {
          const plan = monthlyPlan(payAtOnce, { loadingBps, graceDays: 7 });
          expect(plan.amounts.reduce((sum, amount) => sum + amount, 0)).toBe(plan.total);
          expect(plan.amounts.every((amount) => amount % 100 === 0)).toBe(true);
          expect(new Set(plan.amounts.slice(1)).size).toBeLessThanOrEqual(1);
          expect(plan.firstAmount - plan.monthlyAmount).toBeGreaterThanOrEqual(0);
          expect(plan.firstAmount - plan.monthlyAmount).toBeLessThan(12 * 100);
          // Half up: never more than half a shilling from the exact loaded total.
          expect(Math.abs(plan.total - (payAtOnce * (10_000 + loadingBps)) / 10_000)).toBeLessThanOrEqual(50);
        },
      ),
    );
  });
});

describe('coverMonths', () => {
  it('property: the months tile the cover from its start to its end without gap or overlap', () => {
    fc.assert(
      fc.property(day, (start) => {
        const end = addCalendarDays(addCalendarDays(start, 365), -1);
        const months = coverMonths(start, end);
        expect(months).toHaveLength(12);
        expect(months[0]!.from).toBe(start);
        expect(months.at(-1)!.to).toBe(end);
        months.forEach((month, index) => {
          expect(month.monthNo).toBe(index + 1);
          expect(month.from <= month.to).toBe(true);
          if (index > 0) expect(month.from).toBe(addCalendarDays(months[index - 1]!.to, 1));
        });
      }),
    );
  });

  it('falls back to a shorter month’s last day from the 31st', () => {
    const months = coverMonths('2026-01-31', '2027-01-30');
    expect(months[1]).toEqual({ monthNo: 2, from: '2026-02-28', to: '2026-03-30' });
  });
});

describe('monthlyStanding', () => {
  const months = coverMonths('2026-01-10', '2027-01-09');
  it('is current within the paid months, lapsed from the due date through the grace, ended after', () => {
    const at = (today: string, paidMonths = 1) =>
      monthlyStanding({ months, paidMonths, today, graceDays: 14 });
    expect(at('2026-02-09')).toMatchObject({ state: 'current', paidUntil: '2026-02-09' });
    expect(at('2026-02-10')).toMatchObject({ state: 'lapsed', graceUntil: '2026-02-24' });
    expect(at('2026-02-24').state).toBe('lapsed');
    expect(at('2026-02-25').state).toBe('ended');
    expect(at('2026-12-01', 12)).toMatchObject({ state: 'completed', next: null, paidUntil: '2027-01-09' });
  });

  it('offers monthly only for a year’s cover', () => {
    expect(canPayMonthly(365)).toBe(true);
    expect(canPayMonthly(364)).toBe(false);
  });
});

describe('coveredFrom', () => {
  const month = { from: '2026-02-10', to: '2026-03-09' };
  it('covers a month paid on time from its first day, a late one from the pay day, never past its end', () => {
    expect(coveredFrom(month, '2026-01-10')).toBe('2026-02-10');
    expect(coveredFrom(month, '2026-02-10')).toBe('2026-02-10');
    expect(coveredFrom(month, '2026-02-20')).toBe('2026-02-20');
    expect(coveredFrom(month, '2026-03-20')).toBe('2026-03-09');
  });
});
