import { spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { signAccessToken } from '../src/auth/tokens';
import { openDatabase } from '../src/db/client';
import {
  chatPresence,
  helpRequestIntermediaries,
  helpRequests,
  mailQueue,
  notifications,
  users,
} from '../src/db/schema';
import { loginUser, registerUser } from './accounts-helpers';
import { openSocket } from './chat-helpers';
import { buildTestApp, TEST_JWT_SECRET } from './helpers';
import { kenyaToday, plusDays, waitUntil } from './purchase-helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

let ctx: Ctx;
let savannahId: number;
let tanaId: number;

async function newClient() {
  const email = await registerUser(ctx);
  const session = await loginUser(ctx, email);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return {
    headers: { accesstoken: session.accessToken } as Headers,
    token: session.accessToken,
    userId: user!.id,
  };
}

const start = (headers: Headers, data: unknown) =>
  send(ctx, 'chat/conversation/startConversation', data, headers);
const say = (headers: Headers, conversationId: number, body: string, clientMessageId?: string) =>
  send(ctx, 'chat/message/sendMessage', { conversationId, body, clientMessageId }, headers);
const history = (headers: Headers, data: Record<string, unknown>) =>
  send(ctx, 'chat/message/listMessages', data, headers);
const conversationsOf = (headers: Headers) =>
  send(ctx, 'chat/conversation/listConversations', { page: 1, pageSize: 20 }, headers);

async function chatNotifications(userId: string) {
  return ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'chat_message')));
}

beforeAll(async () => {
  ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100', RATE_LIMIT_MAX: '100000' } });
  savannahId = await firmId(ctx, FIRM.savannah);
  tanaId = await firmId(ctx, FIRM.tana);
}, 60_000);

afterAll(async () => {
  await ctx?.app.close();
});

describe('conversations and their scope', () => {
  it('lets a client chat with a firm, its users answer, and keeps everyone else out (404)', async () => {
    const client = await newClient();
    const other = await newClient();
    const brokerA = await signInAs(ctx, SAMPLE.brokerA);
    const brokerB = await signInAs(ctx, SAMPLE.brokerB);
    const admin = await signInAs(ctx, SAMPLE.admin);
    const underwriter = await signInAs(ctx, SAMPLE.underwriter);

    const started = await start(client.headers, { with: 'intermediary', intermediaryId: savannahId });
    expect(started.status).toBe(200);
    const conversation = started.body.result.data;
    expect(conversation).toMatchObject({ kind: 'firm', title: 'Savannah Insurance Brokers', unreadCount: 0 });
    // Starting again opens the same conversation.
    const again = await start(client.headers, { with: 'intermediary', intermediaryId: savannahId });
    expect(again.body.result.data.id).toBe(conversation.id);

    expect((await say(client.headers, conversation.id, 'Habari, is windscreen cover included?')).status).toBe(
      200,
    );
    const inbox = await conversationsOf(brokerA.headers);
    const listed = inbox.body.result.data.items.find((item: { id: number }) => item.id === conversation.id);
    expect(listed).toMatchObject({ unreadCount: 1, lastMessage: 'Habari, is windscreen cover included?' });
    expect((await say(brokerA.headers, conversation.id, 'Yes, up to KES 50,000.')).status).toBe(200);

    for (const outsider of [other.headers, brokerB.headers, admin.headers]) {
      expect((await history(outsider, { conversationId: conversation.id })).status).toBe(404);
      expect((await say(outsider, conversation.id, 'let me in')).status).toBe(404);
      expect(
        (
          await send(
            ctx,
            'chat/message/markRead',
            { conversationId: conversation.id, upToMessageId: 1 },
            outsider,
          )
        ).status,
      ).toBe(404);
      const theirs = await conversationsOf(outsider);
      expect(theirs.body.result.data.items.map((item: { id: number }) => item.id)).not.toContain(
        conversation.id,
      );
    }
    expect((await conversationsOf(underwriter.headers)).status).toBe(403);
    expect((await start(brokerA.headers, { with: 'support' })).status).toBe(403);
    expect((await conversationsOf({})).status).toBe(403);
  });

  it('routes support chats to admins, and refuses firms that are not active or requests that are not yours', async () => {
    const client = await newClient();
    const admin = await signInAs(ctx, SAMPLE.admin);
    const brokerA = await signInAs(ctx, SAMPLE.brokerA);
    const support = (await start(client.headers, { with: 'support' })).body.result.data;
    expect(support).toMatchObject({ kind: 'support', title: 'Bima Portal support' });
    await say(client.headers, support.id, 'I cannot find my policy schedule.');
    const adminView = (await conversationsOf(admin.headers)).body.result.data.items;
    expect(adminView.find((item: { id: number }) => item.id === support.id)).toMatchObject({
      unreadCount: 1,
    });
    expect((await history(brokerA.headers, { conversationId: support.id })).status).toBe(404);

    const suspended = await firmId(ctx, FIRM.barakaSuspended);
    expect((await start(client.headers, { with: 'intermediary', intermediaryId: suspended })).status).toBe(
      404,
    );
    expect(
      (
        await start(client.headers, {
          with: 'helpRequest',
          requestSystemRef: 'HR-NOPE',
          intermediaryId: tanaId,
        })
      ).status,
    ).toBe(404);
    expect((await start(client.headers, { with: 'policy', policyNumber: 'POL-NOT-MINE' })).status).toBe(404);
    expect((await start(client.headers, { with: 'recommendation', recommendationId: 999_999 })).status).toBe(
      404,
    );
  });

  it('validates messages with the shared rules', async () => {
    const client = await newClient();
    const conversation = (await start(client.headers, { with: 'support' })).body.result.data;
    const empty = await say(client.headers, conversation.id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].message).toBe('Type a message or attach a file.');
    expect((await say(client.headers, conversation.id, 'x'.repeat(2001))).status).toBe(400);
  });
});

describe('chats from a help request', () => {
  it('lets the client and the firm open the same conversation from the request; other firms get 404', async () => {
    const client = await newClient();
    const [account] = await ctx.database.db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, client.userId));
    const created = await send(
      ctx,
      'underwriting/quotation/createHelpRequest',
      {
        entityRefs: [savannahId],
        expiry: plusDays(kenyaToday(), 7),
        status: 'PENDING',
        remarks: 'Please recommend comprehensive cover for my Toyota Harrier.',
        clientDetails: {
          names: { firstName: 'Achieng', lastName: 'Otieno' },
          email: account!.email,
          kraPin: 'A123456789Z',
        },
        riskDetails: { value: 150_000_000, chassisNumber: 'JTEBU5JR5K5123456', regNo: 'KDA 123B' },
      },
      client.headers,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const requestSystemRef = created.body.result.data.requestSystemRef as string;
    const [row] = await ctx.database.db
      .select({ id: helpRequestIntermediaries.id })
      .from(helpRequestIntermediaries)
      .innerJoin(helpRequests, eq(helpRequests.id, helpRequestIntermediaries.helpRequestId))
      .where(eq(helpRequests.requestSystemRef, requestSystemRef));

    const brokerA = await signInAs(ctx, SAMPLE.brokerA);
    const brokerB = await signInAs(ctx, SAMPLE.brokerB);
    const fromFirm = await send(
      ctx,
      'chat/conversation/startWithClient',
      { requestId: row!.id },
      brokerA.headers,
    );
    expect(fromFirm.status).toBe(200);
    expect(fromFirm.body.result.data).toMatchObject({
      topic: `Help request ${requestSystemRef}`,
      title: `${account!.firstName} ${account!.lastName}`,
    });
    expect(
      (await send(ctx, 'chat/conversation/startWithClient', { requestId: row!.id }, brokerB.headers)).status,
    ).toBe(404);

    const fromClient = await start(client.headers, {
      with: 'helpRequest',
      requestSystemRef,
      intermediaryId: savannahId,
    });
    expect(fromClient.body.result.data.id).toBe(fromFirm.body.result.data.id);
    // The request went to Savannah only.
    expect(
      (await start(client.headers, { with: 'helpRequest', requestSystemRef, intermediaryId: tanaId })).status,
    ).toBe(404);
  });
});

describe('history, unread counts and marks', () => {
  it('pages history by cursor, newest first, and catches up after an id', async () => {
    const client = await newClient();
    const conversation = (await start(client.headers, { with: 'intermediary', intermediaryId: tanaId })).body
      .result.data;
    const ids: number[] = [];
    for (let index = 1; index <= 35; index += 1) {
      ids.push((await say(client.headers, conversation.id, `message ${index}`)).body.result.data.id);
    }
    const first = (await history(client.headers, { conversationId: conversation.id, limit: 30 })).body.result
      .data;
    expect(first.items).toHaveLength(30);
    expect(first.items[0].body).toBe('message 35');
    expect(first.hasMore).toBe(true);
    const second = (
      await history(client.headers, { conversationId: conversation.id, limit: 30, before: first.nextBefore })
    ).body.result.data;
    expect(second.items.map((item: { body: string }) => item.body)).toEqual([
      'message 5',
      'message 4',
      'message 3',
      'message 2',
      'message 1',
    ]);
    expect(second.hasMore).toBe(false);
    expect(second.nextBefore).toBeNull();
    const after = (await history(client.headers, { conversationId: conversation.id, after: ids[32] })).body
      .result.data;
    expect(after.items.map((item: { body: string }) => item.body)).toEqual(['message 34', 'message 35']);
  });

  it('counts unread per conversation and marks own messages sent, delivered, then read', async () => {
    const client = await newClient();
    const brokerB = await signInAs(ctx, SAMPLE.brokerB);
    const conversation = (await start(client.headers, { with: 'intermediary', intermediaryId: tanaId })).body
      .result.data;
    await say(client.headers, conversation.id, 'one');
    const last = (await say(client.headers, conversation.id, 'two')).body.result.data;
    expect(last.mark).toBe('sent');

    const unread = (await conversationsOf(brokerB.headers)).body.result.data;
    expect(unread.items.find((item: { id: number }) => item.id === conversation.id).unreadCount).toBe(2);
    expect(unread.totalUnread).toBeGreaterThanOrEqual(2);

    const brokerHistory = (await history(brokerB.headers, { conversationId: conversation.id })).body.result
      .data;
    expect(brokerHistory.items[0]).toMatchObject({ body: 'two', isMine: false, mark: null });
    const delivered = (await history(client.headers, { conversationId: conversation.id })).body.result.data;
    expect(delivered.items[0]).toMatchObject({ body: 'two', isMine: true, mark: 'delivered' });

    const marked = await send(
      ctx,
      'chat/message/markRead',
      { conversationId: conversation.id, upToMessageId: last.id },
      brokerB.headers,
    );
    expect(marked.body.result.data.moved).toBe(true);
    const read = (await history(client.headers, { conversationId: conversation.id })).body.result.data;
    expect(read.items.map((item: { mark: string }) => item.mark)).toEqual(['read', 'read']);
    const after = (await conversationsOf(brokerB.headers)).body.result.data;
    expect(after.items.find((item: { id: number }) => item.id === conversation.id).unreadCount).toBe(0);
    // Marks never move back.
    const back = await send(
      ctx,
      'chat/message/markRead',
      { conversationId: conversation.id, upToMessageId: 1 },
      brokerB.headers,
    );
    expect(back.body.result.data.moved).toBe(false);
  });

  it('answers a retried send with the stored message instead of a duplicate', async () => {
    const client = await newClient();
    const conversation = (await start(client.headers, { with: 'support' })).body.result.data;
    const first = (await say(client.headers, conversation.id, 'only once', 'retry-key-0001')).body.result
      .data;
    const again = (await say(client.headers, conversation.id, 'only once', 'retry-key-0001')).body.result
      .data;
    expect(again.id).toBe(first.id);
    const all = (await history(client.headers, { conversationId: conversation.id })).body.result.data;
    expect(all.items).toHaveLength(1);
  });
});

describe('the chat socket', () => {
  it('refuses a socket without a token, with a forged one and with an expired one (4401)', async () => {
    const client = await newClient();
    const forged = await openSocket(ctx.app);
    forged.send({ type: 'auth', token: 'not.a.token' });
    expect((await forged.closed).code).toBe(4401);

    const expired = await openSocket(ctx.app);
    const old = signAccessToken(
      { sub: client.userId, role: 'client', ttlSeconds: 60 },
      TEST_JWT_SECRET,
      Date.now() - 120_000,
    );
    expired.send({ type: 'auth', token: old });
    expect((await expired.closed).code).toBe(4401);

    const unauthenticated = await openSocket(ctx.app);
    unauthenticated.send({ type: 'send', conversationId: 1, body: 'hello' });
    expect((await unauthenticated.closed).code).toBe(4401);

    const underwriter = await signInAs(ctx, SAMPLE.underwriter);
    const refused = await openSocket(ctx.app);
    refused.send({ type: 'auth', token: underwriter.headers.accesstoken });
    expect((await refused.closed).code).toBe(4403);
  });

  it('takes a refreshed token on the open socket, and closes at expiry without one', async () => {
    const client = await newClient();
    const other = await newClient();
    const socket = await openSocket(ctx.app, client.token);
    const renewed = signAccessToken({ sub: client.userId, role: 'client', ttlSeconds: 900 }, TEST_JWT_SECRET);
    socket.send({ type: 'auth', token: renewed });
    await waitUntil(
      async () => socket.frames.filter((frame) => frame.type === 'ready').length,
      (count) => count === 2,
    );
    // A socket belongs to one user: another user's token closes it.
    socket.send({ type: 'auth', token: other.token });
    expect((await socket.closed).code).toBe(4403);

    const shortLived = signAccessToken(
      { sub: client.userId, role: 'client', ttlSeconds: 2 },
      TEST_JWT_SECRET,
    );
    const expiring = await openSocket(ctx.app, shortLived);
    expect((await expiring.closed).code).toBe(4401);
  });

  it('delivers a message to the other side in real time, with delivered and read marks back', async () => {
    const client = await newClient();
    const broker = await signInAs(ctx, SAMPLE.agent);
    const njoroge = await firmId(ctx, FIRM.njoroge);
    const conversation = (await start(client.headers, { with: 'intermediary', intermediaryId: njoroge })).body
      .result.data;
    const clientSocket = await openSocket(ctx.app, client.token);
    const brokerSocket = await openSocket(ctx.app, broker.headers.accesstoken!);
    try {
      clientSocket.send({
        type: 'send',
        conversationId: conversation.id,
        body: 'Are you there?',
        clientMessageId: 'socket-msg-1',
      });
      const ack = await clientSocket.next('ack');
      expect(ack.message).toMatchObject({ body: 'Are you there?', isMine: true, mark: 'sent' });
      const received = await brokerSocket.next('message', (frame) => frame.message.id === ack.message.id);
      expect(received.message).toMatchObject({ isMine: false, senderSide: 'client' });

      brokerSocket.send({
        type: 'delivered',
        conversationId: conversation.id,
        upToMessageId: ack.message.id,
      });
      await clientSocket.next('marks', (frame) => frame.marks.staffDeliveredId >= ack.message.id);
      brokerSocket.send({ type: 'read', conversationId: conversation.id, upToMessageId: ack.message.id });
      await clientSocket.next('marks', (frame) => frame.marks.staffReadId >= ack.message.id);

      brokerSocket.send({ type: 'send', conversationId: conversation.id, body: 'Yes, how can I help?' });
      const reply = await clientSocket.next(
        'message',
        (frame) => frame.message.body === 'Yes, how can I help?',
      );
      expect(reply.message.senderSide).toBe('staff');
      // Both were online: no notifications.
      expect(await chatNotifications(client.userId)).toHaveLength(0);
    } finally {
      await clientSocket.close();
      await brokerSocket.close();
    }
  });

  it('catches up on messages missed while away, from the last seen id', async () => {
    const client = await newClient();
    const admin = await signInAs(ctx, SAMPLE.admin);
    const conversation = (await start(client.headers, { with: 'support' })).body.result.data;
    const seen = (await say(client.headers, conversation.id, 'before the tunnel')).body.result.data;
    await say(admin.headers, conversation.id, 'missed one');
    await say(admin.headers, conversation.id, 'missed two');
    const socket = await openSocket(ctx.app, client.token, { lastSeenId: seen.id });
    try {
      await socket.next('message', (frame) => frame.message.body === 'missed two');
      const bodies = socket.frames.flatMap((frame) => (frame.type === 'message' ? [frame.message.body] : []));
      expect(bodies).toEqual(['missed one', 'missed two']);
    } finally {
      await socket.close();
    }
  });

  it('turns a message to someone with no socket open into a chat_message notification', async () => {
    const client = await newClient();
    const broker = await signInAs(ctx, SAMPLE.brokerA);
    const [brokerUser] = await ctx.database.db.select().from(users).where(eq(users.email, SAMPLE.brokerA));
    const conversation = (await start(client.headers, { with: 'intermediary', intermediaryId: savannahId }))
      .body.result.data;

    // The broker is online: nothing to notify.
    const brokerSocket = await openSocket(ctx.app, broker.headers.accesstoken!);
    const before = (await chatNotifications(brokerUser!.id)).length;
    await say(client.headers, conversation.id, 'while you are here');
    expect(await chatNotifications(brokerUser!.id)).toHaveLength(before);
    await brokerSocket.close();
    await waitUntil(
      () => ctx.database.db.select().from(chatPresence).where(eq(chatPresence.userId, brokerUser!.id)),
      (rows) => rows.length === 0,
      10_000,
    );

    // The client has no socket open: the broker's answer becomes a notification with a link.
    await say(broker.headers, conversation.id, 'Your quote is ready.');
    const told = await chatNotifications(client.userId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      body: 'Your quote is ready.',
      link: `/newportal/chats/${conversation.id}`,
    });
    // And by e-mail, through the mail queue (the client did not switch chat e-mails off).
    const [clientUser] = await ctx.database.db.select().from(users).where(eq(users.id, client.userId));
    const mails = await ctx.database.db.select().from(mailQueue).where(eq(mailQueue.to, clientUser!.email));
    expect(mails.some((mail) => mail.text.includes('Your quote is ready.'))).toBe(true);
    // One unread notification per conversation, however many messages follow.
    await say(broker.headers, conversation.id, 'And the benefits list.');
    expect(await chatNotifications(client.userId)).toHaveLength(1);

    // Now the broker is offline too: the client's message notifies the firm's users.
    await say(client.headers, conversation.id, 'Thanks!');
    const firmTold = await chatNotifications(brokerUser!.id);
    expect(firmTold.some((row) => row.link === `/staff/chats/${conversation.id}`)).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('three API instances on one PostgreSQL database', () => {
  it('fans a message sent on one instance out to sockets on the two others (LISTEN/NOTIFY)', async () => {
    const url = ctx.database.url;
    expect(url).toBeTruthy();
    const secondDatabase = await openDatabase({ databaseUrl: url });
    const second = await buildApp({ config: ctx.config, database: secondDatabase });
    second.addHook('onClose', () => secondDatabase.close());
    const thirdDatabase = await openDatabase({ databaseUrl: url });
    const third = await buildApp({ config: ctx.config, database: thirdDatabase });
    third.addHook('onClose', () => thirdDatabase.close());
    expect(second.services.chat.bus.kind).toBe('postgres');
    const client = await newClient();
    const broker = await signInAs(ctx, SAMPLE.brokerB);
    const conversation = (await start(client.headers, { with: 'intermediary', intermediaryId: tanaId })).body
      .result.data;
    const onFirst = await openSocket(ctx.app, client.token);
    const onSecond = await openSocket(second, broker.headers.accesstoken!);
    // The client's other device, connected to the third instance.
    const onThird = await openSocket(third, client.token);
    try {
      onFirst.send({ type: 'send', conversationId: conversation.id, body: 'from instance one' });
      await onThird.next('message', (frame) => frame.message.body === 'from instance one', 15_000);
      const arrived = await onSecond.next(
        'message',
        (frame) => frame.message.body === 'from instance one',
        15_000,
      );
      expect(arrived.message.senderSide).toBe('client');
      onSecond.send({ type: 'send', conversationId: conversation.id, body: 'answered on instance two' });
      await onFirst.next('message', (frame) => frame.message.body === 'answered on instance two', 15_000);
    } finally {
      await onFirst.close();
      await onSecond.close();
      await onThird.close();
      await second.close();
      await third.close();
    }
  }, 60_000);
});

const redisServer = spawnSync('sh', ['-c', 'command -v redis-server']).stdout.toString().trim();

describe.runIf(redisServer)('two API instances with REDIS_URL', () => {
  it('fans a message out through Redis pub/sub', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const redis = spawn(redisServer, [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    try {
      const redisUrl = `redis://127.0.0.1:${port}`;
      await waitUntil(
        async () => {
          const probe = createConnection({ host: '127.0.0.1', port });
          return new Promise<boolean>((resolve) => {
            probe.once('connect', () => {
              probe.end();
              resolve(true);
            });
            probe.once('error', () => resolve(false));
          });
        },
        (up) => up,
        10_000,
      );
      const config = { ...ctx.config, REDIS_URL: redisUrl };
      // Both instances on the test database (the same PGlite handle, or the same PostgreSQL).
      const one = await buildApp({ config, database: ctx.database });
      const two = await buildApp({ config, database: ctx.database });
      expect(one.services.chat.bus.kind).toBe('redis');
      const client = await newClient();
      const broker = await signInAs(ctx, SAMPLE.brokerA);
      const conversation = (await start(client.headers, { with: 'intermediary', intermediaryId: savannahId }))
        .body.result.data;
      const onOne = await openSocket(one, client.token);
      const onTwo = await openSocket(two, broker.headers.accesstoken!);
      try {
        onOne.send({ type: 'send', conversationId: conversation.id, body: 'through redis' });
        await onTwo.next('message', (frame) => frame.message.body === 'through redis', 15_000);
      } finally {
        await onOne.close();
        await onTwo.close();
        await one.close();
        await two.close();
      }
    } finally {
      redis.kill();
    }
  }, 60_000);
});

describe('the chat socket address in the Content-Security-Policy', () => {
  it('allows a configured chat origin in connect-src, and only the page origin otherwise', async () => {
    const separate = await buildTestApp({
      seed: false,
      env: { CHAT_SOCKET_ORIGIN: 'wss://chat.bimaportal.co.ke' },
    });
    try {
      const response = await separate.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['content-security-policy']).toContain(
        "connect-src 'self' wss://chat.bimaportal.co.ke",
      );
    } finally {
      await separate.app.close();
    }
    const same = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(same.headers['content-security-policy']).toContain("connect-src 'self';");
  });
});
