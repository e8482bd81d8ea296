import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { outboxSms } from '../src/db/schema';
import { createSmsSender } from '../src/sms/sender';
import { openTestDatabase } from './helpers';

describe('the SMS sender', () => {
  let database: DatabaseHandle;
  const log = pino({ level: 'silent' });
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate();
  });
  afterAll(() => database.close());

  it("posts to Africa's Talking when configured and records the text", async () => {
    const requests: Array<{ url: string; init: RequestInit }> = [];
    const sender = createSmsSender({
      db: database.db,
      log,
      isProduction: true,
      africasTalking: { username: 'bima', apiKey: 'key-123', senderId: 'BIMA' },
      fetch: async (url, init) => {
        requests.push({ url: String(url), init: init ?? {} });
        return new Response('{}', { status: 201 });
      },
    });
    await sender.send({ to: '+254712345678', text: 'Your code is 1234' });
    expect(requests[0]?.url).toBe('https://api.africastalking.com/version1/messaging');
    expect(new Headers(requests[0]?.init.headers).get('apiKey')).toBe('key-123');
    const body = new URLSearchParams(String(requests[0]?.init.body));
    expect(Object.fromEntries(body)).toEqual({
      username: 'bima',
      to: '+254712345678',
      message: 'Your code is 1234',
      from: 'BIMA',
    });
    const rows = await database.db.select().from(outboxSms);
    expect(rows.at(-1)).toMatchObject({ to: '+254712345678', transport: 'africastalking' });
  });

  it('answers 503 when the provider refuses, and in production without a provider', async () => {
    const refusing = createSmsSender({
      db: database.db,
      log,
      isProduction: true,
      africasTalking: { username: 'sandbox', apiKey: 'key' },
      fetch: async () => new Response('no', { status: 401 }),
    });
    await expect(refusing.send({ to: '+254712345678', text: 'x' })).rejects.toMatchObject({
      kind: 'unavailable',
    });
    const none = createSmsSender({ db: database.db, log, isProduction: true });
    await expect(none.send({ to: '+254712345678', text: 'x' })).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });

  it('keeps texts in the local outbox outside production', async () => {
    const sender = createSmsSender({ db: database.db, log, isProduction: false });
    expect(sender.transport).toBe('outbox');
    await sender.send({ to: '+256772123456', text: 'Your code is 9876' });
    const rows = await database.db.select().from(outboxSms);
    expect(rows.at(-1)).toMatchObject({ to: '+256772123456', transport: 'outbox' });
  });
});
