import { createHmac, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isUserRole, STAFF_MESSAGES, USER_LANGUAGE_MESSAGES, type UserRole } from '@bima/domain';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type CodeBudget, chargeCodeGuess, pauseWhenSpent, refundCodeGuess } from '../../auth/code-budget';
import {
  codeMatches,
  generateCode,
  generateRefreshToken,
  hashCode,
  hashDecoyCode,
  hashRefreshToken,
  openToken,
  sealToken,
} from '../../auth/codes';
import { getDummyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords';
import { AUTH_RATE_RULES, LOGIN_ACCOUNT_SLOW_DOWN } from '../../auth/rate-limiter';
import { announceEndedSessions, endSessions, revokeSessions } from '../../auth/sessions';
import { signAccessToken } from '../../auth/tokens';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  clients,
  intermediaries,
  oneTimeCodes,
  refreshTokens,
  sessions,
  users,
  verifications,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { type Language, languageOf } from '../../lib/language';
import {
  codesPausedEmail,
  type EmailMessage,
  passwordResetCodeEmail,
  registrationCodeEmail,
  signInPausedEmail,
  signUpAttemptEmail,
} from '../../mail/templates';
import type { Services } from '../../services';

export interface AccountContext {
  db: Database;
  config: Config;
  services: Services;
  ip: string;
  log?: FastifyBaseLogger;
  /** The request's language (Accept-Language): recorded on the user at sign-up and sign-in. */
  language?: Language;
}

type Purpose = 'registration' | 'password_reset';
type UserRow = typeof users.$inferSelect;

const CODE_WRONG = 'The code is not correct. Check the e-mail and try again.';
const CODE_DEAD = 'This code has expired or was tried too many times. Request a new code.';
const CODES_PAUSED =
  'Too many wrong codes for this account today: codes are paused for a day. The account owner has been told by e-mail.';
const RESET_LINK_NEEDED =
  'Open the link in the reset e-mail we sent you, then enter the code on that page. The link expires in 15 minutes.';

/**
 * The secret key of a reset's e-mailed link: an HMAC of the reference under the server secret, so it
 * is the same in every mail of the reference (a resend keeps the open page working), needs no
 * storage, and cannot be guessed (256 bits) by whoever asked the reset without reading the mailbox.
 */
function resetKeyOf(secret: string, reference: string): string {
  return createHmac('sha256', secret).update(`password-reset-link:${reference}`).digest('base64url');
}

function isResetKey(secret: string, reference: string, key: string | undefined): boolean {
  const expected = Buffer.from(resetKeyOf(secret, reference));
  const given = Buffer.from(key ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The web app's code page for a reset, opened from the e-mail with the reference and its key. */
function resetLink(baseUrl: string, reference: string, key: string): string {
  return `${baseUrl.replace(/\/$/, '')}/insurance/otp?${new URLSearchParams({ reset: reference, key })}`;
}

function codeBudgetOf(context: AccountContext): CodeBudget {
  return { db: context.db, clock: context.services.clock, wrongPerDay: context.config.CODE_WRONG_PER_DAY };
}

/** The public view of a user: never the password hash. */
export function presentUser(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    names: { firstName: user.firstName, lastName: user.lastName },
    role: user.role,
    status: user.status,
    intermediaryId: user.intermediaryId,
    underwriterId: user.underwriterId,
  };
}

function roleOf(user: UserRow): UserRole {
  if (!isUserRole(user.role)) throw new Error(`user ${user.id} has an unknown role`);
  return user.role;
}

/** Stores a new live code for a verification; older ones die. */
export async function storeCode(
  context: AccountContext,
  verificationId: string,
  codeHash: string,
  ttlMinutes: number,
  options: { carryAttempts?: boolean } = {},
): Promise<void> {
  await context.db.transaction(async (tx) => {
    // With carryAttempts (a reset reference) a new code brings no new tries: the tries so far carry over.
    const older = await tx
      .update(oneTimeCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(oneTimeCodes.verificationId, verificationId), isNull(oneTimeCodes.consumedAt)))
      .returning({ attempts: oneTimeCodes.attempts });
    await tx.insert(oneTimeCodes).values({
      verificationId,
      codeHash,
      attempts: options.carryAttempts ? Math.max(0, ...older.map((code) => code.attempts)) : 0,
      expiresAt: new Date(context.services.clock.now().getTime() + ttlMinutes * 60_000),
    });
  });
}

/**
 * Issues a new 4-digit code for a verification of another area (a staff invitation, a help request's
 * e-mail check) and e-mails it, composed by `compose`: the same codes as sign-up (HMAC-stored, single
 * use, counted tries), living `ttlMinutes` (CODE_TTL_MINUTES by default).
 */
export async function issueEmailedCode(
  context: AccountContext,
  options: {
    verificationId: string;
    ttlMinutes?: number;
    compose: (code: string, minutes: number) => EmailMessage;
  },
): Promise<void> {
  const ttlMinutes = options.ttlMinutes ?? context.config.CODE_TTL_MINUTES;
  const code = generateCode();
  await storeCode(
    context,
    options.verificationId,
    hashCode(context.services.tokenSecret, options.verificationId, code),
    ttlMinutes,
  );
  await context.services.mailer.send(options.compose(code, ttlMinutes));
}

/**
 * Issues a new code for a verification (older ones die) and e-mails it. A reset code is e-mailed in
 * the background, so the answer never waits on the mail server; a reset asked for an unknown e-mail
 * (no recipient) stores a decoy code that no guess matches the same way and composes the same mail
 * without sending it, so both answers take the same work and then behave alike.
 */
async function issueCode(
  context: AccountContext,
  verificationId: string,
  purpose: Purpose,
  recipient: Pick<UserRow, 'email' | 'firstName' | 'language'> | null,
) {
  const { config, services } = context;
  const code = generateCode();
  const codeHash = recipient
    ? hashCode(services.tokenSecret, verificationId, code)
    : hashDecoyCode(services.tokenSecret, verificationId);
  const isReset = purpose === 'password_reset';
  await storeCode(context, verificationId, codeHash, config.CODE_TTL_MINUTES, { carryAttempts: isReset });
  const email = {
    to: recipient?.email ?? 'nobody@invalid',
    firstName: recipient?.firstName ?? '',
    code,
    minutes: config.CODE_TTL_MINUTES,
    language: languageOf(recipient?.language),
  };
  const message = isReset
    ? passwordResetCodeEmail({
        ...email,
        link: resetLink(
          config.PUBLIC_BASE_URL,
          verificationId,
          resetKeyOf(services.tokenSecret, verificationId),
        ),
      })
    : registrationCodeEmail(email);
  if (!recipient) return;
  if (purpose === 'registration') {
    await services.mailer.send(message);
    return;
  }
  services.mailer.send(message).catch((error: unknown) => {
    context.log?.error({ err: error, verificationId }, 'could not send a password reset code');
  });
}

/**
 * Checks a code against the verification's live code: single use, 10 minutes, 5 tries. Each try is
 * counted by one conditional UPDATE before the comparison, so however many requests race, at most
 * CODE_MAX_ATTEMPTS comparisons are ever made against one code.
 */
export async function consumeCode(
  context: AccountContext,
  verificationId: string,
  code: string,
): Promise<void> {
  const { db, config, services } = context;
  const dead = () => new AppError('invalid', CODE_DEAD, { code: 'EMAIL_TOKEN_EXPIRED' });
  const [live] = await db
    .select({
      id: oneTimeCodes.id,
      codeHash: oneTimeCodes.codeHash,
      userId: verifications.userId,
      email: verifications.email,
      owner: { email: users.email, firstName: users.firstName, language: users.language },
    })
    .from(oneTimeCodes)
    .innerJoin(verifications, eq(verifications.id, oneTimeCodes.verificationId))
    .leftJoin(users, eq(users.id, verifications.userId))
    .where(and(eq(oneTimeCodes.verificationId, verificationId), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!live) throw dead();
  const [counted] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, live.id),
        lt(oneTimeCodes.attempts, config.CODE_MAX_ATTEMPTS),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, services.clock.now()),
      ),
    )
    .returning({ attempts: oneTimeCodes.attempts });
  if (!counted) throw dead();
  // Then the account's budget for the day, across all its references (a reset asked for an unknown
  // address has one by address, so it answers alike); refused, the code's try is given back.
  const budget = codeBudgetOf(context);
  const subject = live.userId ?? (live.email ? `email:${live.email.toLowerCase()}` : null);
  const charge = subject ? await chargeCodeGuess(budget, subject) : null;
  if (subject && !charge) {
    await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} - 1` })
      .where(and(eq(oneTimeCodes.id, live.id), gt(oneTimeCodes.attempts, 0)));
    throw new AppError('rate_limited', CODES_PAUSED, { code: 'CODES_PAUSED' });
  }
  const refund = async () => {
    if (charge) await refundCodeGuess(budget, charge);
  };
  if (!codeMatches(services.tokenSecret, verificationId, code, live.codeHash)) {
    if (charge && (await pauseWhenSpent(budget, charge)) && live.owner?.email) {
      const owner = live.owner;
      services.mailer
        .send(
          codesPausedEmail({
            to: owner.email,
            firstName: owner.firstName,
            language: languageOf(owner.language),
          }),
        )
        .catch((error: unknown) =>
          context.log?.error({ err: error }, 'could not send the codes-paused notice'),
        );
    }
    const isLastTry = counted.attempts >= config.CODE_MAX_ATTEMPTS;
    throw new AppError('invalid', isLastTry ? CODE_DEAD : CODE_WRONG, {
      code: isLastTry ? 'EMAIL_TOKEN_EXPIRED' : 'EMAIL_TOKEN_ERROR',
      errors: [{ field: 'code', message: CODE_WRONG }],
    });
  }
  await refund();
  // Single use: only the request that flips consumedAt wins.
  const used = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  if (used.length === 0) throw dead();
}

async function findVerification(db: Database, id: string, purpose: Purpose) {
  const [row] = await db
    .select({ verification: verifications, user: users })
    .from(verifications)
    .leftJoin(users, eq(users.id, verifications.userId))
    .where(and(eq(verifications.id, id), eq(verifications.purpose, purpose)));
  return row;
}

/** Sign-up: a pending user and a registration whose code is e-mailed. */
export async function createUser(
  context: AccountContext,
  input: { email: string; names: { firstName: string; lastName: string } },
): Promise<string> {
  const { db, services, ip } = context;
  await services.limiter.hit(AUTH_RATE_RULES.signupPerIp, [`signup:ip:${ip}`]);
  await services.limiter.hit(AUTH_RATE_RULES.signupPerEmail, [`signup:email:${input.email}`]);
  const language = context.language ?? 'en';

  const [existing] = await db.select().from(users).where(eq(users.email, input.email));
  // A staff account (even one still invited) is never turned into a client sign-up.
  if (existing?.passwordHash || (existing && existing.role !== 'client')) {
    // The same answer as a new sign-up, so nobody learns who is registered: a decoy registration
    // whose code no guess matches, and the owner is told by e-mail instead of being sent a code.
    const [decoy] = await db
      .insert(verifications)
      .values({ purpose: 'registration', userId: null, email: input.email })
      .returning({ id: verifications.id });
    await issueCode(context, decoy!.id, 'registration', null);
    await services.mailer.send(
      signUpAttemptEmail({
        to: existing.email,
        firstName: existing.firstName,
        language: languageOf(existing.language),
      }),
    );
    return decoy!.id;
  }
  const user =
    existing ??
    (
      await db
        .insert(users)
        .values({
          email: input.email,
          firstName: input.names.firstName,
          lastName: input.names.lastName,
          language,
        })
        .returning()
    )[0]!;
  if (existing) {
    await db
      .update(users)
      .set({ firstName: input.names.firstName, lastName: input.names.lastName, language })
      .where(eq(users.id, existing.id));
  }
  const [registration] = await db
    .insert(verifications)
    .values({ purpose: 'registration', userId: user.id })
    .returning({ id: verifications.id });
  await issueCode(context, registration!.id, 'registration', { ...user, ...input.names, language });
  return registration!.id;
}

/** A new code for a sign-up, at most once every 30 s and 5 times an hour. */
export async function resendRegistrationCode(context: AccountContext, registrationId: string): Promise<void> {
  const found = await findVerification(context.db, registrationId, 'registration');
  // A decoy (sign-up with a registered address) has no user but is PENDING: it answers alike.
  if (found?.verification.status !== 'PENDING') {
    throw new AppError('invalid', 'This sign-up cannot take a new code. Start again.', {
      code: 'INVALID_REGISTRATION_STATUS',
    });
  }
  await context.services.limiter.hit(AUTH_RATE_RULES.resendBurst, [`resend:burst:${registrationId}`]);
  await context.services.limiter.hit(AUTH_RATE_RULES.resendPerVerification, [`resend:${registrationId}`]);
  await issueCode(context, registrationId, 'registration', found.user);
}

/** Verifies the sign-up code. */
export async function validateRegistration(
  context: AccountContext,
  input: { registrationId: string; registrationCode: string },
): Promise<{ registrationId: string; email: string }> {
  await context.services.limiter.hit(AUTH_RATE_RULES.codePerIp, [`code:ip:${context.ip}`]);
  const found = await findVerification(context.db, input.registrationId, 'registration');
  if (found?.verification.status !== 'PENDING') {
    throw new AppError('invalid', 'This sign-up is not waiting for a code.', {
      code: 'INVALID_REGISTRATION_STATUS',
    });
  }
  // A decoy's code matches no guess, so it never gets here.
  await consumeCode(context, input.registrationId, input.registrationCode);
  if (!found.user) throw new AppError('invalid', CODE_WRONG, { code: 'EMAIL_TOKEN_ERROR' });
  await context.db
    .update(verifications)
    .set({ status: 'VERIFIED', verifiedAt: new Date() })
    .where(eq(verifications.id, input.registrationId));
  return { registrationId: input.registrationId, email: found.user.email };
}

/**
 * Sets the first password of a verified sign-up, creates the client profile and signs the user in:
 * the answer is `login`'s ({user, accessToken, refreshToken, expiresIn}) beside the user's fields
 * that this action answered before.
 */
export async function setPassword(
  context: AccountContext,
  input: {
    registrationId: string;
    username: string;
    password: string;
    loginDevice?: Record<string, unknown>;
  },
) {
  const { db } = context;
  const notVerified = () =>
    new AppError('invalid', 'Verify your e-mail with the code we sent before setting a password.', {
      code: 'INVALID_REGISTRATION_STATUS',
    });
  const found = await findVerification(db, input.registrationId, 'registration');
  if (
    !found?.user ||
    found.verification.status !== 'VERIFIED' ||
    found.user.email !== input.username ||
    found.user.role !== 'client'
  ) {
    throw notVerified();
  }
  const passwordHash = await hashPassword(input.password);
  const user = found.user;
  const completed = await db.transaction(async (tx) => {
    // Only one request completes a sign-up, so only one session is opened for it.
    const claimed = await tx
      .update(verifications)
      .set({ status: 'COMPLETED', completedAt: new Date() })
      .where(and(eq(verifications.id, input.registrationId), eq(verifications.status, 'VERIFIED')))
      .returning({ id: verifications.id });
    if (claimed.length === 0) return false;
    await tx
      .update(users)
      .set({ passwordHash, status: 'ACTIVE', passwordChangedAt: new Date() })
      .where(eq(users.id, user.id));
    await tx.insert(clients).values({ userId: user.id }).onConflictDoNothing();
    return true;
  });
  if (!completed) throw notVerified();
  const active: UserRow = { ...user, passwordHash, status: 'ACTIVE' };
  const session = await openSession(context, active, input.loginDevice ?? {});
  return { ...presentUser(active), ...session };
}

/**
 * Opens a session and issues its first token pair. Every sign-in records the language the portal
 * was in (the request's), so e-mails and notifications follow the language the user last chose.
 */
export async function openSession(context: AccountContext, user: UserRow, device: Record<string, unknown>) {
  const { db } = context;
  if (context.language && context.language !== user.language) {
    await db.update(users).set({ language: context.language }).where(eq(users.id, user.id));
  }
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, device: { ...device, ip: context.ip } })
    .returning({ id: sessions.id });
  return issueTokens(context, user, session!.id);
}

async function issueTokens(context: AccountContext, user: UserRow, sessionId: string) {
  const { db, config } = context;
  const refresh = generateRefreshToken();
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: refresh.tokenHash,
    expiresAt: new Date(Date.now() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return sessionAnswer(context, user, sessionId, refresh.token);
}

/**
 * The answer of every sign-in: the user, the role (the web app sends staff to /staff), a fresh
 * access token and the given refresh token.
 */
function sessionAnswer(context: AccountContext, user: UserRow, sessionId: string, refreshToken: string) {
  const { config, services } = context;
  const role = roleOf(user);
  const accessToken = signAccessToken(
    {
      sub: user.id,
      role,
      sid: sessionId,
      ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    },
    services.tokenSecret,
  );
  return {
    user: presentUser(user),
    role,
    accessToken,
    refreshToken,
    expiresIn: config.ACCESS_TOKEN_TTL_SECONDS,
  };
}

const authenticationError = () => new AppError('unauthenticated', 'Invalid e-mail or password.', { code: 2 });

/** Why a user whose password is right may not sign in now, or null when they may. */
export function signInRefusal(user: UserRow, firmStatus: string | null): string | null {
  if (user.status === 'DISABLED') return STAFF_MESSAGES.accountDisabled;
  if (user.status !== 'ACTIVE') return ACCOUNT_NOT_ACTIVE;
  if (user.role === 'intermediary' && firmStatus !== 'ACTIVE')
    return firmStatus === 'SUSPENDED' ? STAFF_MESSAGES.firmSuspended : STAFF_MESSAGES.firmPending;
  return null;
}

const ACCOUNT_NOT_ACTIVE = 'Invalid e-mail or password.';

/** How long a used refresh token still answers its successor (two tabs refreshing at once). */
export const REFRESH_GRACE_MS = 30_000;

/**
 * Sign-in: the same answer, after the same work, whichever part was wrong. Failed attempts are
 * refused past a limit per IP and per account and IP; per account alone they only slow sign-in down,
 * so failing on purpose from elsewhere cannot lock the owner out.
 */
export async function login(
  context: AccountContext,
  input: { username: string; password: string; loginDevice: Record<string, unknown> },
) {
  const { db, services, ip } = context;
  const ipKey = `login:ip:${ip}`;
  const accountAndIpKey = `login:account-ip:${input.username}:${ip}`;
  const accountKey = `login:account:${input.username}`;
  // Counted before the check (one atomic step in the store), so a burst of concurrent guesses is counted too;
  // a success takes its count back.
  await services.limiter.hit(AUTH_RATE_RULES.loginPerIp, [ipKey]);
  try {
    await services.limiter.hit(AUTH_RATE_RULES.loginPerAccountAndIp, [accountAndIpKey]);
  } catch (error) {
    await services.limiter.refund([ipKey]);
    throw error;
  }
  await capAccountFailures(context, input.username, [ipKey, accountAndIpKey]);
  const delayMs = await services.limiter.slowDown(LOGIN_ACCOUNT_SLOW_DOWN, accountKey);
  if (delayMs > 0) await sleep(delayMs);

  const [row] = await db
    .select({ user: users, firmStatus: intermediaries.status })
    .from(users)
    .leftJoin(intermediaries, eq(intermediaries.id, users.intermediaryId))
    .where(eq(users.email, input.username));
  const user = row?.user;
  const matches = await verifyPassword(user?.passwordHash ?? (await getDummyPasswordHash()), input.password);
  if (!user?.passwordHash || !matches) throw authenticationError();
  // The password is right, so saying why the account cannot sign in reveals nothing to a guesser.
  const refusal = signInRefusal(user, row?.firmStatus ?? null);
  if (refusal) throw new AppError('unauthenticated', refusal, { code: 2 });
  await services.limiter.refund([ipKey, accountKey, accountCapKey(input.username)]);
  await services.limiter.reset([accountAndIpKey]);
  return openSession(context, user, input.loginDevice);
}

const accountCapKey = (username: string) => `login:account-cap:${username}`;

/**
 * The account's budget of failed sign-ins from anywhere: counted (one atomic step in the shared
 * store) before the password is compared, so parallel guesses from many addresses cannot outrun it.
 * Past the limit no password is compared until the window ends or the owner resets the password
 * (which clears it); the owner is told by e-mail once, by the request that first went past it.
 */
async function capAccountFailures(context: AccountContext, username: string, taken: string[]) {
  const { config, db, services } = context;
  const windowMs = config.LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000;
  const { count, limit, ttlMs } = await services.limiter.count(
    { limit: config.LOGIN_ACCOUNT_MAX_FAILURES, windowMs },
    accountCapKey(username),
  );
  if (count <= limit) return;
  // Nothing was compared: the per-IP counts are given back.
  await services.limiter.refund(taken);
  if (count === limit + 1) {
    const [owner] = await db.select().from(users).where(eq(users.email, username));
    if (owner?.passwordHash) {
      services.mailer
        .send(
          signInPausedEmail({
            to: owner.email,
            firstName: owner.firstName,
            minutes: config.LOGIN_ACCOUNT_WINDOW_MINUTES,
            language: languageOf(owner.language),
          }),
        )
        .catch((error: unknown) =>
          context.log?.error({ err: error }, 'could not send the sign-in pause notice'),
        );
    }
  }
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  throw new AppError(
    'rate_limited',
    minutes === 1
      ? `Too many failed sign-ins for this account. Try again in ${minutes} minute, or reset your password to sign in now.`
      : `Too many failed sign-ins for this account. Try again in ${minutes} minutes, or reset your password to sign in now.`,
    { code: 'ACCOUNT_SIGN_IN_PAUSED' },
  );
}

/**
 * Rotates a refresh token: each one works once. Within REFRESH_GRACE_MS of its use, the same token
 * answers the same successor (kept encrypted) with a fresh access token, so two tabs refreshing at
 * once both stay signed in. Presenting a used one later means it was stolen or replayed, so the
 * whole session (every token of the family) is revoked.
 */
export async function refreshSession(context: AccountContext, refreshToken: string) {
  const { db, config, services } = context;
  const expired = () => new AppError('forbidden', 'Your session has expired. Please sign in again.');
  const tokenHash = hashRefreshToken(refreshToken);
  const find = async () => {
    const [row] = await db
      .select({ token: refreshTokens, session: sessions, user: users, firmStatus: intermediaries.status })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(intermediaries, eq(intermediaries.id, users.intermediaryId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  };
  type Row = NonNullable<Awaited<ReturnType<typeof find>>>;
  const answerReuse = async (row: Row) => {
    const usedAt = row.token.usedAt?.getTime() ?? 0;
    const successor =
      Date.now() - usedAt <= REFRESH_GRACE_MS && row.token.successorToken
        ? openToken(services.tokenSecret, row.token.successorToken)
        : null;
    if (successor) return sessionAnswer(context, row.user, row.session.id, successor);
    await endSessions(context, { sessionId: row.session.id }, 'refresh token reused');
    throw expired();
  };

  const row = await find();
  if (!row || row.session.revokedAt || signInRefusal(row.user, row.firmStatus)) throw expired();
  if (row.token.usedAt) return answerReuse(row);
  if (row.token.expiresAt.getTime() <= Date.now()) throw expired();

  const next = generateRefreshToken();
  const claimed = await db.transaction(async (tx) => {
    const used = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(), successorToken: sealToken(services.tokenSecret, next.token) })
      .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (used.length === 0) return false;
    await tx.insert(refreshTokens).values({
      sessionId: row.session.id,
      tokenHash: next.tokenHash,
      expiresAt: new Date(Date.now() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    return true;
  });
  if (claimed) return sessionAnswer(context, row.user, row.session.id, next.token);
  // Another request rotated it a moment ago: answer what that one answered.
  const raced = await find();
  if (!raced || raced.session.revokedAt || !raced.token.usedAt) throw expired();
  return answerReuse(raced);
}

/**
 * Always answers with a reference, whether or not the e-mail has an account, after the same work:
 * an unknown e-mail gets a decoy verification with a decoy code (no mail), which then answers code
 * checks and resends exactly as a real one with a wrong code would.
 */
export async function requestPasswordReset(context: AccountContext, username: string): Promise<string> {
  const { db, services, ip } = context;
  await services.limiter.hit(AUTH_RATE_RULES.resetPerIp, [`reset:ip:${ip}`]);
  await services.limiter.hit(AUTH_RATE_RULES.resetPerAccount, [`reset:account:${username}`]);
  const [user] = await db.select().from(users).where(eq(users.email, username));
  const owner = user?.passwordHash ? user : null;
  const expiresAt = new Date(services.clock.now().getTime() + context.config.RESET_TTL_MINUTES * 60_000);
  const [reset] = await db
    .insert(verifications)
    .values({ purpose: 'password_reset', userId: owner?.id ?? null, email: username, expiresAt })
    .returning({ id: verifications.id });
  await issueCode(context, reset!.id, 'password_reset', owner);
  return reset!.id;
}

/** A reset reference lives RESET_TTL_MINUTES of the business clock from its request. */
function isResetAlive(context: AccountContext, verification: { expiresAt: Date | null }): boolean {
  return verification.expiresAt !== null && verification.expiresAt > context.services.clock.now();
}

export async function resendResetCode(
  context: AccountContext,
  forgotPasswordSystemRef: string,
): Promise<void> {
  await context.services.limiter.hit(AUTH_RATE_RULES.resendBurst, [
    `resend:burst:${forgotPasswordSystemRef}`,
  ]);
  await context.services.limiter.hit(AUTH_RATE_RULES.resendPerVerification, [
    `resend:${forgotPasswordSystemRef}`,
  ]);
  const found = await findVerification(context.db, forgotPasswordSystemRef, 'password_reset');
  if (found?.verification.status !== 'PENDING' || !isResetAlive(context, found.verification)) return;
  // An unknown e-mail's reference gets a new decoy code, as a real one gets a new code.
  await issueCode(context, forgotPasswordSystemRef, 'password_reset', found.user);
}

export async function validatePasswordReset(
  context: AccountContext,
  input: { forgotPasswordSystemRef: string; code: string; key?: string },
): Promise<{ forgotPasswordSystemRef: string }> {
  await context.services.limiter.hit(AUTH_RATE_RULES.codePerIp, [`code:ip:${context.ip}`]);
  const found = await findVerification(context.db, input.forgotPasswordSystemRef, 'password_reset');
  if (found?.verification.status !== 'PENDING' || !isResetAlive(context, found.verification)) {
    throw new AppError('invalid', CODE_DEAD, { code: 'EMAIL_TOKEN_EXPIRED' });
  }
  // Without the e-mailed link's key nothing is compared (nor counted): four digits alone are guessable.
  if (!isResetKey(context.services.tokenSecret, input.forgotPasswordSystemRef, input.key)) {
    throw new AppError('invalid', RESET_LINK_NEEDED, { code: 'RESET_LINK_REQUIRED' });
  }
  await consumeCode(context, input.forgotPasswordSystemRef, input.code);
  await context.db
    .update(verifications)
    .set({ status: 'VERIFIED', verifiedAt: new Date() })
    .where(eq(verifications.id, input.forgotPasswordSystemRef));
  return { forgotPasswordSystemRef: input.forgotPasswordSystemRef };
}

/** Sets the new password of a verified reset and signs every session out. */
export async function resetPassword(
  context: AccountContext,
  input: { forgotPasswordSystemRef: string; newPassword: string },
): Promise<void> {
  const { db, services } = context;
  const found = await findVerification(db, input.forgotPasswordSystemRef, 'password_reset');
  if (!found?.user || found.verification.status !== 'VERIFIED') {
    throw new AppError('invalid', 'Verify the code we sent before choosing a new password.', {
      code: 'INVALID_REGISTRATION_STATUS',
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const userId = found.user.id;
  const ended = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
    await tx
      .update(verifications)
      .set({ status: 'COMPLETED', completedAt: new Date() })
      .where(eq(verifications.id, input.forgotPasswordSystemRef));
    return revokeSessions(tx, { userId }, 'password reset');
  });
  await announceEndedSessions(services.bus, ended, context.log);
  // The owner proved the mailbox: a sign-in pause from others' failed guesses ends with the reset.
  await services.limiter.reset([accountCapKey(found.user.email), `login:account:${found.user.email}`]);
}

/** Sets the signed-in user's language ('en' | 'sw'): the language of their e-mails and notifications. */
export async function setUserLanguage(db: Database, userId: string, language: Language) {
  const [updated] = await db
    .update(users)
    .set({ language })
    .where(eq(users.id, userId))
    .returning({ language: users.language });
  if (!updated) throw new AppError('not_found', USER_LANGUAGE_MESSAGES.accountNotFound);
  return { language: languageOf(updated.language) };
}
