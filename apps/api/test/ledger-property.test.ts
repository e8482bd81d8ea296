// @pglite: runs on PGlite too (scripts/test.sh): the books balance on the embedded database as on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, ledgerTransactions, payments, unallocatedReceipts, users } from '../src/db/schema';
import { AppError } from '../src/gateway/errors';
import { resolveReceipt } from '../src/modules/backoffice-search/service';
import { requestInvoicePayment } from '../src/modules/invoice/service';
import { moneyOfInvoice, walletBalance } from '../src/modules/ledger/service';
import { type PaymentContext, settlePayment } from '../src/modules/payment/service';
import { payInvoiceFromWallet } from '../src/modules/wallet/service';
import { requestWalletTopUp } from '../src/modules/wallet/top-up';
import { loginUser, registerUser } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { giveKyc, invoiceFor } from './purchase-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** The simulator sends no callback for a phone ending 05: M-Pesa's answers are driven by the test. */
const SILENT_PHONE = '254712345605';

type Op =
  | { op: 'topUp'; user: number; shillings: number }
  | { op: 'prompt'; invoice: number }
  | { op: 'success' | 'failure' | 'replay'; payment: number }
  | { op: 'walletPay'; user: number; invoice: number; shillings: number }
  | { op: 'refund'; receipt: number };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('topUp' as const),
      user: fc.nat(1),
      shillings: fc.integer({ min: 1, max: 120_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('prompt' as const), invoice: fc.nat(1) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constantFrom('success' as const, 'success' as const, 'failure' as const, 'replay' as const),
      payment: fc.nat({ max: 1_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('walletPay' as const),
      user: fc.nat(1),
      invoice: fc.nat(1),
      shillings: fc.oneof(fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 1, max: 5_000 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('refund' as const), receipt: fc.nat({ max: 1_000 }) }),
  },
);

/**
 * The ledger property again, smaller, against the real database through the services the actions
 * call: random top-ups, prompts, M-Pesa answers (success, failure, replayed success), wallet payments
 * and refunds keep every transaction balanced, no wallet below 0, no invoice paid beyond its total,
 * and a replayed callback changes nothing.
 */
describe('ledger property on the database', () => {
  let ctx: Ctx;
  let context: PaymentContext;
  let clients: Array<{ userId: string; headers: Record<string, string> }>;
  let adminId: string;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100', RECONCILE_INTERVAL_MS: '3600000' } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    context = { db: ctx.database.db, services: ctx.app.services, log: ctx.app.log };
    clients = [];
    for (let index = 0; index < 2; index += 1) {
      const email = await registerUser(ctx);
      const session = await loginUser(ctx, email);
      const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      clients.push({ userId: user!.id, headers: { accesstoken: session.accessToken } });
      await giveKyc(ctx, { accesstoken: session.accessToken });
    }
    const [admin] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@bimaportal.co.ke'));
    adminId = admin!.id;
  });
  afterAll(() => ctx.app.close());

  it('holds for random sequences of money movements (PGlite and PostgreSQL)', async () => {
    const db = ctx.database.db;
    const expectRefusal = (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    };
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 6, maxLength: 16 }), async (ops) => {
        // Each run: one fresh invoice per client.
        const runInvoices: Array<{ id: number; ref: string; userIndex: number; amount: number }> = [];
        for (const [userIndex, client] of clients.entries()) {
          const made = await invoiceFor(ctx, client.headers);
          const [row] = await db
            .select()
            .from(invoices)
            .where(eq(invoices.invoiceSystemRef, made.invoiceSystemRef));
          runInvoices.push({ id: row!.id, ref: row!.invoiceSystemRef, userIndex, amount: row!.amount });
        }
        const runPayments: Array<{
          checkoutRequestId: string;
          amount: number;
          receipt: string;
          phone: string;
        }> = [];

        const snapshot = async () => {
          const [posted] = await db.select({ n: sql<string>`count(*)` }).from(ledgerTransactions);
          return {
            posted: Number(posted!.n),
            wallets: await Promise.all(clients.map((client) => walletBalance(db, client.userId))),
            invoices: await Promise.all(
              runInvoices.map((invoice) => moneyOfInvoice(db, { id: invoice.id, amount: invoice.amount })),
            ),
          };
        };
        const checkInvariants = async () => {
          const unbalanced = (await db.execute(
            sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0 or count(*) < 2`,
          )) as unknown as { rows: unknown[] };
          expect(unbalanced.rows).toHaveLength(0);
          const state = await snapshot();
          for (const balance of state.wallets) expect(balance).toBeGreaterThanOrEqual(0);
          const rows = await db
            .select()
            .from(invoices)
            .where(
              inArray(
                invoices.id,
                runInvoices.map((invoice) => invoice.id),
              ),
            );
          for (const [index, invoice] of runInvoices.entries()) {
            const money = state.invoices[index]!;
            expect(money.paid).toBeLessThanOrEqual(invoice.amount);
            expect(money.paid + money.owed).toBe(invoice.amount);
            const row = rows.find((candidate) => candidate.id === invoice.id)!;
            expect(row.status === 'PAID').toBe(money.owed === 0);
          }
        };
        // Prompts of a run go one after the other: a live prompt would refuse the next for 90 s.
        const forgetLivePrompts = () =>
          db
            .update(payments)
            .set({ createdAt: new Date(Date.now() - 600_000) })
            .where(
              inArray(
                payments.userId,
                clients.map((client) => client.userId),
              ),
            );

        for (const op of ops) {
          switch (op.op) {
            case 'topUp': {
              const started = await requestWalletTopUp(context, clients[op.user]!.userId, {
                amount: op.shillings,
                phone: SILENT_PHONE,
              }).catch(expectRefusal);
              if (started) await remember(started.paymentRef);
              break;
            }
            case 'prompt': {
              const invoice = runInvoices[op.invoice]!;
              const started = await requestInvoicePayment(
                context,
                clients[invoice.userIndex]!.userId,
                invoice.ref,
                SILENT_PHONE,
              ).catch(expectRefusal);
              if (started) await remember(started.paymentRef);
              break;
            }
            case 'success':
            case 'failure':
            case 'replay': {
              // `payment` modulo how many there are: an answer is always about one of the run's prompts.
              const payment = runPayments[op.payment % Math.max(1, runPayments.length)];
              if (!payment) break;
              const answer = {
                checkoutRequestId: payment.checkoutRequestId,
                resultCode: op.op === 'failure' ? '1032' : '0',
                resultDesc: op.op === 'failure' ? 'Request cancelled by user' : 'Processed',
                amount: op.op === 'failure' ? null : payment.amount / 100,
                receiptNumber: op.op === 'failure' ? null : payment.receipt,
                phoneNumber: op.op === 'failure' ? null : payment.phone,
              };
              if (op.op === 'replay') {
                const [row] = await db
                  .select({ status: payments.status })
                  .from(payments)
                  .where(eq(payments.checkoutRequestId, payment.checkoutRequestId));
                if (row?.status !== 'success') break;
                const before = await snapshot();
                expect(await settlePayment(context, answer, 'callback')).toBe('already-final');
                expect(await snapshot()).toEqual(before);
                break;
              }
              await settlePayment(context, answer, 'callback');
              break;
            }
            case 'walletPay': {
              const invoice = runInvoices[op.invoice]!;
              await payInvoiceFromWallet(context, clients[op.user]!.userId, {
                invoiceSystemRef: invoice.ref,
                amount: op.shillings,
              }).catch(expectRefusal);
              break;
            }
            case 'refund': {
              const open = await db
                .select()
                .from(unallocatedReceipts)
                .where(
                  inArray(
                    unallocatedReceipts.userId,
                    clients.map((client) => client.userId),
                  ),
                )
                .orderBy(unallocatedReceipts.id);
              const openOnes = open.filter((row) => row.status === 'OPEN');
              const receipt = openOnes[op.receipt % Math.max(1, openOnes.length)];
              if (!receipt) break;
              await resolveReceipt(
                db,
                {
                  userId: adminId,
                  role: 'admin',
                  sessionId: null,
                  intermediaryId: null,
                  underwriterId: null,
                },
                { receiptSystemRef: receipt.receiptSystemRef, resolution: 'REFUNDED', note: 'property test' },
              ).catch(expectRefusal);
              break;
            }
          }
          await forgetLivePrompts();
          await checkInvariants();
        }

        async function remember(paymentRef: string) {
          const [row] = await db.select().from(payments).where(eq(payments.paymentSystemRef, paymentRef));
          if (!row?.checkoutRequestId) return;
          runPayments.push({
            checkoutRequestId: row.checkoutRequestId,
            amount: row.amount,
            receipt: randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase(),
            phone: row.phone,
          });
        }
      }),
      {
        numRuns: 16,
        // First a sequence that surely moves money every way: top-up, wallet payment, M-Pesa for the
        // rest, a replay, two prompts for one invoice (the second's money kept as credit), a refund.
        examples: [
          [
            [
              { op: 'topUp', user: 0, shillings: 50_000 },
              { op: 'success', payment: 0 },
              { op: 'walletPay', user: 0, invoice: 0, shillings: 20_000 },
              { op: 'prompt', invoice: 0 },
              { op: 'success', payment: 1 },
              { op: 'replay', payment: 1 },
              { op: 'prompt', invoice: 1 },
              { op: 'prompt', invoice: 1 },
              { op: 'success', payment: 2 },
              { op: 'success', payment: 3 },
              { op: 'refund', receipt: 0 },
              { op: 'failure', payment: 2 },
            ],
          ],
        ],
      },
    );
    // The runs moved money every way (not only refusals).
    const kinds = await db
      .select({ kind: ledgerTransactions.kind, n: sql<string>`count(*)` })
      .from(ledgerTransactions)
      .groupBy(ledgerTransactions.kind);
    expect(kinds.map((row) => row.kind).sort()).toEqual([
      'invoice_billed',
      'mpesa_receipt',
      'premium_due',
      'refund',
      'wallet_payment',
      'wallet_topup',
    ]);
  }, 300_000);
});
