import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  codeMatches,
  generateCode,
  generateRefreshToken,
  hashCode,
  hashRefreshToken,
} from '../../auth/codes';
import { getDummyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords';
import { AUTH_RATE_RULES } from '../../auth/rate-limiter';
import { signAccessToken } from '../../auth/tokens';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { clients, oneTimeCodes, refreshTokens, sessions, users, verifications } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { passwordResetCodeEmail, registrationCodeEmail } from '../../mail/templates';
import type { Services } from '../../services';

export interface AccountContext {
  db: Database;
  config: Config;
  services: Services;
  ip: string;
}

type Purpose = 'registration' | 'password_reset';
type UserRow = typeof users.$inferSelect;

const CODE_WRONG = 'The code is not correct. Check the e-mail and try again.';
const CODE_DEAD = 'This code has expired or was tried too many times. Request a new code.';

/** The public view of a user: never the password hash. */
export function presentUser(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    names: { firstName: user.firstName, lastName: user.lastName },
    role: user.role,
    status: user.status,
  };
}

/** Issues a new code for a verification (older ones die) and e-mails it. */
async function sendCode(context: AccountContext, verificationId: string, purpose: Purpose, user: UserRow) {
  const { db, config, services } = context;
  const code = generateCode();
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(oneTimeCodes.verificationId, verificationId), isNull(oneTimeCodes.consumedAt)));
    await tx.insert(oneTimeCodes).values({
      verificationId,
      codeHash: hashCode(services.tokenSecret, verificationId, code),
      expiresAt: new Date(Date.now() + config.CODE_TTL_MINUTES * 60_000),
    });
  });
  const email = { to: user.email, firstName: user.firstName, code, minutes: config.CODE_TTL_MINUTES };
  await services.mailer.send(
    purpose === 'registration' ? registrationCodeEmail(email) : passwordResetCodeEmail(email),
  );
}

/**
 * Checks a code against the verification's live code: single use, 10 minutes, 5 wrong tries.
 * A wrong try is counted even when the request fails afterwards.
 */
async function consumeCode(context: AccountContext, verificationId: string, code: string): Promise<void> {
  const { db, config, services } = context;
  const [live] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.verificationId, verificationId), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!live || live.expiresAt.getTime() <= Date.now() || live.attempts >= config.CODE_MAX_ATTEMPTS) {
    throw new AppError('invalid', CODE_DEAD, { code: 'EMAIL_TOKEN_EXPIRED' });
  }
  if (!codeMatches(services.tokenSecret, verificationId, code, live.codeHash)) {
    const attempts = live.attempts + 1;
    await db
      .update(oneTimeCodes)
      .set({ attempts, ...(attempts >= config.CODE_MAX_ATTEMPTS ? { consumedAt: new Date() } : {}) })
      .where(eq(oneTimeCodes.id, live.id));
    throw new AppError('invalid', attempts >= config.CODE_MAX_ATTEMPTS ? CODE_DEAD : CODE_WRONG, {
      code: attempts >= config.CODE_MAX_ATTEMPTS ? 'EMAIL_TOKEN_EXPIRED' : 'EMAIL_TOKEN_ERROR',
      errors: [{ field: 'code', message: CODE_WRONG }],
    });
  }
  // Single use: only the request that flips consumedAt wins.
  const used = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  if (used.length === 0) throw new AppError('invalid', CODE_DEAD, { code: 'EMAIL_TOKEN_EXPIRED' });
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
  services.limiter.hit(AUTH_RATE_RULES.signupPerIp, [`signup:ip:${ip}`]);
  services.limiter.hit(AUTH_RATE_RULES.signupPerEmail, [`signup:email:${input.email}`]);

  const [existing] = await db.select().from(users).where(eq(users.email, input.email));
  if (existing?.passwordHash) {
    throw new AppError(
      'conflict',
      'An account with this e-mail already exists. Sign in, or use a different e-mail.',
      {
        code: 'USER_EXIST',
        errors: [{ field: 'email', message: 'An account with this e-mail already exists.' }],
      },
    );
  }
  const user =
    existing ??
    (
      await db
        .insert(users)
        .values({ email: input.email, firstName: input.names.firstName, lastName: input.names.lastName })
        .returning()
    )[0]!;
  if (existing) {
    await db
      .update(users)
      .set({ firstName: input.names.firstName, lastName: input.names.lastName })
      .where(eq(users.id, existing.id));
  }
  const [registration] = await db
    .insert(verifications)
    .values({ purpose: 'registration', userId: user.id })
    .returning({ id: verifications.id });
  await sendCode(context, registration!.id, 'registration', { ...user, ...input.names });
  return registration!.id;
}

/** A new code for a sign-up, at most once every 30 s and 5 times an hour. */
export async function resendRegistrationCode(context: AccountContext, registrationId: string): Promise<void> {
  const found = await findVerification(context.db, registrationId, 'registration');
  if (!found?.user || found.verification.status !== 'PENDING') {
    throw new AppError('invalid', 'This sign-up cannot take a new code. Start again.', {
      code: 'INVALID_REGISTRATION_STATUS',
    });
  }
  context.services.limiter.hit(AUTH_RATE_RULES.resendBurst, [`resend:burst:${registrationId}`]);
  context.services.limiter.hit(AUTH_RATE_RULES.resendPerVerification, [`resend:${registrationId}`]);
  await sendCode(context, registrationId, 'registration', found.user);
}

/** Verifies the sign-up code. */
export async function validateRegistration(
  context: AccountContext,
  input: { registrationId: string; registrationCode: string },
): Promise<{ registrationId: string; email: string }> {
  context.services.limiter.hit(AUTH_RATE_RULES.codePerIp, [`code:ip:${context.ip}`]);
  const found = await findVerification(context.db, input.registrationId, 'registration');
  if (!found?.user || found.verification.status !== 'PENDING') {
    throw new AppError('invalid', 'This sign-up is not waiting for a code.', {
      code: 'INVALID_REGISTRATION_STATUS',
    });
  }
  await consumeCode(context, input.registrationId, input.registrationCode);
  await context.db
    .update(verifications)
    .set({ status: 'VERIFIED', verifiedAt: new Date() })
    .where(eq(verifications.id, input.registrationId));
  return { registrationId: input.registrationId, email: found.user.email };
}

/** Sets the first password of a verified sign-up and creates the client profile. */
export async function setPassword(
  context: AccountContext,
  input: { registrationId: string; username: string; password: string },
) {
  const { db } = context;
  const found = await findVerification(db, input.registrationId, 'registration');
  if (!found?.user || found.verification.status !== 'VERIFIED' || found.user.email !== input.username) {
    throw new AppError('invalid', 'Verify your e-mail with the code we sent before setting a password.', {
      code: 'INVALID_REGISTRATION_STATUS',
    });
  }
  const passwordHash = await hashPassword(input.password);
  const user = found.user;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, status: 'ACTIVE', passwordChangedAt: new Date() })
      .where(eq(users.id, user.id));
    await tx
      .update(verifications)
      .set({ status: 'COMPLETED', completedAt: new Date() })
      .where(eq(verifications.id, input.registrationId));
    await tx.insert(clients).values({ userId: user.id }).onConflictDoNothing();
  });
  return presentUser({ ...user, status: 'ACTIVE' });
}

/** Opens a session and issues its first token pair. */
async function openSession(context: AccountContext, user: UserRow, device: Record<string, unknown>) {
  const { db } = context;
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, device: { ...device, ip: context.ip } })
    .returning({ id: sessions.id });
  return issueTokens(context, user, session!.id);
}

async function issueTokens(context: AccountContext, user: UserRow, sessionId: string) {
  const { db, config, services } = context;
  const refresh = generateRefreshToken();
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: refresh.tokenHash,
    expiresAt: new Date(Date.now() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  const accessToken = signAccessToken(
    {
      sub: user.id,
      role: user.role as 'client' | 'staff',
      sid: sessionId,
      ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    },
    services.tokenSecret,
  );
  return {
    user: presentUser(user),
    accessToken,
    refreshToken: refresh.token,
    expiresIn: config.ACCESS_TOKEN_TTL_SECONDS,
  };
}

const authenticationError = () => new AppError('unauthenticated', 'Invalid e-mail or password.', { code: 2 });

/** Sign-in: the same answer, after the same work, whichever part was wrong. */
export async function login(
  context: AccountContext,
  input: { username: string; password: string; loginDevice: Record<string, unknown> },
) {
  const { db, services, ip } = context;
  services.limiter.hit(AUTH_RATE_RULES.loginPerIp, [`login:ip:${ip}`]);
  services.limiter.hit(AUTH_RATE_RULES.loginPerAccount, [`login:account:${input.username}`]);
  const [user] = await db.select().from(users).where(eq(users.email, input.username));
  const matches = await verifyPassword(user?.passwordHash ?? (await getDummyPasswordHash()), input.password);
  if (!user?.passwordHash || !matches || user.status !== 'ACTIVE') throw authenticationError();
  return openSession(context, user, input.loginDevice);
}

/**
 * Rotates a refresh token: each one works once. Presenting a used one means it was stolen or
 * replayed, so the whole session (every token of the family) is revoked.
 */
export async function refreshSession(context: AccountContext, refreshToken: string) {
  const { db } = context;
  const expired = () => new AppError('forbidden', 'Your session has expired. Please sign in again.');
  const [row] = await db
    .select({ token: refreshTokens, session: sessions, user: users })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
  if (!row || row.session.revokedAt) throw expired();
  if (row.token.usedAt) {
    await revokeSession(db, row.session.id, 'refresh token reused');
    throw expired();
  }
  if (row.token.expiresAt.getTime() <= Date.now()) throw expired();
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeSession(db, row.session.id, 'refresh token reused');
    throw expired();
  }
  return issueTokens(context, row.user, row.session.id);
}

export async function revokeSession(db: Database, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Always answers with a reference, whether or not the e-mail has an account. */
export async function requestPasswordReset(context: AccountContext, username: string): Promise<string> {
  const { db, services, ip } = context;
  services.limiter.hit(AUTH_RATE_RULES.resetPerIp, [`reset:ip:${ip}`]);
  services.limiter.hit(AUTH_RATE_RULES.resetPerAccount, [`reset:account:${username}`]);
  const [user] = await db.select().from(users).where(eq(users.email, username));
  if (!user?.passwordHash) {
    // Same shape of answer; the reference leads nowhere.
    const [decoy] = await db
      .insert(verifications)
      .values({ purpose: 'password_reset', userId: null })
      .returning();
    return decoy?.id ?? randomUUID();
  }
  const [reset] = await db
    .insert(verifications)
    .values({ purpose: 'password_reset', userId: user.id })
    .returning({ id: verifications.id });
  await sendCode(context, reset!.id, 'password_reset', user);
  return reset!.id;
}

export async function resendResetCode(
  context: AccountContext,
  forgotPasswordSystemRef: string,
): Promise<void> {
  context.services.limiter.hit(AUTH_RATE_RULES.resendBurst, [`resend:burst:${forgotPasswordSystemRef}`]);
  context.services.limiter.hit(AUTH_RATE_RULES.resendPerVerification, [`resend:${forgotPasswordSystemRef}`]);
  const found = await findVerification(context.db, forgotPasswordSystemRef, 'password_reset');
  // An unknown e-mail's reference answers like a real one and sends nothing.
  if (!found?.user || found.verification.status !== 'PENDING') return;
  await sendCode(context, forgotPasswordSystemRef, 'password_reset', found.user);
}

export async function validatePasswordReset(
  context: AccountContext,
  input: { forgotPasswordSystemRef: string; code: string },
): Promise<{ forgotPasswordSystemRef: string }> {
  context.services.limiter.hit(AUTH_RATE_RULES.codePerIp, [`code:ip:${context.ip}`]);
  const found = await findVerification(context.db, input.forgotPasswordSystemRef, 'password_reset');
  if (found?.verification.status !== 'PENDING') {
    throw new AppError('invalid', CODE_DEAD, { code: 'EMAIL_TOKEN_EXPIRED' });
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
  const { db } = context;
  const found = await findVerification(db, input.forgotPasswordSystemRef, 'password_reset');
  if (!found?.user || found.verification.status !== 'VERIFIED') {
    throw new AppError('invalid', 'Verify the code we sent before choosing a new password.', {
      code: 'INVALID_REGISTRATION_STATUS',
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const userId = found.user.id;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
    await tx
      .update(verifications)
      .set({ status: 'COMPLETED', completedAt: new Date() })
      .where(eq(verifications.id, input.forgotPasswordSystemRef));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password reset' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  });
}
