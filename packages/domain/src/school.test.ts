import { describe, expect, it } from 'vitest';
import { postingProblem } from './ledger';
import {
  sameStudentName,
  schoolLoanApplySchema,
  schoolMpesaReceiptPosting,
  schoolWalletPaymentPosting,
} from './school';

const invoice = { id: 7, ref: 'SFI-1', schoolId: 2, schoolName: 'Baobab (sample)' };

describe('school fees rules', () => {
  it('compares a child’s name as a school would', () => {
    expect(sameStudentName('achieng otieno', 'Achieng Wanjiru Otieno')).toBe(true);
    expect(sameStudentName('Otieno, Achieng Wanjiru', 'Achieng Wanjiru Otieno')).toBe(true);
    expect(sameStudentName('Achieng', 'Achieng Wanjiru Otieno')).toBe(false);
    expect(sameStudentName('Achieng Kamau', 'Achieng Wanjiru Otieno')).toBe(false);
    expect(sameStudentName('', 'Achieng')).toBe(false);
  });

  it('posts an M-Pesa receipt to the invoice and the school, the rest to the wallet, balanced', () => {
    const part = schoolMpesaReceiptPosting({
      paymentId: 1,
      userId: 'u',
      amount: 500_00,
      receipt: 'R',
      invoice,
      owed: 300_00,
    });
    expect(part.allocated).toBe(300_00);
    expect(part.toWallet).toBe(200_00);
    expect(postingProblem(part.posting)).toBeNull();
    expect(part.posting.entries).toContainEqual({
      account: { kind: 'school', schoolId: 2 },
      amount: -300_00,
    });
    const none = schoolMpesaReceiptPosting({
      paymentId: 2,
      userId: 'u',
      amount: 500_00,
      receipt: null,
      invoice,
      owed: 0,
    });
    expect(none.allocated).toBe(0);
    expect(postingProblem(none.posting)).toBeNull();
  });

  it('refuses wallet payments above the wallet or the balance', () => {
    const base = { key: 'k', userId: 'u', invoice };
    expect(
      schoolWalletPaymentPosting({ ...base, amount: 100_00, walletBalance: 50_00, owed: 200_00 }),
    ).toMatchObject({ ok: false, code: 'WALLET_INSUFFICIENT' });
    expect(
      schoolWalletPaymentPosting({ ...base, amount: 300_00, walletBalance: 500_00, owed: 200_00 }),
    ).toMatchObject({ ok: false, code: 'WALLET_ABOVE_BALANCE_DUE' });
    expect(
      schoolWalletPaymentPosting({ ...base, amount: 100_00, walletBalance: 500_00, owed: 0 }),
    ).toMatchObject({ ok: false, code: 'INVOICE_PAID' });
    const paid = schoolWalletPaymentPosting({ ...base, amount: 100_00, walletBalance: 500_00, owed: 200_00 });
    expect(paid.ok && postingProblem(paid.posting)).toBeNull();
  });

  it('takes 2 or 3 instalments only', () => {
    expect(schoolLoanApplySchema.safeParse({ invoiceRef: 'X', months: 3, acceptTerms: true }).success).toBe(
      true,
    );
    expect(schoolLoanApplySchema.safeParse({ invoiceRef: 'X', months: 4, acceptTerms: true }).success).toBe(
      false,
    );
  });
});
