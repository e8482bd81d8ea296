import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueEmail } from './accounts-helpers';
import { buildTestApp } from './helpers';

describe('e-mail over a real SMTP server', () => {
  const received: Array<{ to: string[]; raw: string }> = [];
  let server: SMTPServer;
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    ctx = await buildTestApp({ seed: false, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await ctx.app.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the sign-up code through SMTP, with text and HTML parts', async () => {
    const email = uniqueEmail('smtp');
    const response = await call(ctx, 'user', 'registration', 'createUser', {
      email,
      names: { firstName: 'Akinyi', lastName: 'Wekesa' },
    });
    expect(response.statusCode).toBe(200);
    const message = received.find((mail) => mail.to.includes(email));
    expect(message).toBeDefined();
    expect(message!.raw).toMatch(/Subject: Your Bima Portal verification code: \d{4}/);
    expect(message!.raw).toContain('text/plain');
    expect(message!.raw).toContain('text/html');
    expect(message!.raw).toContain('From: Bima Portal');
  });
});
