import { PASSWORD_SETUP_MESSAGES as M, type UserRole } from '@bima/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import { AUTH_RATE_RULES } from '../../auth/rate-limiter';
import type { Database } from '../../db/client';
import { clients, intermediaries, users, verifications } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { languageOf } from '../../lib/language';
import { passwordSetupLinkEmail } from '../../mail/templates';
import { recordAudit } from '../audit/service';
import { renewInvitation } from '../staff/service';
import { type AccountContext, openSession, presentUser, signInRefusal } from '../user/service';
import { hashSetupToken, newSetupLink, passwordSetupUrl } from './links';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The verifications a `/password-setup` link can belong to. */
const LINK_PURPOSES = ['invitation', 'account_setup'] as const;

/** What a link is now: usable, already used (a password is set), expired (or replaced), or unknown. */
export type PasswordSetupState = 'valid' | 'used' | 'expired' | 'invalid';

async function findLink(db: Database, token: string) {
  const [found] = await db
    .select({ verification: verifications, user: users, firmStatus: intermediaries.status })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .leftJoin(intermediaries, eq(intermediaries.id, users.intermediaryId))
    .where(
      and(
        eq(verifications.tokenHash, hashSetupToken(token)),
        inArray(verifications.purpose, [...LINK_PURPOSES]),
      ),
    );
  return found;
}

type Link = NonNullable<Awaited<ReturnType<typeof findLink>>>;

/** Whether the person still has to set a first password (a staff invitee, or a client never signed up). */
function needsPassword(user: Link['user']): boolean {
  if (user.passwordHash) return false;
  return user.role === 'client' ? user.status === 'PENDING' : user.status === 'INVITED';
}

function stateOf(link: Link | undefined, now: Date): PasswordSetupState {
  if (!link || link.user.status === 'DISABLED') return 'invalid';
  if (link.verification.status === 'COMPLETED' || !needsPassword(link.user)) return 'used';
  if (link.verification.status !== 'PENDING') return 'expired';
  if (!link.verification.expiresAt || link.verification.expiresAt <= now) return 'expired';
  return 'valid';
}

function refusal(state: Exclude<PasswordSetupState, 'valid'>): AppError {
  if (state === 'expired') return new AppError('invalid', M.linkExpired, { code: 'EMAIL_TOKEN_EXPIRED' });
  if (state === 'used') return new AppError('invalid', M.linkUsed, { code: 'EMAIL_TOKEN_ERROR' });
  return new AppError('invalid', M.linkUnknown, { code: 'EMAIL_TOKEN_ERROR' });
}

/**
 * A client account created for someone else's benefit (an intermediary's recommendation to a
 * signed-out visitor) gets a `/password-setup` link: a verification of purpose account_setup whose
 * token is stored hashed, living INVITATION_TTL_HOURS. Returns the link's address.
 */
export async function createAccountSetupLink(
  executor: Database | Tx,
  context: Pick<AccountContext, 'config'>,
  options: { userId: string; email: string; next?: string; now: Date },
): Promise<string> {
  const { config } = context;
  const link = newSetupLink(config.INVITATION_TTL_HOURS, options.now);
  await executor.insert(verifications).values({
    purpose: 'account_setup',
    userId: options.userId,
    email: options.email,
    tokenHash: link.tokenHash,
    expiresAt: link.expiresAt,
  });
  return passwordSetupUrl(config.PUBLIC_BASE_URL, link.token, options.next);
}

/**
 * What the page shows for a link: its state, whether it is for staff (the staff area) or a client
 * (the portal) unless unknown, and whom it is for while it can still set a password (valid, or
 * expired: the new link goes to that address).
 */
export async function checkPasswordSetup(context: AccountContext, input: { token: string }) {
  await context.services.limiter.hit(AUTH_RATE_RULES.codePerIp, [`code:ip:${context.ip}`]);
  const link = await findLink(context.db, input.token);
  const state = stateOf(link, context.services.clock.now());
  if (!link || state === 'invalid') return { state };
  const area = link.user.role === 'client' ? ('client' as const) : ('staff' as const);
  // A used link names nobody: it may be an old e-mail read by someone else since.
  if (state === 'used') return { state, area };
  return { state, email: link.user.email, firstName: link.user.firstName, area };
}

/**
 * Sets the first password from a link: single use (the verification is claimed once), only while
 * it lives and the person has no password. Activates the account (a client gets a client record)
 * and signs in — unless a staff user's firm is not ACTIVE yet: then `signedIn` is false.
 */
export async function setUpPassword(
  context: AccountContext,
  input: { token: string; password: string; loginDevice: Record<string, unknown> },
) {
  const { db } = context;
  await context.services.limiter.hit(AUTH_RATE_RULES.codePerIp, [`code:ip:${context.ip}`]);
  const link = await findLink(db, input.token);
  const state = stateOf(link, context.services.clock.now());
  if (!link || state !== 'valid') throw refusal(state === 'valid' ? 'invalid' : state);
  const passwordHash = await hashPassword(input.password);
  const user = link.user;
  const expectedStatus = user.role === 'client' ? 'PENDING' : 'INVITED';
  const done = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(verifications)
      .set({ status: 'COMPLETED', verifiedAt: new Date(), completedAt: new Date() })
      .where(and(eq(verifications.id, link.verification.id), eq(verifications.status, 'PENDING')))
      .returning({ id: verifications.id });
    if (claimed.length === 0) return false;
    const activated = await tx
      .update(users)
      .set({ passwordHash, status: 'ACTIVE', passwordChangedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.status, expectedStatus), isNull(users.passwordHash)))
      .returning({ id: users.id });
    if (activated.length === 0) throw refusal('used');
    if (user.role === 'client') await tx.insert(clients).values({ userId: user.id }).onConflictDoNothing();
    await recordAudit(
      tx,
      { userId: user.id, role: user.role as UserRole },
      {
        action: 'user/registration/setUpPassword',
        entityType: 'user',
        entityId: user.id,
        details: { email: user.email, role: user.role, purpose: link.verification.purpose },
      },
    );
    return true;
  });
  if (!done) throw refusal('used');
  const active = { ...user, passwordHash, status: 'ACTIVE' };
  const refused = signInRefusal(active, link.firmStatus);
  if (refused)
    return { signedIn: false as const, message: refused, user: presentUser(active), role: active.role };
  return { signedIn: true as const, ...(await openSession(context, active, input.loginDevice)) };
}

/**
 * A new link for an expired one, e-mailed to the account's own address (never another): a staff
 * invitee gets the invitation again (new code and link), a client a new setup link. Nothing is sent
 * for a link that is still valid, used or unknown; `sent` says whether one went out.
 */
export async function requestPasswordSetupLink(context: AccountContext, input: { token: string }) {
  const { db, config } = context;
  await context.services.limiter.hit(AUTH_RATE_RULES.resetPerIp, [`reset:ip:${context.ip}`]);
  const link = await findLink(db, input.token);
  const state = stateOf(link, context.services.clock.now());
  if (!link || state !== 'expired') return { sent: false, state };
  if (link.user.role !== 'client') {
    return { sent: await renewInvitation(context, link.user.id), state };
  }
  const user = link.user;
  const url = await db.transaction(async (tx) => {
    await tx
      .update(verifications)
      .set({ status: 'CANCELLED', completedAt: new Date() })
      .where(
        and(
          eq(verifications.userId, user.id),
          eq(verifications.purpose, 'account_setup'),
          eq(verifications.status, 'PENDING'),
        ),
      );
    return createAccountSetupLink(tx, context, {
      userId: user.id,
      email: user.email,
      now: context.services.clock.now(),
    });
  });
  try {
    await context.services.mailer.send(
      passwordSetupLinkEmail({
        to: user.email,
        firstName: user.firstName,
        url,
        hours: config.INVITATION_TTL_HOURS,
        language: languageOf(user.language),
      }),
    );
  } catch (error) {
    context.log?.error({ err: error, userId: user.id }, 'could not send a password-setup link');
    throw new AppError('unavailable', 'The new link could not be sent. Try again in a few minutes.');
  }
  return { sent: true, state };
}
