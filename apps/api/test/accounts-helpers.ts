import { desc, eq } from 'drizzle-orm';
import { outboxEmails } from '../src/db/schema';
import type { buildTestApp } from './helpers';
import { envelope } from './helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

let counter = 0;
/** A fresh e-mail address for each test. */
export function uniqueEmail(prefix = 'client'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.co.ke`;
}

export function call(
  ctx: Ctx,
  service: string,
  resource: string,
  action: string,
  data: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v2/api/v1',
    payload: envelope(service, resource, action, data),
    headers,
  });
}

/**
 * The 4-digit code of the newest mail to an address, read from the outbox. Reset codes are mailed
 * in the background after the answer, so this polls for a short while.
 */
export async function latestCode(ctx: Ctx, email: string, options: { after?: number } = {}): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const [mail] = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, email))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    const code = mail && mail.id > (options.after ?? 0) ? mail.text.match(/\b(\d{4})\b/)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The newest reset mail to an address: its code and the key of its link (a reset code is compared
 * only with that key). Polls like `latestCode`.
 */
export async function latestResetMail(
  ctx: Ctx,
  email: string,
  options: { after?: number } = {},
): Promise<{ code: string; key: string; link: URL }> {
  const code = await latestCode(ctx, email, options);
  const [mail] = await ctx.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, email))
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  const link = new URL(mail!.text.match(/https?:\/\/\S+/)?.[0] ?? 'invalid:');
  return { code, key: link.searchParams.get('key') ?? '', link };
}

/** The id of the newest mail to an address (0 when none), to wait for the next one. */
export async function latestMailId(ctx: Ctx, email: string): Promise<number> {
  const [mail] = await ctx.database.db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(eq(outboxEmails.to, email))
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  return mail?.id ?? 0;
}

export const PASSWORD = 'Safari-2026!';

/** Signs up, verifies and sets a password; returns the e-mail. */
export async function registerUser(ctx: Ctx, email = uniqueEmail()): Promise<string> {
  const created = await call(ctx, 'user', 'registration', 'createUser', {
    email,
    names: { firstName: 'Wanjiru', lastName: 'Kamau' },
  });
  const registrationId = created.json().result.data as string;
  await call(ctx, 'user', 'registration', 'registrationValidation', {
    registrationId,
    registrationCode: await latestCode(ctx, email),
  });
  const set = await call(ctx, 'user', 'registration', 'setPassword', {
    registrationId,
    username: email,
    password: PASSWORD,
  });
  if (set.statusCode !== 200) throw new Error(set.body);
  return email;
}

export async function loginUser(ctx: Ctx, email: string, password = PASSWORD) {
  const response = await call(ctx, 'user', 'auth', 'login', { username: email, password, loginDevice: {} });
  return response.json().result.data as {
    accessToken: string;
    refreshToken: string;
    role: string;
    user: Record<string, unknown>;
  };
}
