import { ledgerDescription, walletAccount } from '@bima/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, payments, policies, unallocatedReceipts, users } from '../src/db/schema';
import { post, walletBalance } from '../src/modules/ledger/service';
import { buildTestApp } from './helpers';
import { invoiceFor, pay, signedIn, waitUntil } from './purchase-helpers';
import { SAMPLE, send, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('back office: policy search and resolving unallocated receipts', () => {
  let ctx: Ctx;
  let policyNumber: string;
  let receiptNumber: string;
  beforeAll(async () => {
    ctx = await buildTestApp({
      env: { AUTH_RATE_LIMIT_SCALE: '100', MPESA_SIMULATOR_DELAY_MS: '40', RECONCILE_INTERVAL_MS: '200' },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    // An APA policy (the helpers' quotation), paid from 0712 345 678.
    const client = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, client);
    expect((await pay(ctx, client, invoice.invoiceSystemRef, '254712345678')).statusCode).toBe(200);
    const [policy] = await waitUntil(
      async () => {
        const [row] = await ctx.database.db
          .select({ id: invoices.id })
          .from(invoices)
          .where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef));
        return ctx.database.db.select().from(policies).where(eq(policies.invoiceId, row!.id));
      },
      (rows) => rows.length === 1 && rows[0]!.receiptNumber !== null,
      15_000,
    );
    policyNumber = policy!.policyNumber;
    receiptNumber = policy!.receiptNumber!;
  });
  afterAll(() => ctx.app.close());

  const search = async (email: string, query: string) => {
    const { headers } = await signInAs(ctx, email);
    return send(ctx, 'backoffice/policy/searchPolicies', { query }, headers);
  };

  it('finds a policy by its number, the plate, the paying phone as people write it, or the receipt', async () => {
    for (const query of [
      policyNumber,
      policyNumber.slice(-6),
      'kda 123b',
      '0712 345 678',
      '+254712345678',
      receiptNumber,
    ]) {
      const found = await search(SAMPLE.admin, query);
      expect(found.status, query).toBe(200);
      expect(
        found.body.result.data.items.map((item: { policyNumber: string }) => item.policyNumber),
        query,
      ).toContain(policyNumber);
    }
    const [first] = (await search(SAMPLE.admin, policyNumber)).body.result.data.items;
    expect(first).toMatchObject({
      policyNumber,
      registration: 'KDA123B',
      underwriter: 'APA Insurance',
      receiptNumber,
      client: { email: expect.stringContaining('@') },
    });
    // The premium crosses the wire in integer cents, the invoice's own amount.
    const [invoice] = await ctx.database.db
      .select({ amount: invoices.amount })
      .from(invoices)
      .where(eq(invoices.invoiceSystemRef, first.invoiceSystemRef));
    expect(first.premium).toBe(invoice!.amount);
    expect((await search(SAMPLE.admin, 'ZZZ 999Z')).body.result.data).toMatchObject({ items: [], total: 0 });
  });

  it('says where each policy stands today: active, cancelled, expired or not yet in force, and financed', async () => {
    const statusOf = async () => {
      const [found] = (await search(SAMPLE.admin, policyNumber)).body.result.data.items;
      return { status: found.status, isFinanced: found.isFinanced };
    };
    const [row] = await ctx.database.db
      .select()
      .from(policies)
      .where(eq(policies.policyNumber, policyNumber));
    const today = ctx.app.services.clock.today();
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const set = (change: Partial<typeof policies.$inferInsert>) =>
      ctx.database.db.update(policies).set(change).where(eq(policies.id, row!.id));
    try {
      expect(await statusOf()).toEqual({ status: 'ACTIVE', isFinanced: false });
      await set({ cancelledOn: today, cancellationReason: 'Instalments not paid' });
      expect(await statusOf()).toEqual({ status: 'CANCELLED', isFinanced: false });
      await set({ cancelledOn: null, startDate: day(-366), endDate: day(-1) });
      expect((await statusOf()).status).toBe('EXPIRED');
      await set({ startDate: day(1), endDate: day(365) });
      expect((await statusOf()).status).toBe('NOT_YET_IN_FORCE');
    } finally {
      await set({
        cancelledOn: null,
        cancellationReason: null,
        startDate: row!.startDate,
        endDate: row!.endDate,
      });
    }
  });

  it('scopes an underwriter to its insurer: Jubilee sees nothing of APA, APA sees it', async () => {
    expect((await search(SAMPLE.underwriter, policyNumber)).body.result.data.total).toBe(0);
    expect((await search('underwriter.apa@bimaportal.co.ke', policyNumber)).body.result.data.total).toBe(1);
  });

  it('refuses clients and intermediaries (403) and a search of nothing (400)', async () => {
    const client = await signedIn(ctx);
    expect(
      (await send(ctx, 'backoffice/policy/searchPolicies', { query: policyNumber }, client)).status,
    ).toBe(403);
    expect((await search(SAMPLE.brokerA, policyNumber)).status).toBe(403);
    const empty = await search(SAMPLE.admin, ' ');
    expect(empty.status).toBe(400);
    expect(empty.body.err_msg).toMatch(/Enter a policy number/);
  });

  it('an admin marks an open receipt refunded once, with the note in the audit log', async () => {
    const [payment] = await ctx.database.db.select().from(payments).limit(1);
    const [owner] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, payment!.userId));
    const [receipt] = await ctx.database.db
      .insert(unallocatedReceipts)
      .values({
        receiptSystemRef: `RCT-TEST-${Date.now()}`,
        userId: owner!.id,
        paymentId: payment!.id,
        invoiceId: payment!.invoiceId!,
        amount: 1_000_00,
        mpesaReceiptNumber: 'TESTRCPT01',
        reason: 'Payment arrived after the invoice was paid',
      })
      .returning();
    // The receipt's money is wallet credit in the ledger, as settlePayment posts it.
    await ctx.database.db.transaction((tx) =>
      post(tx, {
        key: `test:receipt:${receipt!.id}`,
        kind: 'mpesa_receipt',
        description: ledgerDescription('walletTopUp', { receipt: null }),
        userId: owner!.id,
        entries: [
          { account: { kind: 'mpesa_paybill' }, amount: 1_000_00 },
          { account: walletAccount(owner!.id), amount: -1_000_00 },
        ],
      }),
    );
    const { headers: admin } = await signInAs(ctx, SAMPLE.admin);
    const input = {
      receiptSystemRef: receipt!.receiptSystemRef,
      resolution: 'REFUNDED',
      note: 'B2C reversal QX12',
    };

    const { headers: underwriter } = await signInAs(ctx, SAMPLE.underwriter);
    expect((await send(ctx, 'payments/unallocatedReceipt/resolveReceipt', input, underwriter)).status).toBe(
      403,
    );
    const missingNote = await send(
      ctx,
      'payments/unallocatedReceipt/resolveReceipt',
      { ...input, note: '' },
      admin,
    );
    expect(missingNote.status).toBe(400);

    const resolved = await send(ctx, 'payments/unallocatedReceipt/resolveReceipt', input, admin);
    expect(resolved.status).toBe(200);
    expect(resolved.body.result.data).toMatchObject({ status: 'REFUNDED', resolvedAt: expect.any(String) });
    // Refunded out of the wallet, once.
    expect(await walletBalance(ctx.database.db, owner!.id)).toBe(0);
    const again = await send(ctx, 'payments/unallocatedReceipt/resolveReceipt', input, admin);
    expect(again.status).toBe(409);
    expect(again.body.err_msg).toBe('This receipt was already marked refunded.');
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, receipt!.receiptSystemRef));
    expect(entry).toMatchObject({
      actorRole: 'admin',
      action: 'payments/unallocatedReceipt/resolveReceipt',
      details: { resolution: 'REFUNDED', note: 'B2C reversal QX12', amountCents: 100_000 },
    });
    // The admin's audit log reads it in words, with the values before and after, in the reader's language.
    const phone = `0${payment!.phone!.slice(3, 6)} ${payment!.phone!.slice(6, 9)} ${payment!.phone!.slice(9)}`;
    const log = await send(ctx, 'admin/audit/listAuditLog', { entityType: 'unallocated_receipt' }, admin);
    expect(log.body.result.data.items[0]).toMatchObject({
      actor: { email: SAMPLE.admin, role: 'admin' },
      at: expect.any(String),
      summary: `Refunded KES 1,000 to ${phone} (M-Pesa, receipt ${receipt!.receiptSystemRef})`,
      changes: [
        { what: 'Receipt', before: 'Open', after: 'Refunded' },
        { what: "Client's wallet", before: 'KES 1,000', after: 'KES 0' },
        { what: 'Note', before: null, after: 'B2C reversal QX12' },
      ],
    });
    const inSwahili = await send(
      ctx,
      'admin/audit/listAuditLog',
      { entityType: 'unallocated_receipt' },
      { ...admin, 'accept-language': 'sw' },
    );
    expect(inSwahili.body.result.data.items[0]).toMatchObject({
      summary: `Alirejesha KES 1,000 kwa ${phone} (M-Pesa, risiti ${receipt!.receiptSystemRef})`,
      changes: [
        { what: 'Risiti', before: 'Wazi', after: 'Imerejeshwa' },
        { what: 'Pochi ya mteja' },
        { what: 'Maelezo' },
      ],
    });
    const unknown = await send(
      ctx,
      'payments/unallocatedReceipt/resolveReceipt',
      { ...input, receiptSystemRef: 'RCT-NONE' },
      admin,
    );
    expect(unknown.status).toBe(404);
  });
});
