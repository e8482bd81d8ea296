import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertBalanced,
  feesAccount,
  invoiceBilledPosting,
  LedgerBook,
  type LoanRef,
  lenderAccount,
  loanDisbursementPosting,
  loanFeePosting,
  loanFeeWaiverPosting,
  loanMpesaReceiptPosting,
  loanReturnPosting,
  loanWalletPaymentPosting,
  mpesaReceiptPosting,
  postingProblem,
  premiumDuePosting,
  premiumRefundToLenderPosting,
  refundAppliedToLoanPosting,
  refundPosting,
  underwriterAccount,
  walletPaymentPosting,
} from './ledger';
import { ledgerDescription } from './ledger-descriptions';
import {
  earlySettlement,
  instalmentStates,
  type LoanSchedule,
  loanSchedule,
  plusDays,
  unearnedPremium,
} from './loans';

describe('ledger postings', () => {
  it('refuses a posting that does not balance, has one entry, a zero or a fraction of a cent', () => {
    const a = { kind: 'mpesa_paybill' } as const;
    const b = { kind: 'refunds_paid' } as const;
    expect(postingProblem({ key: 'k', entries: [{ account: a, amount: 1 }] })).toMatch(/two or more/);
    expect(
      postingProblem({
        key: 'k',
        entries: [
          { account: a, amount: 2 },
          { account: b, amount: -1 },
        ],
      }),
    ).toMatch(/sum to 1/);
    expect(
      postingProblem({
        key: 'k',
        entries: [
          { account: a, amount: 0 },
          { account: b, amount: 0 },
        ],
      }),
    ).toMatch(/zero/);
    expect(
      postingProblem({
        key: 'k',
        entries: [
          { account: a, amount: 0.5 },
          { account: b, amount: -0.5 },
        ],
      }),
    ).toMatch(/integer cents/);
    expect(() => assertBalanced({ key: 'k', entries: [] })).toThrow(RangeError);
  });

  it('splits an M-Pesa receipt: what the invoice owes to it, the rest to the wallet', () => {
    const split = mpesaReceiptPosting({
      paymentId: 1,
      userId: 'u',
      amount: 10_000,
      receipt: 'R1',
      invoice: { id: 5, ref: 'INV-5', owed: 7_000 },
    });
    expect(split).toMatchObject({ allocated: 7_000, toWallet: 3_000 });
    expect(split.posting.entries).toHaveLength(3);
    const whole = mpesaReceiptPosting({
      paymentId: 2,
      userId: 'u',
      amount: 5_000,
      receipt: null,
      invoice: null,
    });
    expect(whole).toMatchObject({ allocated: 0, toWallet: 5_000 });
    expect(whole.posting.kind).toBe('wallet_topup');
  });

  it('refuses wallet payments of 0, cents, above the balance or above what the invoice owes', () => {
    const base = {
      key: 'w',
      userId: 'u',
      walletBalance: 50_000,
      invoice: { id: 1, ref: 'INV-1', owed: 30_000 },
    };
    expect(walletPaymentPosting({ ...base, amount: 0 })).toMatchObject({
      ok: false,
      refusal: { code: 'WALLET_AMOUNT_INVALID' },
    });
    expect(walletPaymentPosting({ ...base, amount: 150 })).toMatchObject({
      ok: false,
      refusal: { code: 'WALLET_AMOUNT_INVALID' },
    });
    expect(walletPaymentPosting({ ...base, amount: 60_000 })).toMatchObject({
      ok: false,
      refusal: { code: 'WALLET_INSUFFICIENT', message: 'Your wallet has KES 500: enter that much or less.' },
    });
    expect(walletPaymentPosting({ ...base, amount: 40_000 })).toMatchObject({
      ok: false,
      refusal: {
        code: 'WALLET_ABOVE_BALANCE_DUE',
        message: 'This invoice needs KES 300: enter that much or less.',
      },
    });
    expect(walletPaymentPosting({ ...base, amount: 30_000 })).toMatchObject({ ok: true });
  });
});

// ---------------------------------------------------------------- the property test

type Op =
  | { op: 'bill'; user: number; shillings: number }
  | { op: 'prompt'; user: number; invoice: number | null; shillings: number }
  | { op: 'success'; payment: number }
  | { op: 'failure'; payment: number }
  | { op: 'replay'; payment: number }
  | { op: 'walletPay'; user: number; invoice: number; shillings: number }
  | { op: 'refund'; user: number; shillings: number }
  | { op: 'loanApply'; user: number; invoice: number; months: number }
  | { op: 'loanPrompt'; loan: number; target: 'next' | 'settle' }
  | { op: 'loanWallet'; loan: number; target: 'next' | 'settle' }
  | { op: 'loanApprove'; loan: number }
  | { op: 'loanDecline'; loan: number }
  | { op: 'loanDefault'; loan: number }
  | { op: 'tick'; days: number };

const USERS = ['u-amina', 'u-baraka', 'u-chebet'];
const MAX_PER_PROMPT = 250_000 * 100;

/** Which invoice or payment an operation is about: `pick` modulo how many there are (so it always hits one). */
const pick = fc.nat({ max: 1_000 });
const shillings = fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 300_000 }));

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('bill' as const), user: fc.nat(2), shillings }) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('prompt' as const),
      user: fc.nat(2),
      invoice: fc.option(pick, { nil: null, freq: 3 }),
      shillings,
    }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('success' as const), payment: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('failure' as const), payment: pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('replay' as const), payment: pick }) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('walletPay' as const),
      user: fc.nat(2),
      invoice: pick,
      shillings: fc.oneof(fc.integer({ min: -10, max: 0 }), fc.integer({ min: 1, max: 2_000 }), shillings),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('refund' as const),
      user: fc.nat(2),
      shillings: fc.integer({ min: 0, max: 50_000 }),
    }),
  },
  // The loan engine: apply to finance an invoice, pay its first instalment, instalments or settle
  // (M-Pesa or wallet), the lender approves (pays the invoice) or declines, a default cancels the
  // policy with the unearned premium refunded to the lender; time passes.
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('loanApply' as const),
      user: fc.nat(2),
      invoice: pick,
      months: fc.integer({ min: 4, max: 10 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('loanPrompt' as const),
      loan: pick,
      target: fc.constantFrom('next' as const, 'settle' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('loanWallet' as const),
      loan: pick,
      target: fc.constantFrom('next' as const, 'settle' as const),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('loanApprove' as const), loan: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('loanDecline' as const), loan: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('loanDefault' as const), loan: pick }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('tick' as const), days: fc.integer({ min: 0, max: 45 }) }),
  },
);

interface ModelInvoice {
  id: number;
  userId: string;
  amount: number;
  status: 'UNPAID' | 'PAID';
}
interface ModelPayment {
  id: number;
  userId: string;
  invoiceId: number | null;
  loanId?: number;
  target?: 'next' | 'settle';
  amount: number;
  status: 'pending' | 'success' | 'failed';
}
interface ModelLoan {
  ref: LoanRef;
  invoiceId: number;
  schedule: LoanSchedule;
  status: 'AWAITING_DEPOSIT' | 'PENDING' | 'DECLINED' | 'WITHDRAWN' | 'ACTIVE' | 'SETTLED' | 'CANCELLED';
  /** What clients paid towards it (instalment credits), for the instalments' states. */
  paid: number;
}

const LENDER = 1;
const OPEN = ['AWAITING_DEPOSIT', 'PENDING', 'ACTIVE'];

/**
 * The service's decisions over the same posting rules, in memory: an invoice billed when made; a
 * prompt for the invoice's balance up to M-Pesa's limit (or any top-up); M-Pesa's answer applied as
 * settlePayment does (a failure only ends a pending payment; a success posts the receipt once, even
 * after a failure; a replay of a success changes nothing); the invoice paid and its premium made due
 * when it owes nothing; wallet payments and refunds refused as the service refuses them.
 */
class Model {
  readonly book = new LedgerBook();
  readonly invoices: ModelInvoice[] = [];
  readonly payments: ModelPayment[] = [];
  readonly loans: ModelLoan[] = [];
  private refunds = 0;
  private walletPayments = 0;
  private today = '2026-03-01';

  apply(op: Op) {
    switch (op.op) {
      case 'bill': {
        const invoice: ModelInvoice = {
          id: this.invoices.length + 1,
          userId: USERS[op.user]!,
          amount: op.shillings * 100,
          status: 'UNPAID',
        };
        this.invoices.push(invoice);
        this.book.post(
          invoiceBilledPosting({
            invoiceId: invoice.id,
            invoiceRef: `INV-${invoice.id}`,
            userId: invoice.userId,
            amount: invoice.amount,
          }),
        );
        return;
      }
      case 'prompt': {
        const invoice = op.invoice === null ? null : this.invoices[op.invoice % this.invoices.length];
        if (op.invoice !== null && !invoice) return;
        if (invoice) {
          // requestInvoicePayment: the balance up to the limit; refused when nothing is owed.
          const owed = invoice.status === 'PAID' ? 0 : this.book.invoiceOwed(invoice.id);
          const amount = Math.min(owed, MAX_PER_PROMPT);
          if (amount <= 0) return;
          this.payments.push({
            id: this.payments.length + 1,
            userId: invoice.userId,
            invoiceId: invoice.id,
            amount,
            status: 'pending',
          });
          return;
        }
        if (op.shillings * 100 > MAX_PER_PROMPT) return;
        this.payments.push({
          id: this.payments.length + 1,
          userId: USERS[op.user]!,
          invoiceId: null,
          amount: op.shillings * 100,
          status: 'pending',
        });
        return;
      }
      case 'failure': {
        const payment = this.payments[op.payment % Math.max(1, this.payments.length)];
        if (payment?.status === 'pending') payment.status = 'failed';
        return;
      }
      case 'success':
      case 'replay': {
        const payment = this.payments[op.payment % Math.max(1, this.payments.length)];
        if (!payment) return;
        if (payment.status === 'success') {
          // A replayed callback: settlePayment answers already-final and posts nothing.
          const before = this.snapshot();
          this.settle(payment);
          expect(this.snapshot()).toEqual(before);
          return;
        }
        this.settle(payment);
        return;
      }
      case 'walletPay': {
        // The user's own invoices only, as the service scopes them.
        const mine = this.invoices.filter((candidate) => candidate.userId === USERS[op.user]);
        const invoice = mine[op.invoice % Math.max(1, mine.length)];
        if (!invoice) return;
        this.walletPayments += 1;
        const owed = invoice.status === 'PAID' ? 0 : this.book.invoiceOwed(invoice.id);
        const decided = walletPaymentPosting({
          key: `wallet-payment:${this.walletPayments}`,
          userId: invoice.userId,
          amount: op.shillings * 100,
          walletBalance: this.book.walletBalance(invoice.userId),
          invoice: { id: invoice.id, ref: `INV-${invoice.id}`, owed },
        });
        if (!decided.ok) return;
        this.book.post(decided.posting);
        if (owed - op.shillings * 100 <= 0) this.complete(invoice);
        return;
      }
      case 'refund': {
        const userId = USERS[op.user]!;
        this.refunds += 1;
        const decided = refundPosting({
          key: `refund:${this.refunds}`,
          userId,
          amount: op.shillings * 100,
          walletBalance: this.book.walletBalance(userId),
          description: ledgerDescription('walletRefund', { amount: op.shillings * 100, receipt: 'RCP' }),
        });
        if (decided.ok) this.book.post(decided.posting);
        return;
      }
      case 'tick':
        this.today = plusDays(this.today, op.days);
        return;
      case 'loanApply': {
        // applyIpf: the client's own unpaid invoice, nothing paid on it, no open application.
        const mine = this.invoices.filter((candidate) => candidate.userId === USERS[op.user]);
        const invoice = mine[op.invoice % Math.max(1, mine.length)];
        if (!invoice || invoice.status === 'PAID' || this.book.invoicePaid(invoice.id) > 0) return;
        if (this.loans.some((loan) => loan.invoiceId === invoice.id && OPEN.includes(loan.status))) return;
        if (invoice.amount < 1_000 * 100) return;
        const id = this.loans.length + 1;
        this.loans.push({
          ref: { id, ref: `LN-${id}`, userId: invoice.userId, lenderId: LENDER },
          invoiceId: invoice.id,
          schedule: loanSchedule({
            principal: invoice.amount,
            band: {
              minPrincipal: 0,
              maxPrincipal: null,
              months: op.months,
              facilityFee: null,
              monthlyRatePpm: 16_700,
            },
            startDate: this.today,
          }),
          status: 'AWAITING_DEPOSIT',
          paid: 0,
        });
        return;
      }
      case 'loanPrompt': {
        const loan = this.loans[op.loan % Math.max(1, this.loans.length)];
        if (!loan) return;
        const amount = this.dueOn(loan, op.target);
        if (amount <= 0 || amount > MAX_PER_PROMPT) return;
        this.payments.push({
          id: this.payments.length + 1,
          userId: loan.ref.userId,
          invoiceId: null,
          loanId: loan.ref.id,
          target: op.target,
          amount,
          status: 'pending',
        });
        return;
      }
      case 'loanWallet': {
        const loan = this.loans[op.loan % Math.max(1, this.loans.length)];
        if (!loan) return;
        this.walletPayments += 1;
        const amount = this.dueOn(loan, op.target);
        const decided = loanWalletPaymentPosting({
          key: `loan-wallet:${this.walletPayments}`,
          loan: loan.ref,
          amount,
          walletBalance: this.book.walletBalance(loan.ref.userId),
          isDeposit: loan.status === 'AWAITING_DEPOSIT',
        });
        if (!decided.ok) return;
        this.book.post(decided.posting);
        this.afterLoanPayment(loan, amount, op.target);
        return;
      }
      case 'loanApprove': {
        const loan = this.loans[op.loan % Math.max(1, this.loans.length)];
        if (loan?.status !== 'PENDING') return;
        const invoice = this.invoices[loan.invoiceId - 1]!;
        const owed = invoice.status === 'PAID' ? 0 : this.book.invoiceOwed(invoice.id);
        if (owed !== loan.schedule.principal) {
          // Paid another way meanwhile: the application is withdrawn, its first instalment returned.
          this.returnDeposit(loan, 'WITHDRAWN');
          return;
        }
        this.book.post(
          loanDisbursementPosting({
            loan: loan.ref,
            lenderName: 'Lender',
            invoice: { id: invoice.id, ref: `INV-${invoice.id}` },
            amount: owed,
          }),
        );
        this.book.post(loanFeePosting({ loan: loan.ref, amount: loan.schedule.fee }));
        this.complete(invoice);
        loan.status = 'ACTIVE';
        return;
      }
      case 'loanDecline': {
        const loan = this.loans[op.loan % Math.max(1, this.loans.length)];
        if (loan?.status !== 'PENDING' && loan?.status !== 'AWAITING_DEPOSIT') return;
        this.returnDeposit(loan, 'DECLINED');
        return;
      }
      case 'loanDefault': {
        const loan = this.loans[op.loan % Math.max(1, this.loans.length)];
        if (loan?.status !== 'ACTIVE') return;
        const owed = this.book.loanOwed(loan.ref.id, loan.ref.userId);
        const { waivedFee } = earlySettlement({
          instalments: loan.schedule.instalments,
          paidTotal: loan.paid,
          outstanding: owed,
          today: this.today,
        });
        if (waivedFee > 0)
          this.book.post(
            loanFeeWaiverPosting({
              key: `loan-waiver:${loan.ref.id}`,
              loan: loan.ref,
              amount: waivedFee,
              why: 'policyCancelled',
            }),
          );
        const start = loan.schedule.instalments[0]!.dueDate;
        const refund = unearnedPremium({
          premium: loan.schedule.principal,
          startDate: start,
          endDate: plusDays(start, 364),
          cancelDate: this.today,
        });
        if (refund.amount > 0) {
          this.book.post(
            premiumRefundToLenderPosting({
              policyId: loan.invoiceId,
              policyNumber: `POL-${loan.invoiceId}`,
              loan: loan.ref,
              lenderName: 'Lender',
              underwriterId: 'apa',
              amount: refund.amount,
            }),
          );
          this.book.post(
            refundAppliedToLoanPosting({
              loan: loan.ref,
              lenderName: 'Lender',
              amount: refund.amount,
              owed: this.book.loanOwed(loan.ref.id, loan.ref.userId),
            }).posting,
          );
        }
        loan.status = 'CANCELLED';
        return;
      }
    }
  }

  /** What the loan service asks for: the first instalment, the next amount due, or the early settlement. */
  private dueOn(loan: ModelLoan, target: 'next' | 'settle'): number {
    const owed = this.book.loanOwed(loan.ref.id, loan.ref.userId);
    if (loan.status === 'AWAITING_DEPOSIT') return loan.schedule.instalments[0]!.amount + owed;
    if (loan.status !== 'ACTIVE') return 0;
    if (target === 'settle')
      return earlySettlement({
        instalments: loan.schedule.instalments,
        paidTotal: loan.paid,
        outstanding: owed,
        today: this.today,
      }).amount;
    const next = instalmentStates(loan.schedule.instalments, loan.paid, this.today).find(
      (instalment) => instalment.outstanding > 0,
    );
    return Math.min(owed, next?.outstanding ?? 0);
  }

  /** After money reached a loan: the first instalment moves it to the lender; paying it off settles it. */
  private afterLoanPayment(loan: ModelLoan, allocated: number, target: 'next' | 'settle') {
    loan.paid += allocated;
    const owed = this.book.loanOwed(loan.ref.id, loan.ref.userId);
    if (loan.status === 'AWAITING_DEPOSIT' && -owed >= loan.schedule.instalments[0]!.amount)
      loan.status = 'PENDING';
    if (loan.status !== 'ACTIVE') return;
    if (target === 'settle' && owed > 0) {
      // The rule as it stood before this payment: a payment that covered it settles the loan.
      const before = earlySettlement({
        instalments: loan.schedule.instalments,
        paidTotal: loan.paid - allocated,
        outstanding: owed + allocated,
        today: this.today,
      });
      const waivedFee = Math.min(before.waivedFee, owed);
      if (allocated >= before.amount && waivedFee > 0)
        this.book.post(
          loanFeeWaiverPosting({
            key: `loan-waiver:${loan.ref.id}`,
            loan: loan.ref,
            amount: waivedFee,
            why: 'settledEarly',
          }),
        );
    }
    if (this.book.loanOwed(loan.ref.id, loan.ref.userId) === 0) loan.status = 'SETTLED';
  }

  private returnDeposit(loan: ModelLoan, status: 'DECLINED' | 'WITHDRAWN') {
    const held = -this.book.loanOwed(loan.ref.id, loan.ref.userId);
    if (held > 0)
      this.book.post(
        loanReturnPosting({
          loan: loan.ref,
          amount: held,
          why: status === 'DECLINED' ? 'declined' : 'withdrawn',
        }),
      );
    loan.status = status;
  }

  /** settlePayment's success branch. */
  private settle(payment: ModelPayment) {
    if (payment.loanId !== undefined) {
      this.settleLoanPayment(payment);
      return;
    }
    const wasSuccess = payment.status === 'success';
    const invoice = payment.invoiceId === null ? null : this.invoices[payment.invoiceId - 1]!;
    const owed = !invoice || invoice.status === 'PAID' ? 0 : this.book.invoiceOwed(invoice.id);
    const { posting, allocated } = mpesaReceiptPosting({
      paymentId: payment.id,
      userId: payment.userId,
      amount: payment.amount,
      receipt: `R${payment.id}`,
      invoice: invoice ? { id: invoice.id, ref: `INV-${invoice.id}`, owed } : null,
    });
    if (wasSuccess) {
      // The service stops before posting; posting the same key again must change nothing as well.
      expect(this.book.post(posting)).toBe(false);
      return;
    }
    payment.status = 'success';
    this.book.post(posting);
    if (invoice && invoice.status === 'UNPAID' && allocated > 0 && owed - allocated <= 0)
      this.complete(invoice);
  }

  /** settlePayment for a loan's payment: what the loan needs now goes to it, the rest to the wallet. */
  private settleLoanPayment(payment: ModelPayment) {
    const loan = this.loans[payment.loanId! - 1]!;
    const wasSuccess = payment.status === 'success';
    const due = wasSuccess ? 0 : Math.max(0, this.dueOn(loan, payment.target!));
    const { posting, allocated } = loanMpesaReceiptPosting({
      paymentId: payment.id,
      loan: loan.ref,
      amount: payment.amount,
      receipt: `R${payment.id}`,
      due,
      isDeposit: loan.status === 'AWAITING_DEPOSIT',
    });
    if (wasSuccess) {
      expect(this.book.post(posting)).toBe(false);
      return;
    }
    payment.status = 'success';
    this.book.post(posting);
    if (allocated > 0) this.afterLoanPayment(loan, allocated, payment.target!);
  }

  private complete(invoice: ModelInvoice) {
    invoice.status = 'PAID';
    this.book.post(
      premiumDuePosting({
        invoiceId: invoice.id,
        invoiceRef: `INV-${invoice.id}`,
        userId: invoice.userId,
        underwriterId: 'apa',
        amount: invoice.amount,
      }),
    );
  }

  snapshot() {
    return {
      wallets: USERS.map((user) => this.book.walletBalance(user)),
      invoices: this.invoices.map((invoice) => [
        this.book.invoicePaid(invoice.id),
        this.book.invoiceOwed(invoice.id),
      ]),
      postings: this.book.postings.size,
    };
  }

  checkInvariants() {
    for (const posting of this.book.postings.values()) expect(postingProblem(posting)).toBeNull();
    expect(this.book.total()).toBe(0);
    for (const user of USERS) expect(this.book.walletBalance(user)).toBeGreaterThanOrEqual(0);
    for (const invoice of this.invoices) {
      const paid = this.book.invoicePaid(invoice.id);
      expect(paid).toBeLessThanOrEqual(invoice.amount);
      expect(paid + this.book.invoiceOwed(invoice.id)).toBe(invoice.amount);
      // PAID exactly when nothing is owed (whatever paid it).
      expect(invoice.status === 'PAID').toBe(this.book.invoiceOwed(invoice.id) === 0);
    }
    for (const loan of this.loans) {
      const owed = this.book.loanOwed(loan.ref.id, loan.ref.userId);
      const deposit = loan.schedule.instalments[0]!.amount;
      const label = `${loan.ref.ref} ${loan.status}`;
      if (loan.status === 'AWAITING_DEPOSIT') expect(-owed, label).toBeLessThan(deposit);
      if (loan.status === 'PENDING') expect(-owed, label).toBe(deposit);
      if (loan.status === 'DECLINED' || loan.status === 'WITHDRAWN' || loan.status === 'SETTLED')
        expect(owed, label).toBe(0);
      if (loan.status === 'ACTIVE') {
        expect(owed, label).toBeGreaterThan(0);
        expect(owed, label).toBeLessThanOrEqual(loan.schedule.totalRepayable - deposit);
        // A loan pays its invoice: ACTIVE means the invoice is paid.
        expect(this.invoices[loan.invoiceId - 1]!.status).toBe('PAID');
      }
      if (loan.status === 'CANCELLED') expect(owed, label).toBeGreaterThanOrEqual(0);
    }
    // The lender's refunds pass straight to its loans; fees are never negative; an insurer never
    // refunds more than it was due.
    expect(this.book.sum(lenderAccount(LENDER))).toBe(0);
    expect(this.book.sum(feesAccount(LENDER))).toBeLessThanOrEqual(0);
    expect(this.book.sum(underwriterAccount('apa'))).toBeLessThanOrEqual(0);
    // Money is never created: what M-Pesa brought equals what sits in wallets, invoices, premiums and refunds.
    const paybill = this.book.sum({ kind: 'mpesa_paybill' });
    const successful = this.payments.filter((payment) => payment.status === 'success');
    expect(paybill).toBe(successful.reduce((sum, payment) => sum + payment.amount, 0));
  }
}

describe('ledger property: random sequences of money movements', () => {
  it('keeps every transaction balanced, no wallet below 0, no invoice paid beyond its total, loans consistent, and replays inert (1,000 sequences)', () => {
    fc.assert(
      fc.property(fc.array(opArbitrary, { minLength: 1, maxLength: 60, size: 'medium' }), (ops) => {
        const model = new Model();
        for (const op of [{ op: 'bill', user: 0, shillings: 60_000 } as Op, ...ops]) {
          model.apply(op);
          model.checkInvariants();
        }
      }),
      { numRuns: 1_000 },
    );
  }, 60_000);
});
