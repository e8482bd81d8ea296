import type { PolicyMonthly } from '@bima/domain/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MonthlyPayments, STANDING_ORDER_POLL_MS, whileStandingOrderPending } from './monthly-payments';

const months = Array.from({ length: 12 }, (_, index) => ({
  monthNo: index + 1,
  from: `2027-${String(index + 1).padStart(2, '0')}-01`,
  to: `2027-${String(index + 1).padStart(2, '0')}-28`,
  amount: 550_000,
  status: (index === 0 ? 'paid' : 'upcoming') as PolicyMonthly['months'][number]['status'],
  invoiceSystemRef: index < 2 ? `INV-${index + 1}` : null,
  paidAt: null,
  coveredFrom: index === 0 ? '2027-01-01' : null,
}));

const monthly = (overrides: Partial<PolicyMonthly> = {}): PolicyMonthly => ({
  instalments: 12,
  firstAmount: 550_000,
  monthlyAmount: 550_000,
  total: 6_600_000,
  payAtOnce: 6_000_000,
  extra: 600_000,
  loadingBps: 1_000,
  graceDays: 14,
  state: 'current',
  paidMonths: 1,
  months,
  nextDue: {
    monthNo: 2,
    dueDate: '2027-02-01',
    amount: 550_000,
    balance: 550_000,
    invoiceSystemRef: 'INV-2',
  },
  graceUntil: '2027-02-15',
  standingOrder: null,
  rule: 'Cover runs month by month.',
  ...overrides,
});

function render(view: PolicyMonthly, paidUntil = '2027-01-28') {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MonthlyPayments policyId={7} monthly={view} paidUntil={paidUntil} queryKey={['policy', 7]} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('MonthlyPayments', () => {
  it('shows months paid of 12, paid until, the next due with Pay now on its invoice, and the months', () => {
    const html = render(monthly());
    expect(html).toContain('Monthly payments');
    expect(html).toContain('1 of 12');
    expect(html).toContain('28 January 2027');
    expect(html).toContain('Month 2 of 12: KES 5,500 due on 1 February 2027');
    expect(html).toContain('href="/newportal/invoice/INV-2"');
    expect(html).toContain('Month 12 of 12');
    expect(html).toContain('Set up M-Pesa standing order');
    expect(html).toContain('Cover runs month by month.');
  });

  it('says the cover stopped and what to pay by when, while lapsed', () => {
    const html = render(monthly({ state: 'lapsed' }));
    expect(html).toContain(
      'Your cover stopped at the end of 28 January 2027: month 2 was not paid by its due date.',
    );
    expect(html).toContain('Pay KES 5,500 by 15 February 2027 to resume your cover');
    expect(html).toContain('Pay now');
  });

  it('says the cover ended and offers no payment once cancelled', () => {
    const html = render(monthly({ state: 'cancelled' }));
    expect(html).toContain(
      'Your cover ended on 28 January 2027: month 2 was not paid within the grace days.',
    );
    expect(html).not.toContain('Pay now');
    expect(html).not.toContain('Set up M-Pesa standing order');
  });

  it("shows the standing order's state: waiting for approval, active with Stop", () => {
    const order = {
      reference: 'BIMA7',
      phone: '2547•••••678',
      amount: 550_000,
      startDate: '2027-02-01',
      endDate: '2027-12-31',
      nextDebitOn: '2027-02-01',
      resultDesc: null,
      cancelledBy: null,
      createdAt: '2027-01-02T08:00:00.000Z',
    };
    const pending = render(monthly({ standingOrder: { ...order, status: 'pending' } }));
    expect(pending).toContain('Waiting for your approval on 2547•••••678');
    expect(pending).not.toContain('Stop the standing order');
    const active = render(monthly({ standingOrder: { ...order, status: 'active' } }));
    expect(active).toContain(
      'Active: M-Pesa pays KES 5,500 from 2547•••••678 on each due date. Next debit on 1 February 2027.',
    );
    expect(active).toContain('Stop the standing order');
    const stopped = render(
      monthly({ standingOrder: { ...order, status: 'cancelled', cancelledBy: 'client' } }),
    );
    expect(stopped).toContain('End it also in your M-Pesa menu');
    expect(stopped).toContain('Set up M-Pesa standing order');
  });
});

describe('whileStandingOrderPending', () => {
  it('asks again soon while the standing order waits for approval, else as otherwise', () => {
    const interval = whileStandingOrderPending(() => 60_000);
    const query = (status: string | null) => ({
      state: { data: { monthly: status ? { standingOrder: { status } } : null } },
    });
    expect(interval(query('pending'))).toBe(STANDING_ORDER_POLL_MS);
    expect(interval(query('active'))).toBe(60_000);
    expect(interval(query(null))).toBe(60_000);
  });
});
