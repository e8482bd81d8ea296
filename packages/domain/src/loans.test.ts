import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  arrearsStage,
  earlySettlement,
  findPricingBand,
  instalmentStates,
  type LoanPricingBand,
  loanFee,
  loanSchedule,
  unearnedPremium,
} from './loans';

const KES = (shillings: number) => shillings * 100;

/** The sample NCBA-style table: a facility fee for 25,000–149,999, a monthly rate above 300,000. */
const BANDS: LoanPricingBand[] = [
  {
    minPrincipal: KES(25_000),
    maxPrincipal: KES(149_999),
    months: 4,
    facilityFee: KES(5_500),
    monthlyRatePpm: null,
  },
  {
    minPrincipal: KES(25_000),
    maxPrincipal: KES(149_999),
    months: 6,
    facilityFee: KES(7_333),
    monthlyRatePpm: null,
  },
  {
    minPrincipal: KES(25_000),
    maxPrincipal: KES(149_999),
    months: 10,
    facilityFee: KES(11_000),
    monthlyRatePpm: null,
  },
  { minPrincipal: KES(300_000), maxPrincipal: null, months: 4, facilityFee: null, monthlyRatePpm: 5_575 },
  { minPrincipal: KES(300_000), maxPrincipal: null, months: 10, facilityFee: null, monthlyRatePpm: 6_780 },
];

describe('pricing bands', () => {
  it.each([
    ['the lowest premium financed (KES 25,000, 4 months)', KES(25_000), 4, KES(5_500)],
    ['the top of the first band (KES 149,999, 10 months)', KES(149_999), 10, KES(11_000)],
    ['KES 80,000 over 6 months', KES(80_000), 6, KES(7_333)],
  ])('prices %s by its facility fee', (_label, principal, months, fee) => {
    const band = findPricingBand(BANDS, principal, months);
    expect(band).not.toBeNull();
    expect(loanFee(band!, principal)).toBe(fee);
  });

  it('finds no band below the first, between bands, or for a term the table does not offer', () => {
    expect(findPricingBand(BANDS, KES(24_999), 4)).toBeNull();
    expect(findPricingBand(BANDS, KES(200_000), 4)).toBeNull();
    expect(findPricingBand(BANDS, KES(80_000), 5)).toBeNull();
  });

  it('prices by a monthly rate above KES 300,000: 2.23 % over 4 months, 6.78 % over 10, to the shilling', () => {
    expect(loanFee(findPricingBand(BANDS, KES(300_000), 4)!, KES(300_000))).toBe(KES(6_690));
    expect(loanFee(findPricingBand(BANDS, KES(500_000), 10)!, KES(500_000))).toBe(KES(33_900));
    // 333,333 × 0.5575 % × 4 = 7,433.33… → 7,433 (half up once).
    expect(loanFee(findPricingBand(BANDS, KES(333_333), 4)!, KES(333_333))).toBe(KES(7_433));
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-08-31', 3, '2026-11-30'],
    ['2026-11-30', 2, '2027-01-30'],
  ])('%s plus %i month(s) is %s (the month’s last day when shorter)', (start, months, expected) => {
    expect(addMonths(start, months)).toBe(expected);
  });
});

describe('the schedule', () => {
  it('finances KES 80,000 over 6 months: six whole-shilling instalments, the remainder on the first', () => {
    const schedule = loanSchedule({
      principal: KES(80_000),
      band: findPricingBand(BANDS, KES(80_000), 6)!,
      startDate: '2026-03-31',
    });
    expect(schedule.fee).toBe(KES(7_333));
    expect(schedule.totalRepayable).toBe(KES(87_333));
    // 87,333 / 6 = 14,555.5: five of 14,555 and the first 14,558.
    expect(schedule.instalments.map((instalment) => instalment.amount)).toEqual([
      KES(14_558),
      KES(14_555),
      KES(14_555),
      KES(14_555),
      KES(14_555),
      KES(14_555),
    ]);
    expect(schedule.instalments.map((instalment) => instalment.dueDate)).toEqual([
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
    ]);
    // 80,000 / 6 = 13,333.33: principal parts 13,335 then 13,333; fee parts 1,223 then 1,222.
    expect(schedule.instalments[0]).toMatchObject({ principal: KES(13_335), fee: KES(1_223) });
    expect(schedule.instalments[1]).toMatchObject({ principal: KES(13_333), fee: KES(1_222) });
    expect(schedule.feeRateBps).toBe(917); // 7,333 / 80,000 = 9.17 %
    // The first instalment is paid at once: 65,442 advanced, repaid by five monthly 14,555 —
    // 3.648 % a month, 43.78 % a year (checked independently).
    expect(schedule.annualRateBps).toBe(4_378);
  });

  it('refuses a principal with cents or of 0', () => {
    const band = BANDS[0]!;
    expect(() => loanSchedule({ principal: 2_500_050, band, startDate: '2026-01-01' })).toThrow(RangeError);
    expect(() => loanSchedule({ principal: 0, band, startDate: '2026-01-01' })).toThrow(RangeError);
  });

  it('always sums exactly, in whole shillings, with equal later instalments (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 5_000_000 }),
        fc.integer({ min: 4, max: 10 }),
        fc.oneof(
          fc.record({
            facilityFee: fc.integer({ min: 0, max: 50_000 }).map(KES),
            monthlyRatePpm: fc.constant(null),
          }),
          fc.record({ facilityFee: fc.constant(null), monthlyRatePpm: fc.integer({ min: 1, max: 50_000 }) }),
        ),
        (shillings, months, price) => {
          const band = { minPrincipal: 0, maxPrincipal: null, months, ...price };
          const schedule = loanSchedule({ principal: KES(shillings), band, startDate: '2026-01-31' });
          const sum = (pick: (value: { amount: number; principal: number; fee: number }) => number) =>
            schedule.instalments.reduce((total, instalment) => total + pick(instalment), 0);
          expect(schedule.instalments).toHaveLength(months);
          expect(sum((instalment) => instalment.amount)).toBe(schedule.totalRepayable);
          expect(sum((instalment) => instalment.principal)).toBe(KES(shillings));
          expect(sum((instalment) => instalment.fee)).toBe(schedule.fee);
          for (const instalment of schedule.instalments) expect(instalment.amount % 100).toBe(0);
          const later = new Set(schedule.instalments.slice(1).map((instalment) => instalment.amount));
          expect(later.size).toBe(1);
          expect(schedule.instalments[0]!.amount).toBeGreaterThanOrEqual([...later][0]!);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('instalments paid, early settlement and arrears', () => {
  const schedule = loanSchedule({
    principal: KES(80_000),
    band: findPricingBand(BANDS, KES(80_000), 6)!,
    startDate: '2026-03-31',
  });
  const { instalments } = schedule;
  const firstTwo = instalments[0]!.amount + instalments[1]!.amount;

  it('applies money to the oldest instalment first', () => {
    const states = instalmentStates(instalments, firstTwo + KES(100), '2026-05-01');
    expect(states.map((instalment) => instalment.state)).toEqual([
      'paid',
      'paid',
      'part-paid',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(states[2]!.paid).toBe(KES(100));
    expect(instalmentStates(instalments, instalments[0]!.amount, '2026-05-01')[1]!.state).toBe('overdue');
    expect(instalmentStates(instalments, instalments[0]!.amount, '2026-04-30')[1]!.state).toBe('due');
  });

  it('waives the fees of instalments not yet due when settling early, and only those', () => {
    // Two paid, on 15 May: instalment 3 (31 May) to 6 are not due yet: 4 × 1,222 waived.
    const owed = schedule.totalRepayable - firstTwo;
    expect(
      earlySettlement({ instalments, paidTotal: firstTwo, outstanding: owed, today: '2026-05-15' }),
    ).toEqual({
      amount: owed - KES(4 * 1_222),
      waivedFee: KES(4 * 1_222),
    });
    // On 31 May the third is due: its fee stays payable.
    expect(
      earlySettlement({ instalments, paidTotal: firstTwo, outstanding: owed, today: '2026-05-31' }).waivedFee,
    ).toBe(KES(3 * 1_222));
    // Paid ahead: nothing unpaid is left to waive.
    expect(
      earlySettlement({
        instalments,
        paidTotal: schedule.totalRepayable,
        outstanding: 0,
        today: '2026-04-01',
      }),
    ).toEqual({ amount: 0, waivedFee: 0 });
  });

  it.each([
    ['2026-04-30', 'current', 0],
    ['2026-05-01', 'overdue', 1],
    ['2026-05-07', 'overdue', 7],
    ['2026-05-08', 'notice', 8],
    ['2026-05-14', 'notice', 14],
    ['2026-05-15', 'cancel', 15],
  ])(
    'with the second instalment unpaid, on %s the loan is %s (%i days late; grace 7, notice 7)',
    (today, stage, days) => {
      const state = arrearsStage({
        instalments,
        paidTotal: instalments[0]!.amount,
        today,
        graceDays: 7,
        noticeDays: 7,
      });
      expect(state.stage).toBe(stage);
      expect(state.daysLate).toBe(days);
      if (stage !== 'current') expect(state.instalment?.number).toBe(2);
    },
  );
});

describe('unearned premium, pro rata by days', () => {
  it.each([
    ['cancelled on the first day: 1 day covered', '2026-01-01', 80_000_00, 364, 7_978_082],
    ['cancelled after 73 days', '2026-03-14', 80_000_00, 292, 6_400_000],
    ['cancelled on the last day: nothing unearned', '2026-12-31', 80_000_00, 0, 0],
    ['cancelled before the cover starts: all of it', '2025-12-20', 80_000_00, 365, 80_000_00],
  ])('%s', (_label, cancelDate, premium, daysUnearned, amount) => {
    const refund = unearnedPremium({ premium, startDate: '2026-01-01', endDate: '2026-12-31', cancelDate });
    expect(refund.periodDays).toBe(365);
    expect(refund.daysUnearned).toBe(daysUnearned);
    expect(refund.amount).toBe(amount);
  });
});
