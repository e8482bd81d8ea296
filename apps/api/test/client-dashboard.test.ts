import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accidentClaim, policyFor } from './claims-helpers';
import { buildListeningTestApp, type TestContext } from './helpers';
import {
  createQuotation,
  invoiceFor,
  kenyaToday,
  MPESA_TEST_ENV,
  newSignedInClient,
} from './purchase-helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signInAs } from './staff-helpers';

/** The client dashboard's counts (issue 28): one action, the caller's own records only. */
describe('client/dashboard/getCounts', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildListeningTestApp(MPESA_TEST_ENV);
  }, 120_000);
  afterAll(async () => {
    await ctx.app.close();
  });

  const ok = async (path: string, data: unknown, headers: Headers) => {
    const answer = await send(ctx, path, data, headers);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.result.data;
  };
  const countsOf = (headers: Headers) => ok('client/dashboard/getCounts', {}, headers);

  /** A client with one of each: a paid policy with an open claim, an unpaid invoice financed (a loan
   * awaiting its first instalment), a quotation in the cart, and a chat the broker answered. */
  async function busyClient() {
    const client = await newSignedInClient(ctx);
    const policyNumber = await policyFor(ctx, client.headers);
    await ok('client/claim/reportClaim', accidentClaim(policyNumber, kenyaToday()), client.headers);
    const unpaid = await invoiceFor(ctx, client.headers);
    await ok(
      'client/ipf/apply',
      { invoiceSystemRef: unpaid.invoiceSystemRef, months: 6, acceptTerms: true },
      client.headers,
    );
    const carted = await createQuotation(ctx, client.headers);
    await ok('client/cart/addItem', { systemQuotationRef: carted.systemQuotationRef }, client.headers);
    const conversation = await ok(
      'chat/conversation/startConversation',
      { with: 'intermediary', intermediaryId: await firmId(ctx, FIRM.savannah) },
      client.headers,
    );
    const broker = await signInAs(ctx, SAMPLE.brokerA);
    await ok(
      'chat/message/sendMessage',
      { conversationId: conversation.id, body: 'Habari, your cover is ready.' },
      broker.headers,
    );
    return client;
  }

  it('counts the signed-in client’s unpaid invoices, open claims, unread chats, loans due, quotations and cart', async () => {
    const fresh = await newSignedInClient(ctx);
    expect(await countsOf(fresh.headers)).toMatchObject({
      activePolicies: 0,
      unpaidInvoices: 0,
      openClaims: 0,
      unreadChats: 0,
      loansDue: 0,
      quotations: 0,
      cartItems: 0,
    });

    const owner = await busyClient();
    // Another client's records of every kind exist too: none of them is counted for the owner.
    const stranger = await busyClient();
    await invoiceFor(ctx, stranger.headers);

    const counts = await countsOf(owner.headers);
    expect(counts).toMatchObject({
      activePolicies: 1,
      unpaidInvoices: 1,
      openClaims: 1,
      unreadChats: 1,
      loansDue: 1,
      quotations: 3,
      cartItems: 1,
    });
    // The same numbers the screens the entries open show.
    const invoices = await ok(
      'client/invoice/listInvoices',
      { page: 1, pageSize: 1, status: 'UNPAID' },
      owner.headers,
    );
    expect(counts.unpaidInvoices).toBe(invoices.total);
    const bell = await ok('platform/notification/getUnreadCount', {}, owner.headers);
    expect(counts.unreadNotifications).toBe(bell.unread);
    expect(counts.unreadNotifications).toBeGreaterThan(0);

    expect(await countsOf(stranger.headers)).toMatchObject({
      unpaidInvoices: 2,
      openClaims: 1,
      quotations: 4,
    });
    // Read, the chat no longer counts.
    const chats = await ok('chat/conversation/listConversations', { page: 1, pageSize: 5 }, owner.headers);
    const latest = await ok(
      'chat/message/listMessages',
      { conversationId: chats.items[0].id },
      owner.headers,
    );
    const lastId = Math.max(...latest.items.map((message: { id: number }) => message.id));
    await ok(
      'chat/message/markRead',
      { conversationId: chats.items[0].id, upToMessageId: lastId },
      owner.headers,
    );
    expect((await countsOf(owner.headers)).unreadChats).toBe(0);
  }, 120_000);

  it('is for signed-in clients only', async () => {
    // Anonymous callers get the gateway's 403 (the portal then signs in), as for every client action.
    expect((await send(ctx, 'client/dashboard/getCounts', {})).status).toBe(403);
    const staff = await signInAs(ctx, SAMPLE.underwriter);
    expect((await send(ctx, 'client/dashboard/getCounts', {}, staff.headers)).status).toBe(403);
  });
});
