import { parseKenyanPhone } from '@bima/domain/identifiers';
import { normalisePhone, PROFILE_MESSAGES } from '@bima/domain/profile';
import { and, eq, ne } from 'drizzle-orm';
import { generateCode, hashCode } from '../../auth/codes';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { AUTH_RATE_RULES } from '../../auth/rate-limiter';
import { announceEndedSessions, revokeSessions } from '../../auth/sessions';
import { clients, users, verifications } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { type Language, languageOf } from '../../lib/language';
import { emailChangeCodeEmail, emailChangedNoticeEmail, passwordChangedEmail } from '../../mail/templates';
import { recordAudit } from '../audit/service';
import { type AccountContext, consumeCode, issueEmailedCode, storeCode } from '../user/service';

/** The language the caller's e-mails and texts are written in (their stored choice). */
async function languageOfCaller(context: ProfileContext): Promise<Language> {
  const [row] = await context.db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, context.principal.userId));
  return languageOf(row?.language);
}

/** The signed-in caller's account context. */
export type ProfileContext = AccountContext & { principal: Principal };

type ChangePurpose = 'email_change' | 'phone_change';

const SMS_CODE_WRONG = 'The code is not correct. Check the text message and try again.';

/**
 * The editable User Profile of the signed-in user. The phone is the account's phone of record; an
 * account whose KYC phone was saved before the KYC set it (no migration) shows that phone, unverified.
 */
export async function getProfile(context: Pick<AccountContext, 'db'>, userId: string) {
  const [row] = await context.db
    .select({ user: users, kycPhone: clients.phone })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not_found', 'Client profile not found.', { code: 'USER_PROFILE_ERROR' });
  const { user, kycPhone } = row;
  return {
    id: user.id,
    email: user.email,
    names: { firstName: user.firstName, lastName: user.lastName },
    phone: user.phone ?? (kycPhone ? (normalisePhone({ phone: kycPhone }) ?? kycPhone) : null),
    phoneVerifiedAt: user.phone ? (user.phoneVerifiedAt?.toISOString() ?? null) : null,
    role: user.role,
    status: user.status,
  };
}

/** Changes the first and last name (spec-2 name rules, checked by the action's schema). */
export async function updateNames(context: ProfileContext, names: { firstName: string; lastName: string }) {
  const { db, principal } = context;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ firstName: names.firstName, lastName: names.lastName })
      .where(eq(users.id, principal.userId));
    await recordAudit(tx, principal, {
      action: 'client/profile/updateNames',
      entityType: 'user',
      entityId: principal.userId,
      details: { names },
    });
  });
  return getProfile(context, principal.userId);
}

/** Counts a code sent for a profile change: once every 30 s, 5 an hour, per account and kind. */
async function limitCodeSends(context: ProfileContext, purpose: ChangePurpose): Promise<void> {
  const key = `profile:${purpose}:${context.principal.userId}`;
  await context.services.limiter.hit(AUTH_RATE_RULES.resendBurst, [`${key}:burst`]);
  await context.services.limiter.hit(AUTH_RATE_RULES.profileCodePerAccount, [key]);
}

/** A new pending change; older pending changes of the same kind die with their codes. */
async function openChange(
  context: ProfileContext,
  purpose: ChangePurpose,
  target: { email?: string; phone?: string },
): Promise<string> {
  const { db, principal } = context;
  return db.transaction(async (tx) => {
    await tx
      .update(verifications)
      .set({ status: 'CANCELLED', completedAt: new Date() })
      .where(
        and(
          eq(verifications.userId, principal.userId),
          eq(verifications.purpose, purpose),
          eq(verifications.status, 'PENDING'),
        ),
      );
    const [change] = await tx
      .insert(verifications)
      .values({ purpose, userId: principal.userId, email: target.email, phone: target.phone })
      .returning({ id: verifications.id });
    return change!.id;
  });
}

/** Checks the code of the caller's own pending change and marks it done; answers the change. */
async function closeChange(
  context: ProfileContext,
  purpose: ChangePurpose,
  input: { changeRef: string; code: string },
) {
  const { db, principal, services, ip } = context;
  await services.limiter.hit(AUTH_RATE_RULES.codePerIp, [`code:ip:${ip}`]);
  const [change] = await db
    .select()
    .from(verifications)
    .where(
      and(
        eq(verifications.id, input.changeRef),
        eq(verifications.purpose, purpose),
        eq(verifications.userId, principal.userId),
        eq(verifications.status, 'PENDING'),
      ),
    );
  if (!change) {
    throw new AppError('invalid', PROFILE_MESSAGES.changeNotPending, { code: 'EMAIL_TOKEN_EXPIRED' });
  }
  try {
    await consumeCode(context, change.id, input.code);
  } catch (error) {
    // The shared message says to check the e-mail; a phone's code came by text message.
    if (purpose === 'phone_change' && error instanceof AppError && error.code === 'EMAIL_TOKEN_ERROR') {
      throw new AppError('invalid', SMS_CODE_WRONG, {
        code: 'EMAIL_TOKEN_ERROR',
        errors: [{ field: 'code', message: SMS_CODE_WRONG }],
      });
    }
    throw error;
  }
  return change;
}

function emailTaken(): AppError {
  return new AppError('conflict', PROFILE_MESSAGES.emailTaken, {
    code: 'USER_EXIST',
    errors: [{ field: 'email', message: PROFILE_MESSAGES.emailTaken }],
  });
}

async function isEmailTaken(context: ProfileContext, email: string): Promise<boolean> {
  const [other] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, context.principal.userId)));
  return Boolean(other);
}

/**
 * Starts an e-mail change: a code goes to the NEW address (proving the person reads it); the
 * address must not belong to another account. Answers the change's reference.
 */
export async function requestEmailChange(context: ProfileContext, email: string) {
  const current = await getProfile(context, context.principal.userId);
  if (current.email === email) {
    throw new AppError('invalid', PROFILE_MESSAGES.sameEmail, {
      errors: [{ field: 'email', message: PROFILE_MESSAGES.sameEmail }],
    });
  }
  // Saying an address is taken tells who has an account: limited, so no one sweeps addresses.
  await context.services.limiter.hit(AUTH_RATE_RULES.emailCheckPerAccount, [
    `profile:email-check:${context.principal.userId}`,
  ]);
  if (await isEmailTaken(context, email)) throw emailTaken();
  await limitCodeSends(context, 'email_change');
  const changeRef = await openChange(context, 'email_change', { email });
  const language = await languageOfCaller(context);
  await issueEmailedCode(context, {
    verificationId: changeRef,
    compose: (code, minutes) =>
      emailChangeCodeEmail({ to: email, firstName: current.names.firstName, code, minutes, language }),
  });
  return { changeRef, email };
}

/** Confirms an e-mail change with its code; the old address is told about it. */
export async function confirmEmailChange(
  context: ProfileContext,
  input: { changeRef: string; code: string },
) {
  const { db, principal, services } = context;
  const change = await closeChange(context, 'email_change', input);
  const newEmail = change.email!;
  const before = await getProfile(context, principal.userId);
  if (await isEmailTaken(context, newEmail)) throw emailTaken();
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ email: newEmail }).where(eq(users.id, principal.userId));
      await tx
        .update(verifications)
        .set({ status: 'COMPLETED', verifiedAt: new Date(), completedAt: new Date() })
        .where(eq(verifications.id, change.id));
      await recordAudit(tx, principal, {
        action: 'client/profile/confirmEmailChange',
        entityType: 'user',
        entityId: principal.userId,
        details: { from: before.email, to: newEmail },
      });
    });
  } catch (error) {
    // Another account took the address between the check and the update (unique index).
    if ((error as { code?: string } | null)?.code === '23505') throw emailTaken();
    throw error;
  }
  await services.mailer.send(
    emailChangedNoticeEmail({
      to: before.email,
      firstName: before.names.firstName,
      newEmail,
      language: await languageOfCaller(context),
    }),
  );
  return getProfile(context, principal.userId);
}

/** Starts a phone change: a code is texted to the new number (E.164, any country). */
export async function requestPhoneChange(context: ProfileContext, phone: string) {
  const { config, services } = context;
  const current = await getProfile(context, context.principal.userId);
  if (current.phone === phone && current.phoneVerifiedAt) {
    throw new AppError('invalid', PROFILE_MESSAGES.samePhone, {
      errors: [{ field: 'phone', message: PROFILE_MESSAGES.samePhone }],
    });
  }
  await limitCodeSends(context, 'phone_change');
  const changeRef = await openChange(context, 'phone_change', { phone });
  const code = generateCode();
  const minutes = config.CODE_TTL_MINUTES;
  await storeCode(context, changeRef, hashCode(services.tokenSecret, changeRef, code), minutes);
  await services.sms.send({
    to: phone,
    kind: 'phone_code',
    userId: context.principal.userId,
    text:
      (await languageOfCaller(context)) === 'sw'
        ? `Msimbo wako wa Bima Portal ni ${code}. Unathibitisha nambari hii ya simu na utakwisha muda baada ya dakika ${minutes}.`
        : `Your Bima Portal code is ${code}. It confirms this phone number and expires in ${minutes} minutes.`,
  });
  return { changeRef, phone };
}

/**
 * Confirms a phone change with the texted code: the number is the account's, verified. A Kenyan
 * number is the KYC phone too (the KYC asks for a Kenyan one), so the client has one phone of record.
 */
export async function confirmPhoneChange(
  context: ProfileContext,
  input: { changeRef: string; code: string },
) {
  const { db, principal } = context;
  const change = await closeChange(context, 'phone_change', input);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ phone: change.phone, phoneVerifiedAt: new Date() })
      .where(eq(users.id, principal.userId));
    // A confirmed Kenyan number is the KYC phone too, kept in the KYC's own form (07…).
    const kenyan = change.phone ? parseKenyanPhone(change.phone) : null;
    if (kenyan) {
      await tx.update(clients).set({ phone: kenyan.local }).where(eq(clients.userId, principal.userId));
    }
    await tx
      .update(verifications)
      .set({ status: 'COMPLETED', verifiedAt: new Date(), completedAt: new Date() })
      .where(eq(verifications.id, change.id));
    await recordAudit(tx, principal, {
      action: 'client/profile/confirmPhoneChange',
      entityType: 'user',
      entityId: principal.userId,
      details: { phone: change.phone },
    });
  });
  return getProfile(context, principal.userId);
}

/** Revokes every unrevoked session of the caller but this one (announce them after the commit). */
function revokeOtherSessions(executor: AccountContext['db'], principal: Principal, reason: string) {
  return revokeSessions(executor, { userId: principal.userId, exceptSessionId: principal.sessionId }, reason);
}

/**
 * Changes the password: the current one is required (wrong tries are limited per account), the new
 * one follows the spec-2 rules, is stored with argon2id, and every other session is signed out.
 */
export async function changePassword(
  context: ProfileContext,
  input: { currentPassword: string; newPassword: string },
) {
  const { db, principal, services } = context;
  const limitKey = `profile:password:${principal.userId}`;
  await services.limiter.hit(AUTH_RATE_RULES.passwordChangePerAccount, [limitKey]);
  const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('invalid', PROFILE_MESSAGES.currentPasswordWrong, {
      errors: [{ field: 'currentPassword', message: PROFILE_MESSAGES.currentPasswordWrong }],
    });
  }
  await services.limiter.reset([limitKey]);
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date() })
      .where(eq(users.id, principal.userId));
    const revoked = await revokeOtherSessions(tx, principal, 'password changed');
    await recordAudit(tx, principal, {
      action: 'client/profile/changePassword',
      entityType: 'user',
      entityId: principal.userId,
      details: { otherSessionsSignedOut: revoked.length },
    });
    return revoked;
  });
  await announceEndedSessions(services.bus, ended, context.log);
  const signedOut = ended.length;
  await services.mailer.send(
    passwordChangedEmail({ to: user.email, firstName: user.firstName, language: languageOf(user.language) }),
  );
  return { changed: true, otherSessionsSignedOut: signedOut };
}

/** "Sign out of other devices": every session of the caller but this one is revoked. */
export async function signOutOtherDevices(context: ProfileContext) {
  const { db, principal, services } = context;
  const ended = await db.transaction(async (tx) => {
    const revoked = await revokeOtherSessions(tx, principal, 'signed out from another device');
    await recordAudit(tx, principal, {
      action: 'client/profile/signOutOtherDevices',
      entityType: 'user',
      entityId: principal.userId,
      details: { otherSessionsSignedOut: revoked.length },
    });
    return revoked;
  });
  await announceEndedSessions(services.bus, ended, context.log);
  return { otherSessionsSignedOut: ended.length };
}
