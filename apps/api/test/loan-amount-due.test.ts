import { describe, expect, it } from 'vitest';
import { amountDue } from '../src/modules/loan/service';

const instalments = [1, 2, 3, 4].map((number) => ({
  number,
  dueDate: `2026-0${number}-10`,
  amount: 10_000_00,
  principal: 9_500_00,
  fee: 500_00,
}));

describe('amountDue', () => {
  it('asks a cancelled loan for the balance its refund did not cover, whatever the target', () => {
    const money = { owed: 3_250_00, paid: 20_000_00 };
    for (const target of ['next', 'settle'] as const) {
      expect(amountDue({ status: 'CANCELLED' }, instalments, money, target, '2026-06-01')).toBe(3_250_00);
    }
  });

  it('asks nothing of a cancelled loan the refund covered, or of a settled, declined or withdrawn one', () => {
    expect(
      amountDue({ status: 'CANCELLED' }, instalments, { owed: 0, paid: 20_000_00 }, 'next', '2026-06-01'),
    ).toBe(0);
    expect(
      amountDue({ status: 'CANCELLED' }, instalments, { owed: -5_00, paid: 20_000_00 }, 'next', '2026-06-01'),
    ).toBe(0);
    for (const status of ['SETTLED', 'DECLINED', 'WITHDRAWN', 'PENDING'] as const) {
      expect(amountDue({ status }, instalments, { owed: 1_000_00, paid: 0 }, 'next', '2026-06-01')).toBe(0);
    }
  });

  it('asks an active loan for the next instalment’s unpaid part', () => {
    expect(
      amountDue(
        { status: 'ACTIVE' },
        instalments,
        { owed: 30_000_00, paid: 12_000_00 },
        'next',
        '2026-02-01',
      ),
    ).toBe(8_000_00);
  });
});
