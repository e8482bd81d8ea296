import {
  type InviteStaffInput,
  isStaffRole,
  STAFF_MESSAGES,
  type StaffRole,
  type UserStatus,
} from '@bima/domain';
import { and, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import { AUTH_RATE_RULES } from '../../auth/rate-limiter';
import { announceEndedSessions, revokeSessions } from '../../auth/sessions';
import type { ClusterBus } from '../../cluster/bus';
import type { Database } from '../../db/client';
import { intermediaries, lenders, underwriters, users, verifications } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { containsPattern, pageInfo, pageWindow } from '../../lib/search';
import { staffInvitationEmail } from '../../mail/templates';
import { recordAudit } from '../audit/service';
import { newSetupLink, passwordSetupUrl } from '../password-setup/links';
import {
  type AccountContext,
  consumeCode,
  issueEmailedCode,
  openSession,
  presentUser,
  signInRefusal,
} from '../user/service';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const staffColumns = {
  user: users,
  intermediaryNames: intermediaries.intermediaryNames,
  intermediaryStatus: intermediaries.status,
  underwriterName: underwriters.name,
  lenderName: lenders.name,
};

function staffQuery(db: Database) {
  return db
    .select(staffColumns)
    .from(users)
    .leftJoin(intermediaries, eq(intermediaries.id, users.intermediaryId))
    .leftJoin(underwriters, eq(underwriters.id, users.underwriterId))
    .leftJoin(lenders, eq(lenders.id, users.lenderId));
}

type StaffRow = Awaited<ReturnType<typeof staffQuery>>[number];

/** A staff user as admins (and the user themself) see them: never the password hash. */
function presentStaff(row: StaffRow) {
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    names: { firstName: user.firstName, lastName: user.lastName },
    role: user.role as StaffRole,
    status: user.status as UserStatus,
    intermediary:
      user.intermediaryId !== null
        ? {
            id: user.intermediaryId,
            intermediaryNames: row.intermediaryNames,
            status: row.intermediaryStatus,
          }
        : null,
    underwriter: user.underwriterId !== null ? { id: user.underwriterId, name: row.underwriterName } : null,
    /** The lender of a lender user (premium financing). */
    lender: user.lenderId !== null ? { id: user.lenderId, name: row.lenderName } : null,
    createdAt: user.createdAt.toISOString(),
    disabledAt: user.disabledAt?.toISOString() ?? null,
  };
}

async function findStaff(db: Database, userId: string) {
  const [row] = await staffQuery(db).where(and(eq(users.id, userId), ne(users.role, 'client')));
  return row;
}

const staffNotFound = () => new AppError('not_found', STAFF_MESSAGES.staffNotFound);

/** The signed-in staff member with their firm or insurer (the /staff shell's "who am I"). */
export async function getStaffProfile(db: Database, principal: Principal) {
  const row = await findStaff(db, principal.userId);
  if (!row) throw staffNotFound();
  return presentStaff(row);
}

/** The firm, insurer or lender an invitation names, which must exist: its name for the e-mail. */
async function findOrganisation(
  db: Database,
  input: Pick<InviteStaffInput, 'role' | 'intermediaryId' | 'underwriterId' | 'lenderId'>,
): Promise<string | null> {
  const lookup =
    input.role === 'intermediary'
      ? {
          field: 'intermediaryId',
          message: STAFF_MESSAGES.intermediaryNotFound,
          rows: db
            .select({ name: intermediaries.intermediaryNames })
            .from(intermediaries)
            .where(eq(intermediaries.id, input.intermediaryId!)),
        }
      : input.role === 'underwriter'
        ? {
            field: 'underwriterId',
            message: STAFF_MESSAGES.underwriterNotFound,
            rows: db
              .select({ name: underwriters.name })
              .from(underwriters)
              .where(eq(underwriters.id, input.underwriterId!)),
          }
        : input.role === 'lender'
          ? {
              field: 'lenderId',
              message: STAFF_MESSAGES.lenderNotFound,
              rows: db.select({ name: lenders.name }).from(lenders).where(eq(lenders.id, input.lenderId!)),
            }
          : null;
  if (!lookup) return null;
  const [organisation] = await lookup.rows;
  if (!organisation) {
    throw new AppError('invalid', lookup.message, {
      errors: [{ field: lookup.field, message: lookup.message }],
    });
  }
  return organisation.name;
}

/** Ends the open invitations of a user (a new one replaces them, or the user is disabled). */
async function cancelInvitations(tx: Tx, userId: string) {
  await tx
    .update(verifications)
    .set({ status: 'CANCELLED', completedAt: new Date() })
    .where(
      and(
        eq(verifications.userId, userId),
        eq(verifications.purpose, 'invitation'),
        eq(verifications.status, 'PENDING'),
      ),
    );
}

/**
 * Invites a staff member: an INVITED user (no password) and an invitation whose code is e-mailed with
 * its reference and a `/password-setup` link; the invitee sets a password from the link
 * (`setUpPassword`) or with the code (`acceptInvitation`). Inviting an address that is
 * still only invited sends a new invitation (the old one dies); any other existing account is a 409.
 */
export async function inviteStaff(context: AccountContext, actor: Principal, input: InviteStaffInput) {
  const { db } = context;
  const organisation = await findOrganisation(db, input);
  const [existing] = await db.select().from(users).where(eq(users.email, input.email));
  if (existing && (existing.status !== 'INVITED' || existing.passwordHash || existing.role === 'client')) {
    throw new AppError('conflict', STAFF_MESSAGES.emailTaken, {
      code: 'USER_EXIST',
      errors: [{ field: 'email', message: STAFF_MESSAGES.emailTaken }],
    });
  }
  // The invitee has chosen no language yet: the inviter's (the request's) until they sign in.
  const language = context.language ?? 'en';
  const fields = {
    language,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    intermediaryId: input.role === 'intermediary' ? input.intermediaryId! : null,
    underwriterId: input.role === 'underwriter' ? input.underwriterId! : null,
    lenderId: input.role === 'lender' ? input.lenderId! : null,
  };
  const { userId, invitation } = await db.transaction(async (tx) => {
    let userId: string;
    if (existing) {
      await tx.update(users).set(fields).where(eq(users.id, existing.id));
      await cancelInvitations(tx, existing.id);
      userId = existing.id;
    } else {
      const [created] = await tx
        .insert(users)
        .values({ email: input.email, ...fields, status: 'INVITED' })
        .returning({ id: users.id });
      userId = created!.id;
    }
    const invitation = await openInvitation(tx, context, userId, input.email);
    await recordAudit(tx, actor, {
      action: 'admin/staff/inviteStaff',
      entityType: 'user',
      entityId: userId,
      details: {
        email: input.email,
        role: input.role,
        intermediaryId: fields.intermediaryId,
        underwriterId: fields.underwriterId,
        lenderId: fields.lenderId,
        reinvited: Boolean(existing),
      },
    });
    return { userId, invitation };
  });
  await emailInvitation(context, {
    userId,
    email: input.email,
    firstName: input.firstName,
    role: input.role,
    organisation,
    ...invitation,
  });
  const row = await findStaff(db, userId);
  return presentStaff(row!);
}

/**
 * Opens an invitation: the verification its e-mailed code is bound to (`invitationRef`) and the
 * secret of its `/password-setup` link, stored hashed, both living INVITATION_TTL_HOURS.
 */
async function openInvitation(tx: Tx, context: AccountContext, userId: string, email: string) {
  const link = newSetupLink(context.config.INVITATION_TTL_HOURS, context.services.clock.now());
  const [invitation] = await tx
    .insert(verifications)
    .values({
      purpose: 'invitation',
      userId,
      email,
      tokenHash: link.tokenHash,
      expiresAt: link.expiresAt,
    })
    .returning({ id: verifications.id });
  return { invitationRef: invitation!.id, token: link.token };
}

/** E-mails an invitation: its code and reference, and the `/password-setup?token=…` link. */
async function emailInvitation(
  context: AccountContext,
  invitation: {
    userId: string;
    invitationRef: string;
    token: string;
    email: string;
    firstName: string;
    role: StaffRole;
    organisation: string | null;
  },
) {
  const { config } = context;
  try {
    await issueEmailedCode(context, {
      verificationId: invitation.invitationRef,
      ttlMinutes: config.INVITATION_TTL_HOURS * 60,
      compose: (code) =>
        staffInvitationEmail({
          to: invitation.email,
          firstName: invitation.firstName,
          code,
          hours: config.INVITATION_TTL_HOURS,
          role: invitation.role,
          organisation: invitation.organisation,
          invitationRef: invitation.invitationRef,
          acceptUrl: passwordSetupUrl(config.PUBLIC_BASE_URL, invitation.token),
          language: context.language ?? 'en',
        }),
    });
  } catch (error) {
    context.log?.error({ err: error, userId: invitation.userId }, 'could not send a staff invitation');
    throw new AppError(
      'unavailable',
      'The invitation is saved but its e-mail could not be sent. Invite the same address again to resend it.',
    );
  }
}

/**
 * A new invitation for a staff member still only invited whose link expired (asked for from the
 * `/password-setup` page): the old one dies, the same e-mail goes out with a new code and link.
 */
export async function renewInvitation(context: AccountContext, userId: string) {
  const { db } = context;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (user?.status !== 'INVITED' || user.passwordHash || !isStaffRole(user.role)) return false;
  const role = user.role;
  const organisation = await findOrganisation(db, {
    role,
    intermediaryId: user.intermediaryId ?? undefined,
    underwriterId: user.underwriterId ?? undefined,
    lenderId: user.lenderId ?? undefined,
  });
  const invitation = await db.transaction(async (tx) => {
    await cancelInvitations(tx, user.id);
    return openInvitation(tx, context, user.id, user.email);
  });
  await emailInvitation(context, {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    role,
    organisation,
    ...invitation,
  });
  return true;
}

const invitationInvalid = () =>
  new AppError('invalid', STAFF_MESSAGES.invitationInvalid, { code: 'INVALID_REGISTRATION_STATUS' });

/**
 * Accepts an invitation: checks the e-mailed code (single use, counted tries), sets the password and
 * activates the user. The answer is `login`'s (role included) and signs the user in — unless their
 * firm is not ACTIVE yet: then `signedIn` is false and `message` says why (the password is kept).
 */
export async function acceptInvitation(
  context: AccountContext,
  input: { invitationRef: string; code: string; password: string; loginDevice: Record<string, unknown> },
) {
  const { db } = context;
  await context.services.limiter.hit(AUTH_RATE_RULES.codePerIp, [`code:ip:${context.ip}`]);
  const [found] = await db
    .select({ verification: verifications, user: users, firmStatus: intermediaries.status })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .leftJoin(intermediaries, eq(intermediaries.id, users.intermediaryId))
    .where(and(eq(verifications.id, input.invitationRef), eq(verifications.purpose, 'invitation')));
  if (found?.verification.status !== 'PENDING' || found.user.status !== 'INVITED') {
    throw invitationInvalid();
  }
  await consumeCode(context, found.verification.id, input.code);
  const passwordHash = await hashPassword(input.password);
  const user = found.user;
  const accepted = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(verifications)
      .set({ status: 'COMPLETED', verifiedAt: new Date(), completedAt: new Date() })
      .where(and(eq(verifications.id, found.verification.id), eq(verifications.status, 'PENDING')))
      .returning({ id: verifications.id });
    if (claimed.length === 0) return false;
    const activated = await tx
      .update(users)
      .set({
        passwordHash,
        status: 'ACTIVE',
        passwordChangedAt: new Date(),
        ...(context.language ? { language: context.language } : {}),
      })
      .where(and(eq(users.id, user.id), eq(users.status, 'INVITED')))
      .returning({ id: users.id });
    if (activated.length === 0) throw invitationInvalid();
    await recordAudit(
      tx,
      { userId: user.id, role: user.role as StaffRole },
      {
        action: 'user/registration/acceptInvitation',
        entityType: 'user',
        entityId: user.id,
        details: { email: user.email, role: user.role },
      },
    );
    return true;
  });
  if (!accepted) throw invitationInvalid();
  const active = { ...user, passwordHash, status: 'ACTIVE' };
  const refusal = signInRefusal(active, found.firmStatus);
  if (refusal) {
    return { signedIn: false as const, message: refusal, user: presentUser(active), role: active.role };
  }
  return { signedIn: true as const, ...(await openSession(context, active, input.loginDevice)) };
}

/** Staff users (every role but client), newest first: by role, status and name or e-mail. */
export async function listStaff(
  db: Database,
  query: { page: number; pageSize: number; role?: StaffRole; status?: UserStatus; search?: string },
) {
  const filters: Array<SQL | undefined> = [
    ne(users.role, 'client'),
    query.role ? eq(users.role, query.role) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  ];
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern)),
    );
  }
  const where = and(...filters);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await staffQuery(db)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map(presentStaff),
    ...pageInfo(Number(counted?.total ?? 0), query),
  };
}

/**
 * Disables a staff user: every session is revoked at once (the next call answers 403), sign-in is
 * refused and an open invitation dies. Not oneself; 409 when already disabled.
 */
export async function disableStaff(
  context: { db: Database; services: { bus: ClusterBus } },
  actor: Principal,
  userId: string,
  reason?: string,
) {
  const { db } = context;
  if (userId === actor.userId) throw new AppError('conflict', STAFF_MESSAGES.cannotDisableSelf);
  const ended = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: users.status, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before || !isStaffRole(before.role)) throw staffNotFound();
    if (before.status === 'DISABLED') return null;
    const now = new Date();
    await tx.update(users).set({ status: 'DISABLED', disabledAt: now }).where(eq(users.id, userId));
    const revoked = await revokeSessions(tx, { userId }, 'user disabled');
    await cancelInvitations(tx, userId);
    await recordAudit(tx, actor, {
      action: 'admin/staff/disableStaff',
      entityType: 'user',
      entityId: userId,
      details: {
        from: before.status,
        to: 'DISABLED',
        reason: reason ?? null,
        sessionsRevoked: revoked.length,
      },
    });
    return revoked;
  });
  if (!ended) throw new AppError('conflict', STAFF_MESSAGES.alreadyDisabled);
  await announceEndedSessions(context.services.bus, ended);
  return presentStaff((await findStaff(db, userId))!);
}

/** Enables a disabled staff user again: ACTIVE when they had set a password, else INVITED (invite again). */
export async function enableStaff(db: Database, actor: Principal, userId: string) {
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: users.status, role: users.role, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before || !isStaffRole(before.role)) throw staffNotFound();
    if (before.status !== 'DISABLED') return false;
    const status = before.passwordHash ? 'ACTIVE' : 'INVITED';
    await tx.update(users).set({ status, disabledAt: null }).where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: 'admin/staff/enableStaff',
      entityType: 'user',
      entityId: userId,
      details: { from: 'DISABLED', to: status },
    });
    return true;
  });
  if (!changed) throw new AppError('conflict', STAFF_MESSAGES.notDisabled);
  return presentStaff((await findStaff(db, userId))!);
}
