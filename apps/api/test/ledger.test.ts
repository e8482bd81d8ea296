import { invoiceAccount, ledgerDescription, walletAccount } from '@bima/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimSettlements,
  invoices,
  ledgerEntries,
  ledgerTransactions,
  payments,
  policies,
  unallocatedReceipts,
} from '../src/db/schema';
import { backfillLedger } from '../src/modules/ledger/backfill';
import { accountSums, post, walletBalance } from '../src/modules/ledger/service';
import { accidentClaim, approveThroughDesk, deskHeaders, policyFor } from './claims-helpers';
import { buildListeningTestApp, rowsOf, type TestContext } from './helpers';
import {
  invoiceFor,
  MPESA_TEST_ENV,
  newSignedInClient,
  PAYS,
  pay,
  waitSucceeded,
  waitUntil,
} from './purchase-helpers';
import { type Headers, SAMPLE, send, signInAs } from './staff-helpers';

describe('ledger: double entry, idempotency, wallet, statement', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;
  beforeAll(async () => {
    ctx = await buildListeningTestApp({ ...MPESA_TEST_ENV, MPESA_SIMULATOR_B2C_DELAY_MS: '40' });
  });
  afterAll(() => ctx.app.close());

  const client = () => newSignedInClient(ctx);

  const act = (path: string, data: unknown, headers: Headers) => send(ctx, path, data, headers);

  /** A database refusal, whose reason Drizzle keeps as the cause of its own error. */
  async function refused(work: Promise<unknown>, reason: RegExp) {
    const error = await work.then(
      () => null,
      (caught: unknown) => caught as Error & { cause?: Error },
    );
    expect(error, 'the database accepted it').not.toBeNull();
    expect(`${error!.message} ${error!.cause?.message ?? ''}`).toMatch(reason);
  }

  const waitPaid = (paymentRef: string) => waitSucceeded(ctx, paymentRef, 10_000);

  /** Tops the wallet up by `amount` shillings (sent in cents) through the simulator and waits for the money. */
  async function topUp(headers: Headers, amount: number) {
    const started = await act('client/wallet/topUp', { amount: amount * 100, phone: PAYS }, headers);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await waitPaid(started.body.result.data.paymentRef);
    return started.body.result.data.paymentRef as string;
  }

  async function invoiceView(headers: Headers, invoiceSystemRef: string) {
    const answer = await act('client/invoice/getInvoice', { invoiceSystemRef }, headers);
    expect(answer.status).toBe(200);
    return answer.body.result.data;
  }

  /** Every transaction sums to zero and has two or more entries; so does the whole book. */
  async function expectBalancedBook() {
    const unbalanced = await rowsOf(
      db().execute(
        sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0 or count(*) < 2`,
      ),
    );
    expect(unbalanced).toHaveLength(0);
    const [total] = await rowsOf<{ total: string }>(
      db().execute(sql`select coalesce(sum(amount), 0)::text as total from ledger_entries`),
    );
    expect(total!.total).toBe('0');
  }

  describe('the database guards the ledger', () => {
    it('refuses to update, delete or truncate entries and transactions', async () => {
      await db().transaction(async (tx) => {
        await post(tx, {
          key: 'test:guard',
          kind: 'refund',
          description: ledgerDescription('walletRefund', { amount: 500, receipt: 'GUARD' }),
          userId: null,
          entries: [
            { account: { kind: 'mpesa_paybill' }, amount: 500 },
            { account: { kind: 'refunds_paid' }, amount: -500 },
          ],
        });
      });
      const [row] = await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.key, 'test:guard'));
      await refused(
        db().execute(sql`update ledger_entries set amount = 1 where transaction_id = ${row!.id}`),
        /append-only/,
      );
      await refused(
        db().execute(sql`delete from ledger_entries where transaction_id = ${row!.id}`),
        /append-only/,
      );
      await refused(
        db().execute(sql`update ledger_transactions set description = 'x' where id = ${row!.id}`),
        /append-only/,
      );
      await refused(db().execute(sql`delete from ledger_transactions where id = ${row!.id}`), /append-only/);
      await refused(db().execute(sql`truncate ledger_entries, ledger_transactions`), /append-only/);
      expect(
        await db().select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, row!.id)),
      ).toHaveLength(2);
    });

    it('refuses at commit a transaction whose entries do not sum to zero, or with one entry', async () => {
      const insertRaw = (key: string, amounts: number[]) =>
        db().transaction(async (tx) => {
          const [made] = await tx
            .insert(ledgerTransactions)
            .values({ key, kind: 'refund', description: 'raw' })
            .returning();
          const [account] = await rowsOf<{ id: number }>(
            tx.execute(sql`select id from ledger_accounts where code = 'mpesa_paybill'`),
          );
          for (const amount of amounts)
            await tx
              .insert(ledgerEntries)
              .values({ transactionId: made!.id, accountId: account!.id, amount });
        });
      await refused(insertRaw('test:unbalanced', [100, -99]), /unbalanced/);
      await refused(insertRaw('test:single', [100]), /unbalanced/);
      await refused(insertRaw('test:empty', []), /unbalanced/);
      expect(
        await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.key, 'test:unbalanced')),
      ).toHaveLength(0);
      // A balanced one written the same way commits.
      await insertRaw('test:balanced', [100, -100]);
    });

    it('refuses at commit a wallet left overdrawn, whatever the code did', async () => {
      const { userId } = await client();
      await refused(
        db().transaction(async (tx) => {
          await post(tx, {
            key: `test:overdraw:${userId}`,
            kind: 'refund',
            description: ledgerDescription('walletRefund', { amount: 100, receipt: 'OVERDRAW' }),
            userId,
            entries: [
              { account: walletAccount(userId), amount: 100 },
              { account: { kind: 'refunds_paid' }, amount: -100 },
            ],
          });
        }),
        /overdrawn/,
      );
      expect(await walletBalance(db(), userId)).toBe(0);
    });

    it('posts a key once: the same posting again changes nothing', async () => {
      const posting = {
        key: 'test:once',
        kind: 'refund' as const,
        description: ledgerDescription('walletRefund', { amount: 700, receipt: 'ONCE' }),
        userId: null,
        entries: [
          { account: { kind: 'mpesa_paybill' as const }, amount: 700 },
          { account: { kind: 'refunds_paid' as const }, amount: -700 },
        ],
      };
      const first = await db().transaction((tx) => post(tx, posting));
      const second = await db().transaction((tx) => post(tx, posting));
      expect(first.created).toBe(true);
      expect(second).toEqual({ transactionId: first.transactionId, created: false });
      expect(
        await db().select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, first.transactionId)),
      ).toHaveLength(2);
    });
  });

  describe('money moved by M-Pesa', () => {
    it('bills the invoice, puts the M-Pesa payment towards it and makes the premium payable to the insurer', async () => {
      const { headers, userId } = await client();
      const invoice = await invoiceFor(ctx, headers);
      const [row] = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef));
      const owed = await accountSums(db(), [invoiceAccount(row!.id)]);
      expect(owed.get(`invoice:${row!.id}`)).toBe(invoice.amount);

      const started = await pay(ctx, headers, invoice.invoiceSystemRef, PAYS);
      await waitPaid(started.json().result.data.paymentRef);
      const view = await invoiceView(headers, invoice.invoiceSystemRef);
      expect(view).toMatchObject({ status: 'PAID', amountPaid: invoice.amount, balance: 0, amountDueNow: 0 });
      const kinds = await db()
        .select({ kind: ledgerTransactions.kind, key: ledgerTransactions.key })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.invoiceId, row!.id));
      expect(kinds.map((k) => k.kind).sort()).toEqual(['invoice_billed', 'mpesa_receipt', 'premium_due']);
      const apa = await accountSums(db(), [{ kind: 'underwriter', underwriterId: 'apa' }]);
      expect(apa.get('underwriter:apa')).toBeLessThanOrEqual(-invoice.amount);
      expect(await walletBalance(db(), userId)).toBe(0);
      await expectBalancedBook();
    });

    it('changes nothing when the same callback comes twice (06)', async () => {
      const { headers } = await client();
      const invoice = await invoiceFor(ctx, headers);
      const started = await pay(ctx, headers, invoice.invoiceSystemRef, '254712345606');
      const row = await waitPaid(started.json().result.data.paymentRef);
      // Give the second callback time to arrive, then replay it once more by hand.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const replay = await ctx.app.inject({
        method: 'POST',
        url: `/v2/api/mpesa/callback/${ctx.app.services.mpesa.callbackSecret}`,
        payload: {
          Body: {
            stkCallback: {
              MerchantRequestID: row.merchantRequestId,
              CheckoutRequestID: row.checkoutRequestId,
              ResultCode: 0,
              ResultDesc: 'The service request is processed successfully.',
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: row.amount / 100 },
                  { Name: 'MpesaReceiptNumber', Value: row.receiptNumber },
                  { Name: 'PhoneNumber', Value: 254712345606 },
                ],
              },
            },
          },
        },
      });
      expect(replay.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const receipts = await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.paymentId, row.id));
      expect(receipts).toHaveLength(1);
      expect(await invoiceView(headers, invoice.invoiceSystemRef)).toMatchObject({
        amountPaid: invoice.amount,
        balance: 0,
      });
      await expectBalancedBook();
    });

    it('credits money for an invoice already paid to the wallet; staff refund it out of the wallet once', async () => {
      const { headers, userId } = await client();
      const invoice = await invoiceFor(ctx, headers);
      const [row] = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef));
      // Two prompts for the same balance: the second finds the invoice paid (a second prompt after the first's life).
      const first = await pay(ctx, headers, invoice.invoiceSystemRef, '254712345605');
      const firstRef = first.json().result.data.paymentRef;
      await db()
        .update(payments)
        .set({ createdAt: new Date(Date.now() - 120_000) })
        .where(eq(payments.paymentSystemRef, firstRef));
      const second = await pay(ctx, headers, invoice.invoiceSystemRef, PAYS);
      await waitPaid(second.json().result.data.paymentRef);
      await waitPaid(firstRef);
      expect(await walletBalance(db(), userId)).toBe(invoice.amount);
      const [receipt] = await db()
        .select()
        .from(unallocatedReceipts)
        .where(eq(unallocatedReceipts.invoiceId, row!.id));
      expect(receipt).toMatchObject({ amount: invoice.amount, status: 'OPEN' });
      const wallet = await act('client/wallet/getWallet', {}, headers);
      expect(wallet.body.result.data.balance).toBe(invoice.amount);

      const { headers: admin } = await signInAs(ctx, SAMPLE.admin);
      const input = {
        receiptSystemRef: receipt!.receiptSystemRef,
        resolution: 'REFUNDED',
        note: 'Sent back by B2C QX1',
      };
      const resolved = await act('payments/unallocatedReceipt/resolveReceipt', input, admin);
      expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
      expect(await walletBalance(db(), userId)).toBe(0);
      expect((await act('payments/unallocatedReceipt/resolveReceipt', input, admin)).status).toBe(409);
      const refunds = await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.key, `refund:receipt:${receipt!.id}`));
      expect(refunds).toHaveLength(1);
      await expectBalancedBook();
    });
  });

  describe('claims paid', () => {
    it('posts a claim paid to a garage and one paid by M-Pesa B2C, once each', async () => {
      const { headers } = await client();
      const policyNumber = await policyFor(ctx, headers);
      const desk = await deskHeaders(ctx);
      const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
      const claimIds: number[] = [];
      for (const place of ['Waiyaki Way, Nairobi', 'Thika Road, Nairobi']) {
        const reported = await act(
          'client/claim/reportClaim',
          accidentClaim(policyNumber, today, { place }),
          headers,
        );
        expect(reported.status, JSON.stringify(reported.body)).toBe(200);
        claimIds.push(reported.body.result.data.id);
        await approveThroughDesk(ctx, desk, reported.body.result.data.id);
      }
      const [garageClaim, mpesaClaim] = claimIds as [number, number];
      const garage = await act(
        'claims/desk/settleClaim',
        { id: garageClaim, method: 'garage', garageName: 'Westlands Auto', reference: 'GRG-001' },
        desk,
      );
      expect(garage.status, JSON.stringify(garage.body)).toBe(200);
      const mpesa = await act(
        'claims/desk/settleClaim',
        { id: mpesaClaim, method: 'mpesa', phone: PAYS },
        desk,
      );
      expect(mpesa.status, JSON.stringify(mpesa.body)).toBe(200);
      await waitUntil(
        async () => (await act('claims/desk/getClaim', { id: mpesaClaim }, desk)).body.result.data.status,
        (status) => status === 'SETTLED',
        10_000,
      );
      const payouts = await db()
        .select({ key: ledgerTransactions.key, reference: ledgerTransactions.reference })
        .from(ledgerTransactions)
        .innerJoin(
          claimSettlements,
          sql`${ledgerTransactions.key} = 'claim-payout:' || ${claimSettlements.id}`,
        )
        .where(inArray(claimSettlements.claimId, claimIds));
      expect(payouts).toHaveLength(2);
      expect(payouts.map((row) => row.reference)).toContain('GRG-001');
      const sums = await accountSums(db(), [
        { kind: 'claim_payouts_garage' },
        { kind: 'claim_payouts_mpesa' },
        { kind: 'claims', underwriterId: 'apa' },
      ]);
      expect(sums.get('claim_payouts_garage')).toBeLessThanOrEqual(-175_000 * 100);
      expect(sums.get('claim_payouts_mpesa')).toBeLessThanOrEqual(-175_000 * 100);
      await expectBalancedBook();
    });
  });

  describe('the wallet', () => {
    it('tops up through the simulator and lists the movement with the balance after it', async () => {
      const { headers } = await client();
      await topUp(headers, 1_500);
      const wallet = await act('client/wallet/getWallet', {}, headers);
      expect(wallet.body.result.data).toMatchObject({ balance: 1_500_00, maxTopUp: 250_000_00 });
      const list = await act('client/wallet/listTransactions', { page: 1, pageSize: 10 }, headers);
      expect(list.body.result.data).toMatchObject({ balance: 1_500_00, total: 1, totalPages: 1 });
      expect(list.body.result.data.items[0]).toMatchObject({
        kind: 'wallet_topup',
        amount: 1_500_00,
        balanceAfter: 1_500_00,
        reference: expect.stringMatching(/^[A-Z0-9]{10}$/),
      });
      const notifications = await act(
        'client/notification/listNotifications',
        { page: 1, pageSize: 5 },
        headers,
      );
      if (notifications.status === 200)
        expect(JSON.stringify(notifications.body)).toContain('in your wallet');
    });

    it('refuses top-ups of 0, text, cents or above the M-Pesa limit with the reason on the amount', async () => {
      const { headers } = await client();
      const cases: Array<[unknown, RegExp]> = [
        [0, /more than 0/],
        ['abc', /in numbers/],
        [undefined, /Enter an amount/],
        [10.5, /in numbers/],
        [1_050, /whole shillings/],
        [250_001_00, /at most KES 250,000/],
      ];
      for (const [amount, message] of cases) {
        const answer = await act('client/wallet/topUp', { amount, phone: PAYS }, headers);
        expect(answer.status, String(amount)).toBe(400);
        expect(answer.body.errors).toEqual(
          expect.arrayContaining([{ field: 'amount', message: expect.stringMatching(message) }]),
        );
      }
    });

    it('pays half an invoice from the wallet and half by M-Pesa: the policy is issued once paid in full', async () => {
      const { headers, userId } = await client();
      const invoice = await invoiceFor(ctx, headers);
      // Amounts on the wire in cents (issue 29), of whole shillings.
      const half = Math.floor(invoice.amount / 200) * 100;
      await topUp(headers, half / 100);

      const tooMuch = await act(
        'client/wallet/payInvoice',
        { invoiceSystemRef: invoice.invoiceSystemRef, amount: half + 100 },
        headers,
      );
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.errors[0]).toMatchObject({
        field: 'amount',
        message: expect.stringMatching(/Your wallet has KES/),
      });
      for (const [amount, message] of [
        [0, /more than 0/],
        ['x1', /in numbers/],
        [half + 1, /whole shillings/],
      ] as const) {
        const refused = await act(
          'client/wallet/payInvoice',
          { invoiceSystemRef: invoice.invoiceSystemRef, amount },
          headers,
        );
        expect(refused.status).toBe(400);
        expect(refused.body.errors[0]).toMatchObject({
          field: 'amount',
          message: expect.stringMatching(message),
        });
      }

      const requestId = 'pay-half-0001';
      const paid = await act(
        'client/wallet/payInvoice',
        { invoiceSystemRef: invoice.invoiceSystemRef, amount: half, requestId },
        headers,
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.result.data).toMatchObject({
        walletBalance: 0,
        invoice: {
          amountPaid: half,
          balance: invoice.amount - half,
          amountDueNow: invoice.amount - half,
          status: 'UNPAID',
        },
      });
      // The same request again (a retry) pays nothing more.
      const again = await act(
        'client/wallet/payInvoice',
        { invoiceSystemRef: invoice.invoiceSystemRef, amount: half, requestId },
        headers,
      );
      expect(again.status).toBe(200);
      expect(again.body.result.data.invoice.amountPaid).toBe(half);

      const started = await pay(ctx, headers, invoice.invoiceSystemRef, PAYS);
      expect(started.json().result.data.amount).toBe(invoice.amount - half);
      await waitPaid(started.json().result.data.paymentRef);
      const view = await invoiceView(headers, invoice.invoiceSystemRef);
      expect(view).toMatchObject({ status: 'PAID', amountPaid: invoice.amount, balance: 0 });
      expect(view.policyNumber).toMatch(/^BIMA\/07\//);
      expect(await walletBalance(db(), userId)).toBe(0);
      await expectBalancedBook();
    });

    it('issues the policy when the wallet pays the last part', async () => {
      const { headers } = await client();
      const invoice = await invoiceFor(ctx, headers);
      await topUp(headers, invoice.amount / 100 + 100);
      const paid = await act(
        'client/wallet/payInvoice',
        { invoiceSystemRef: invoice.invoiceSystemRef, amount: invoice.amount },
        headers,
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.result.data).toMatchObject({
        walletBalance: 100 * 100, // KES 100 left, in cents (the wire's unit)
        invoice: { status: 'PAID', balance: 0 },
      });
      const [row] = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef));
      const [policy] = await db().select().from(policies).where(eq(policies.invoiceId, row!.id));
      expect(policy?.receiptNumber).toMatch(/^WALLET-\d+$/);
      const view = await act('client/policy/getPolicy', { id: policy!.id }, headers);
      expect(view.body.result.data).toMatchObject({
        paidFrom: 'Wallet',
        payments: [{ method: 'wallet', allocated: invoice.amount, phone: null }],
      });
      const receipt = await ctx.app.inject({ method: 'GET', url: view.body.result.data.documents.receipt });
      expect(receipt.statusCode).toBe(200);
      expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const more = await act(
        'client/wallet/payInvoice',
        { invoiceSystemRef: invoice.invoiceSystemRef, amount: 100 },
        headers,
      );
      expect(more.status).toBe(409);
      expect(more.body.err_msg).toBe('This invoice is already paid.');
    });

    it('never overdraws: payments from the wallet at the same moment are decided one after the other', async () => {
      const { headers, userId } = await client();
      const first = await invoiceFor(ctx, headers);
      const second = await invoiceFor(ctx, headers);
      const third = await invoiceFor(ctx, headers);
      await topUp(headers, 1_000);
      const answers = await Promise.all(
        [first, second, third, first, second, third].map((invoice) =>
          act(
            'client/wallet/payInvoice',
            { invoiceSystemRef: invoice.invoiceSystemRef, amount: 600_00 },
            headers,
          ),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
      expect(await walletBalance(db(), userId)).toBe(400 * 100);
      await expectBalancedBook();
    });

    it('keeps another client out: their invoice is not found, their wallet untouched', async () => {
      const owner = await client();
      const other = await client();
      const invoice = await invoiceFor(ctx, owner.headers);
      await topUp(other.headers, 100);
      const answer = await act(
        'client/wallet/payInvoice',
        { invoiceSystemRef: invoice.invoiceSystemRef, amount: 100_00 },
        other.headers,
      );
      expect(answer.status).toBe(404);
      expect(await walletBalance(db(), other.userId)).toBe(100 * 100);
      const statement = await act('client/account/getStatement', {}, other.headers);
      expect(JSON.stringify(statement.body.result.data.items)).not.toContain(invoice.invoiceSystemRef);
      expect((await act('client/wallet/getWallet', {}, {})).status).toBe(403);
    });
  });

  describe('the statement', () => {
    it('lists the period’s money with opening and closing balance, and downloads as CSV and PDF', async () => {
      const { headers } = await client();
      const invoice = await invoiceFor(ctx, headers);
      await topUp(headers, 2_000);
      await act(
        'client/wallet/payInvoice',
        { invoiceSystemRef: invoice.invoiceSystemRef, amount: 2_000_00 },
        headers,
      );
      const statement = await act('client/account/getStatement', { page: 1, pageSize: 2 }, headers);
      expect(statement.status, JSON.stringify(statement.body)).toBe(200);
      const data = statement.body.result.data;
      // Billed (debit), topped up (credit), then the wallet payment's two sides.
      expect(data).toMatchObject({
        openingBalance: 0,
        closingBalance: invoice.amount - 2_000_00,
        totalDebits: invoice.amount + 2_000_00,
        totalCredits: 4_000_00,
        total: 4,
        totalPages: 2,
        pageSize: 2,
      });
      expect(data.items[0]).toMatchObject({
        account: `Invoice ${invoice.invoiceSystemRef}`,
        kind: 'invoice_billed',
        debit: invoice.amount,
        credit: 0,
        balance: invoice.amount,
      });
      expect(data.items[1]).toMatchObject({ account: 'Wallet', kind: 'wallet_topup', credit: 2_000_00 });
      const page2 = (await act('client/account/getStatement', { page: 2, pageSize: 2 }, headers)).body.result
        .data;
      expect(page2.items.map((line: { kind: string }) => line.kind)).toEqual([
        'wallet_payment',
        'wallet_payment',
      ]);
      expect(page2.items[1].balance).toBe(invoice.amount - 2_000_00);

      // A range before any of it: everything is in the opening balance of a later range.
      const tomorrow = new Date(Date.now() + 27 * 3_600_000).toISOString().slice(0, 10);
      const later = (await act('client/account/getStatement', { from: tomorrow, to: tomorrow }, headers)).body
        .result.data;
      expect(later).toMatchObject({
        openingBalance: invoice.amount - 2_000_00,
        closingBalance: invoice.amount - 2_000_00,
        total: 0,
      });
      const wrongOrder = await act(
        'client/account/getStatement',
        { from: '2026-05-02', to: '2026-05-01' },
        headers,
      );
      expect(wrongOrder.status).toBe(400);

      const csv = await ctx.app.inject({ method: 'GET', url: data.downloads.csv });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="bima-statement-.*\.csv"/);
      const lines = csv.body.trim().split('\r\n');
      expect(lines).toContain('Date,Account,Reference,Description,Debit (KES),Credit (KES),Balance (KES)');
      expect(csv.body).toContain(`Opening balance (KES),0.00`);
      // The CSV keeps shillings with two decimals, from the cents the statement holds.
      expect(csv.body).toContain(`Closing balance (KES),${(invoice.amount - 2_000_00) / 100}.00`);
      expect(csv.body).toContain(`Invoice ${invoice.invoiceSystemRef}`);
      // A description with a comma is quoted.
      expect(csv.body).toMatch(/"[^"]*,[^"]*"|Paid from your wallet/);

      const pdf = await ctx.app.inject({ method: 'GET', url: data.downloads.pdf });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const tampered = `${data.downloads.csv.slice(0, -3)}abc`;
      expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    });
  });

  describe('the backfill of an older database', () => {
    it('posts what moved before the ledger once, however often it runs', async () => {
      const { headers, userId } = await client();
      const invoice = await invoiceFor(ctx, headers);
      const [row] = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef));
      // A payment settled by the old code: success with its allocation, and 300 more kept as a receipt, no ledger.
      const extra = 300 * 100;
      const [legacy] = await db()
        .insert(payments)
        .values({
          paymentSystemRef: `PAY-LEGACY-${Date.now()}`,
          invoiceId: row!.id,
          userId,
          phone: PAYS,
          amount: row!.amount + extra,
          status: 'success',
          receiptNumber: `LG${Date.now().toString().slice(-8)}`,
          allocatedAmount: row!.amount,
          settledAt: new Date(),
        })
        .returning();
      await db()
        .insert(unallocatedReceipts)
        .values({
          receiptSystemRef: `RCT-LEGACY-${Date.now()}`,
          userId,
          paymentId: legacy!.id,
          invoiceId: row!.id,
          amount: extra,
          reason: 'Payment was more than the balance of the invoice',
        });
      await db().update(invoices).set({ status: 'PAID', paidAt: new Date() }).where(eq(invoices.id, row!.id));
      const repaired = await backfillLedger(db(), ctx.app.log);
      expect(repaired.receipts).toBeGreaterThanOrEqual(1);
      const again = await backfillLedger(db(), ctx.app.log);
      expect(again).toEqual({ invoicesBilled: 0, receipts: 0, premiums: 0, refunds: 0, claimPayouts: 0 });
      expect(await walletBalance(db(), userId)).toBe(extra);
      const view = await invoiceView(headers, invoice.invoiceSystemRef);
      expect(view).toMatchObject({ amountPaid: invoice.amount, balance: 0 });
      await expectBalancedBook();
    });
  });
});
