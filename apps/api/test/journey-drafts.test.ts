import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyDrafts } from '../src/db/schema';
import { buildListeningTestApp, type TestContext } from './helpers';
import { invoiceFor, MPESA_TEST_ENV, newSignedInClient, payForPolicy } from './purchase-helpers';
import { type Headers, SAMPLE, send, signInAs } from './staff-helpers';

const journey = {
  v: 1,
  step: 'quotation',
  cls: '07',
  cover: 'comprehensive',
  value: 1_500_000,
  product: 'APA-MP-PLUS',
  period: 365,
  start: '2026-12-01',
  benefits: [{ ref: 'APA-MP-PLUS-PVT' }],
};

describe('journey drafts: a signed-in client’s quote kept on the server (issue 14)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildListeningTestApp(MPESA_TEST_ENV);
  }, 120_000);
  afterAll(() => ctx.app.close());

  const act = (action: string, data: unknown, headers: Headers = {}) =>
    send(ctx, `client/journeyDraft/${action}`, data, headers);
  const save = (headers: Headers, state: unknown = journey) =>
    act('saveDraft', { productLine: 'motor-private', state }, headers);
  const read = async (headers: Headers) => {
    const answer = await act('getDraft', { productLine: 'motor-private' }, headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data.draft;
  };

  it('saves, replaces with the latest and reads back the owner’s draft', async () => {
    const { headers } = await newSignedInClient(ctx);
    expect(await read(headers)).toBeNull();
    expect((await save(headers)).status).toBe(200);
    expect((await read(headers)).state).toEqual(journey);
    const later = { ...journey, step: 'benefits', value: 2_000_000 };
    expect((await save(headers, later)).status).toBe(200);
    const draft = await read(headers);
    expect(draft.state).toEqual(later);
    expect(draft.productLine).toBe('motor-private');
    expect(Date.parse(draft.updatedAt)).not.toBeNaN();
  });

  it('is the owner’s only: another client never sees or removes it; anonymous and staff are refused', async () => {
    const owner = await newSignedInClient(ctx);
    const other = await newSignedInClient(ctx);
    await save(owner.headers);
    expect(await read(other.headers)).toBeNull();
    const removed = await act('deleteDraft', { productLine: 'motor-private' }, other.headers);
    expect(removed.body.result.data.deleted).toBe(false);
    expect((await read(owner.headers)).state).toEqual(journey);

    // The gateway answers 403 to a call without a session (spec-1 §7: the client signs out on it).
    expect((await act('getDraft', { productLine: 'motor-private' })).status).toBe(403);
    expect((await save({})).status).toBe(403);
    const staff = await signInAs(ctx, SAMPLE.admin);
    expect((await act('getDraft', { productLine: 'motor-private' }, staff.headers)).status).toBe(403);
  });

  it.each([
    ['an unknown product line', { productLine: 'boats', state: journey }],
    ['no state', { productLine: 'motor-private' }],
    ['a state of another shape', { productLine: 'motor-private', state: { hello: 'world' } }],
    ['a value below the minimum', { productLine: 'motor-private', state: { ...journey, value: 10 } }],
    ['a fractional amount', { productLine: 'motor-private', state: { ...journey, value: 1_500_000.5 } }],
    ['an unknown cover type', { productLine: 'motor-private', state: { ...journey, cover: 'boat' } }],
    ['a field it does not know', { productLine: 'motor-private', state: { ...journey, premium: 1 } }],
  ])('refuses %s with 400 and a message', async (_name, data) => {
    const { headers } = await newSignedInClient(ctx);
    const answer = await act('saveDraft', data, headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.status).toBe(false);
    expect(answer.body.err_msg).toBeTruthy();
    expect(await read(headers)).toBeNull();
  });

  it('refuses a state larger than 8 KB', async () => {
    const { headers } = await newSignedInClient(ctx);
    const huge = { ...journey, compare: Array.from({ length: 10 }, (_, i) => `${i}${'x'.repeat(95)}`) };
    const benefits = Array.from({ length: 50 }, (_, i) => ({ ref: `${i}${'y'.repeat(95)}`, limit: 1 }));
    const limits = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`${i}${'z'.repeat(95)}`, 1]));
    const answer = await save(headers, { ...huge, benefits, limits });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('The saved journey is too large.');
  });

  it('reads a stored state the schema no longer accepts as none, and removes it', async () => {
    const { headers, userId } = await newSignedInClient(ctx);
    await ctx.database.db
      .insert(journeyDrafts)
      .values({ userId, productLine: 'motor-private', state: { v: 0, anything: true } });
    expect(await read(headers)).toBeNull();
    const rows = await ctx.database.db
      .select()
      .from(journeyDrafts)
      .where(and(eq(journeyDrafts.userId, userId), eq(journeyDrafts.productLine, 'motor-private')));
    expect(rows).toHaveLength(0);
  });

  it('is cleared when the client’s motor private policy is issued', async () => {
    const { headers } = await newSignedInClient(ctx);
    await save(headers);
    const invoice = await invoiceFor(ctx, headers);
    await payForPolicy(ctx, headers, invoice.invoiceSystemRef);
    expect(await read(headers)).toBeNull();
  }, 30_000);
});
