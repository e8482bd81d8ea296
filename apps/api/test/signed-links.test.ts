import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { signLink, verifyLink } from '../src/gateway/signed-links';
import { loginUser, registerUser } from './accounts-helpers';
import { buildTestApp, TEST_JWT_SECRET } from './helpers';
import { giveKyc, invoiceFor, MPESA_TEST_ENV, payForPolicy } from './purchase-helpers';
import { send } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** Every download link a client is given (policy documents, statements) dies with the session that asked for it. */
describe('signed download links', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: MPESA_TEST_ENV });
  });
  afterAll(() => ctx.app.close());

  const download = (url: string) => ctx.app.inject({ method: 'GET', url });

  async function linksOf(headers: Record<string, string>, policyNumber: string) {
    const policy = (await send(ctx, 'client/policy/getPolicy', { policyNumber }, headers)).body.result.data;
    const statement = (await send(ctx, 'client/account/getStatement', {}, headers)).body.result.data;
    return [
      policy.documents.schedule,
      policy.documents.receipt,
      statement.downloads.pdf,
      statement.downloads.csv,
    ] as string[];
  }

  it('policy documents and statements: a sign-out ends its own links at once, not another device’s', async () => {
    const email = await registerUser(ctx);
    const phone = { accesstoken: (await loginUser(ctx, email)).accessToken };
    const laptop = { accesstoken: (await loginUser(ctx, email)).accessToken };
    await giveKyc(ctx, phone);
    const invoice = await invoiceFor(ctx, phone);
    const policyNumber = await payForPolicy(ctx, phone, invoice.invoiceSystemRef);

    const phoneLinks = await linksOf(phone, policyNumber);
    const laptopLinks = await linksOf(laptop, policyNumber);
    for (const url of [...phoneLinks, ...laptopLinks])
      expect((await download(url)).statusCode, url).toBe(200);

    expect((await send(ctx, 'client/logout/logout', {}, phone)).status).toBe(200);
    for (const url of phoneLinks) {
      const after = await download(url);
      expect(after.statusCode, url).toBe(403);
      expect(after.json().err_msg).toBe('This download link has expired.');
    }
    for (const url of laptopLinks) expect((await download(url)).statusCode, url).toBe(200);

    // A disabled account's links die too, whichever session asked.
    const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await ctx.database.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, user!.id));
    for (const url of laptopLinks) expect((await download(url)).statusCode, url).toBe(403);
  });

  it('a link signed for one purpose opens nothing else, and a changed field breaks its signature', async () => {
    const reader = { userId: '7d1f5b9e-3c1a-4a57-9b0e-1f2a3b4c5d6e', sessionId: null };
    const token = signLink(TEST_JWT_SECRET, 'documents', ['schedule', 12], reader);
    expect(verifyLink(TEST_JWT_SECRET, 'documents', token, 2)?.fields).toEqual(['schedule', '12']);
    expect(verifyLink(TEST_JWT_SECRET, 'statements', token, 2)).toBeNull();
    expect(verifyLink(TEST_JWT_SECRET, 'documents', token, 3)).toBeNull();
    const [payload, signature] = token.split('.') as [string, string];
    const changed = Buffer.from(
      Buffer.from(payload, 'base64url').toString('utf8').replace('.12.', '.13.'),
    ).toString('base64url');
    expect(verifyLink(TEST_JWT_SECRET, 'documents', `${changed}.${signature}`, 2)).toBeNull();
    // A field that could split the payload is refused when signing.
    expect(() => signLink(TEST_JWT_SECRET, 'files', ['a.b'], reader)).toThrow();
    // A link for a test token's session-less reader never opens a route.
    const forNobody = signLink(TEST_JWT_SECRET, 'statements', ['pdf', '2026-01-01', '2026-02-01'], reader);
    expect((await download(`/v2/api/statements/${forNobody}`)).statusCode).toBe(403);
  });
});
