import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createConnection } from 'node:net';
import type { ChatServerFrame } from '@bima/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type ClusterBus, createLocalBus } from '../src/cluster/bus';
import { call, latestMailId, latestResetMail, loginUser, PASSWORD, registerUser } from './accounts-helpers';
import { openSocket, socketUrl, type TestSocket } from './chat-helpers';
import { buildTestApp, type TestContext } from './helpers';
import { waitUntil } from './purchase-helpers';
import { createStaffUser, FIRM, firmId, type Headers, SAMPLE, send, signInAs } from './staff-helpers';

/**
 * Two API instances (A: `ctx.app`, B: `other`) on one database and one bus, as two processes behind a
 * load balancer share PostgreSQL and Redis: sessions end on A, sockets on B close.
 */
let bus: ClusterBus;
let ctx: TestContext;
let other: FastifyInstance;

beforeAll(async () => {
  bus = createLocalBus();
  ctx = await buildTestApp({
    bus,
    env: {
      AUTH_RATE_LIMIT_SCALE: '100',
      RATE_LIMIT_MAX: '100000',
      CHAT_SOCKETS_PER_USER: '2',
      PUBLIC_BASE_URL: 'https://portal.example.co.ke/newportal',
      CHAT_SOCKET_ORIGIN: 'wss://chat.example.co.ke, http://localhost:5173',
    },
  });
  other = await buildApp({ config: ctx.config, database: ctx.database, bus });
}, 60_000);

afterAll(async () => {
  await other?.close();
  await ctx?.app.close();
  await bus?.close();
});

/** A new client signed in on two devices (two sessions): each device's access token. */
async function clientOnTwoDevices() {
  const email = await registerUser(ctx);
  const phone = await loginUser(ctx, email);
  const laptop = await loginUser(ctx, email);
  return { email, phone: phone.accessToken, laptop: laptop.accessToken };
}

const headersOf = (token: string): Headers => ({ accesstoken: token });

/** The socket is still signed in and acting: a message to support is stored and acknowledged. */
async function stillWorks(socket: TestSocket, token: string) {
  const conversation = (
    await send(ctx, 'chat/conversation/startConversation', { with: 'support' }, headersOf(token))
  ).body.result.data;
  const clientMessageId = `alive-${randomBytes(4).toString('hex')}`;
  socket.send({ type: 'send', conversationId: conversation.id, body: 'still here', clientMessageId });
  await socket.next('ack', (frame) => frame.clientMessageId === clientMessageId);
}

describe('a chat socket ends with its session, on every instance', () => {
  it('signing out on instance A closes that session’s socket on instance B (4401); the other device’s stays', async () => {
    const client = await clientOnTwoDevices();
    const phoneSocket = await openSocket(other, client.phone);
    const laptopSocket = await openSocket(other, client.laptop);
    try {
      expect((await call(ctx, 'client', 'logout', 'logout', {}, headersOf(client.phone))).statusCode).toBe(
        200,
      );
      const closed = await phoneSocket.closed;
      expect(closed.code).toBe(4401);
      expect(phoneSocket.frames.at(-1)).toMatchObject({ type: 'error', code: 'unauthorized' });
      await stillWorks(laptopSocket, client.laptop);
    } finally {
      await laptopSocket.close();
    }
  });

  it('a password change and "sign out of other devices" close the other devices’ sockets, not this one’s', async () => {
    const client = await clientOnTwoDevices();
    const phoneSocket = await openSocket(other, client.phone);
    const laptopSocket = await openSocket(other, client.laptop);
    const changed = await send(
      ctx,
      'client/profile/changePassword',
      { currentPassword: PASSWORD, newPassword: 'Mombasa-2027!' },
      headersOf(client.laptop),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await phoneSocket.closed).code).toBe(4401);
    await stillWorks(laptopSocket, client.laptop);
    await laptopSocket.close();

    const again = await clientOnTwoDevices();
    const onPhone = await openSocket(other, again.phone);
    const onLaptop = await openSocket(other, again.laptop);
    const signedOut = await send(ctx, 'client/profile/signOutOtherDevices', {}, headersOf(again.laptop));
    expect(signedOut.status).toBe(200);
    expect((await onPhone.closed).code).toBe(4401);
    await stillWorks(onLaptop, again.laptop);
    await onLaptop.close();
  });

  it('a password reset closes every socket of the account', async () => {
    const client = await clientOnTwoDevices();
    const phoneSocket = await openSocket(other, client.phone);
    const laptopSocket = await openSocket(other, client.laptop);
    const after = await latestMailId(ctx, client.email);
    const requested = await call(ctx, 'user', 'auth', 'forgotPasswordRequest', { username: client.email });
    const forgotPasswordSystemRef = requested.json().result.data.forgotPasswordSystemRef as string;
    const { code, key } = await latestResetMail(ctx, client.email, { after });
    expect(
      (await call(ctx, 'user', 'auth', 'forgotPasswordValidation', { forgotPasswordSystemRef, code, key }))
        .statusCode,
    ).toBe(200);
    const reset = await call(ctx, 'user', 'auth', 'resetPasswordRequest', {
      forgotPasswordSystemRef,
      newPassword: 'Kisumu-2027!',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await phoneSocket.closed).code).toBe(4401);
    expect((await laptopSocket.closed).code).toBe(4401);
  });

  it('disabling a staff user closes their socket', async () => {
    const admin = await signInAs(ctx, SAMPLE.admin);
    const staff = await createStaffUser(ctx, null);
    const socket = await openSocket(other, staff.headers.accesstoken!);
    const disabled = await send(ctx, 'admin/staff/disableStaff', { userId: staff.userId }, admin.headers);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((await socket.closed).code).toBe(4401);
  });

  it('suspending a firm closes its users’ sockets', async () => {
    const admin = await signInAs(ctx, SAMPLE.admin);
    const broker = await signInAs(ctx, SAMPLE.brokerB);
    const socket = await openSocket(other, broker.headers.accesstoken!);
    const tana = await firmId(ctx, FIRM.tana);
    const suspended = await send(
      ctx,
      'admin/intermediary/suspendIntermediary',
      { id: tana, reason: 'Licence lapsed' },
      admin.headers,
    );
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect((await socket.closed).code).toBe(4401);
  });
});

describe('open sockets per user (CHAT_SOCKETS_PER_USER, here 2)', () => {
  it('counts them across instances: a third is closed with 4429; once one closes, another may open', async () => {
    const client = await clientOnTwoDevices();
    const onA = await openSocket(ctx.app, client.phone);
    const onB = await openSocket(other, client.laptop);
    const third = await openSocket(ctx.app);
    third.send({ type: 'auth', token: client.phone });
    const refused = await third.closed;
    expect(refused.code).toBe(4429);
    expect(third.frames.some((frame) => frame.type === 'ready')).toBe(false);
    await onB.close();
    const ready = onA.frames.find((frame) => frame.type === 'ready');
    await waitUntil(
      () => ctx.app.services.chat.countOpen(ready?.type === 'ready' ? ready.userId : ''),
      (open) => open === 1,
    );
    const fourth = await openSocket(other, client.laptop);
    await stillWorks(fourth, client.laptop);
    await fourth.close();
    await onA.close();
  });
});

/** The status of a raw WebSocket handshake with the given Origin (none when undefined): 101 or a refusal. */
async function handshake(app: FastifyInstance, origin?: string): Promise<number> {
  const url = (await socketUrl(app)).replace(/^ws:/, 'http:');
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        ...(origin === undefined ? {} : { origin }),
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the chat socket handshake checks Origin', () => {
  it('accepts the portal’s own origin and CHAT_SOCKET_ORIGIN’s, refuses any other page (403)', async () => {
    expect(await handshake(ctx.app, 'https://portal.example.co.ke')).toBe(101);
    expect(await handshake(ctx.app, 'https://chat.example.co.ke')).toBe(101);
    expect(await handshake(ctx.app, 'http://localhost:5173')).toBe(101);
    expect(await handshake(ctx.app, 'https://evil.example')).toBe(403);
    expect(await handshake(ctx.app, 'http://portal.example.co.ke')).toBe(403);
    expect(await handshake(ctx.app, 'https://portal.example.co.ke.evil.example')).toBe(403);
    expect(await handshake(ctx.app, 'null')).toBe(403);
  });

  it('lets a client without Origin (not a web page: a native app, a probe) through to the token check', async () => {
    expect(await handshake(ctx.app)).toBe(101);
  });

  it('lists every CHAT_SOCKET_ORIGIN in the Content-Security-Policy’s connect-src', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' wss://chat.example.co.ke http://localhost:5173;",
    );
  });
});

describe('one request budget per user, over HTTP and the socket', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100', RATE_LIMIT_MAX: '12' } });
  }, 60_000);
  afterAll(() => small?.app.close());

  it('socket frames spend the gateway’s per-user limit: past it each gets a rate-limited error frame, and HTTP answers 429', async () => {
    const email = await registerUser(small);
    const { accessToken } = await loginUser(small, email);
    const headers = headersOf(accessToken);
    // Two HTTP calls: 10 of the 12 left.
    const conversation = (
      await send(small, 'chat/conversation/startConversation', { with: 'support' }, headers)
    ).body.result.data;
    expect(
      (await send(small, 'chat/conversation/listConversations', { page: 1, pageSize: 5 }, headers)).status,
    ).toBe(200);
    // Many sockets of the same user share the same budget.
    const sockets = [await openSocket(small.app, accessToken), await openSocket(small.app, accessToken)];
    const answers: ChatServerFrame[] = [];
    for (let index = 0; index < 14; index += 1) {
      const socket = sockets[index % 2]!;
      const clientMessageId = `budget-${index}`;
      socket.send({
        type: 'send',
        conversationId: conversation.id,
        body: `message ${index}`,
        clientMessageId,
      });
      const answered = (frame: ChatServerFrame) =>
        (frame.type === 'ack' || frame.type === 'error') && frame.clientMessageId === clientMessageId;
      const answer = await waitUntil(
        async () => socket.frames.find(answered),
        (found) => found !== undefined,
        10_000,
      );
      answers.push(answer!);
    }
    expect(answers.slice(0, 10).every((answer) => answer.type === 'ack')).toBe(true);
    for (const answer of answers.slice(10)) {
      expect(answer).toMatchObject({ type: 'error', code: 'rate-limited' });
      expect(answer.type === 'error' && answer.message).toMatch(
        /^Too many requests\. Please try again in \d+ seconds\.$/,
      );
    }
    // The sockets stay open (a refusal, not a crash) …
    for (const socket of sockets) expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    // … and HTTP is out of budget too.
    const refused = await call(
      small,
      'chat',
      'conversation',
      'listConversations',
      { page: 1, pageSize: 5 },
      headers,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    for (const socket of sockets) await socket.close();
  });
});

const redisServer = spawnSync('sh', ['-c', 'command -v redis-server']).stdout.toString().trim();

describe.runIf(redisServer)('two instances with REDIS_URL', () => {
  it('signing out on one closes the session’s socket on the other, through Redis pub/sub', async () => {
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
      await waitUntil(
        () =>
          new Promise<boolean>((resolve) => {
            const probe = createConnection({ host: '127.0.0.1', port });
            probe.once('connect', () => resolve(probe.end() && true));
            probe.once('error', () => resolve(false));
          }),
        (up) => up,
        10_000,
      );
      const config = { ...ctx.config, REDIS_URL: `redis://127.0.0.1:${port}` };
      const one = await buildApp({ config, database: ctx.database });
      const two = await buildApp({ config, database: ctx.database });
      try {
        expect(two.services.bus.kind).toBe('redis');
        const email = await registerUser(ctx);
        const { accessToken } = await loginUser(ctx, email);
        const socket = await openSocket(two, accessToken);
        expect(
          (
            await one.inject({
              method: 'POST',
              url: '/v2/api/v1',
              headers: { accesstoken: accessToken },
              payload: {
                service: { name: 'client', version: 'v1' },
                resource: { name: 'logout', version: 'v1' },
                action: { name: 'logout', version: 'v1' },
                data: {},
              },
            })
          ).statusCode,
        ).toBe(200);
        expect((await socket.closed).code).toBe(4401);
      } finally {
        await one.close();
        await two.close();
      }
    } finally {
      redis.kill();
    }
  }, 60_000);
});
