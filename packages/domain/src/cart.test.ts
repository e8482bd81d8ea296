import { describe, expect, it } from 'vitest';
import { cartPaySchema } from './cart';
import { cartReceiptPostings, postingProblem } from './ledger';

const members = [
  { id: 1, ref: 'INV-1', owed: 10_000 },
  { id: 2, ref: 'INV-2', owed: 30_000 },
];

describe('a cart receipt in the ledger', () => {
  it('pays the members in order, each at most what it owes, every posting balanced', () => {
    const { postings, allocations, toWallet } = cartReceiptPostings({
      paymentId: 7,
      userId: 'u',
      amount: 25_000,
      receipt: 'ABC',
      cartRef: 'CRT-1',
      members,
    });
    expect(allocations).toEqual([
      { invoiceId: 1, amount: 10_000 },
      { invoiceId: 2, amount: 15_000 },
    ]);
    expect(toWallet).toBe(0);
    expect(postings.map((posting) => posting.key)).toEqual([
      'mpesa-receipt:7:invoice:1',
      'mpesa-receipt:7:invoice:2',
    ]);
    for (const posting of postings) expect(postingProblem(posting)).toBeNull();
  });

  it('puts what no member owes in the wallet', () => {
    const { postings, allocations, toWallet } = cartReceiptPostings({
      paymentId: 8,
      userId: 'u',
      amount: 50_000,
      receipt: null,
      cartRef: 'CRT-1',
      members: [{ ...members[0]!, owed: 0 }, members[1]!],
    });
    expect(allocations).toEqual([{ invoiceId: 2, amount: 30_000 }]);
    expect(toWallet).toBe(20_000);
    expect(postings.at(-1)?.key).toBe('mpesa-receipt:8:wallet');
    const sum = postings
      .flatMap((posting) => posting.entries)
      .reduce((total, entry) => total + entry.amount, 0);
    expect(sum).toBe(0);
  });

  it('takes the phone as people type it', () => {
    expect(cartPaySchema.parse({ phone: '0712 345 678' })).toEqual({ phone: '254712345678' });
    expect(cartPaySchema.safeParse({ phone: '0812 345 678' }).success).toBe(false);
  });
});
