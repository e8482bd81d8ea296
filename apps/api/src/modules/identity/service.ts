import { randomUUID } from 'node:crypto';
import {
  type DecideIdentityCheckInput,
  IDENTITY_CONSENT_TEXT,
  IDENTITY_MAX_ATTEMPTS,
  IDENTITY_MESSAGES,
  type IdentityCheckState,
  type IdentityCheckView,
  type IdentityDocument,
  type IdentityMismatchField,
  identityRetryDelayMs,
  maskDocumentNumber,
} from '@bima/domain/identity';
import { and, desc, eq, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { clients, identityChecks, insuranceProducts, policies, quotations, users } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { providerIdType } from '../../identity/client';
import type { Language } from '../../lib/language';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';
import { consentInForce, recordConsent } from '../privacy/consents';

/** What the identity checks need: the database, the provider and the business clock. */
export interface IdentityContext {
  db: Database;
  services: Pick<Services, 'identity' | 'clock'>;
  log: FastifyBaseLogger;
}

type CheckRow = typeof identityChecks.$inferSelect;

/** A check as the client and staff see it: which fields differ, never the register's values. */
export function presentCheck(row: CheckRow): IdentityCheckView {
  return {
    id: row.id,
    document: row.document as IdentityDocument,
    idType: row.idType,
    maskedNumber: maskDocumentNumber(row.idNumber),
    state: row.state as IdentityCheckState,
    fields: row.mismatchFields as IdentityMismatchField[],
    attempts: row.attempts,
    consentAt: row.consentAt.toISOString(),
    checkedAt: row.checkedAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    reviewNote: row.reviewNote,
  };
}

/** A KRA PIN of a person (A…): a company's (P…) has no names to compare with the client's. */
const isIndividualPin = (pin: string) => /^A\d{9}[A-Z]$/.test(pin);

interface Subject {
  document: IdentityDocument;
  idType: string;
  idNumber: string;
}

/** The documents the client's KYC holds that can be checked. */
async function subjectsOf(db: Database, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      idType: clients.idType,
      idNumber: clients.idNumber,
      kraPin: clients.kraPin,
    })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not_found', 'Client profile not found.', { code: 'USER_PROFILE_ERROR' });
  const subjects: Subject[] = [];
  if (row.idType && row.idNumber)
    subjects.push({ document: 'ID', idType: row.idType, idNumber: row.idNumber });
  if (row.kraPin && isIndividualPin(row.kraPin))
    subjects.push({ document: 'KRA_PIN', idType: 'KRA_PIN', idNumber: row.kraPin });
  return { names: { firstName: row.firstName, lastName: row.lastName }, subjects };
}

/** The client's current check of each document (the latest not superseded). */
async function currentChecks(db: Database, userId: string): Promise<CheckRow[]> {
  const rows = await db
    .select()
    .from(identityChecks)
    .where(and(eq(identityChecks.userId, userId), ne(identityChecks.state, 'superseded')))
    .orderBy(desc(identityChecks.id));
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (seen.has(row.document)) return false;
    seen.add(row.document);
    return true;
  });
}

/**
 * Asks the register once about a check and records the outcome: verified, a mismatch naming the
 * fields, or (register down, no answer) the next attempt after a growing wait on the business
 * clock — after IDENTITY_MAX_ATTEMPTS, staff review. Never throws for the register's failures.
 */
export async function attemptCheck(context: IdentityContext, check: CheckRow): Promise<CheckRow> {
  const { db, services } = context;
  const result = await services.identity.client.verify({
    jobId: randomUUID(),
    userId: check.userId,
    idType: providerIdType(check.idType),
    idNumber: check.idNumber,
    firstName: check.firstName,
    lastName: check.lastName,
    dateOfBirth: check.dateOfBirth,
    consentAt: check.consentAt,
  });
  const now = services.clock.now();
  const attempts = check.attempts + 1;
  let changes: Partial<typeof identityChecks.$inferInsert>;
  if (result.outcome === 'unavailable') {
    const exhausted = attempts >= IDENTITY_MAX_ATTEMPTS;
    context.log.warn(
      { checkId: check.id, attempts, reason: result.reason },
      exhausted
        ? 'identity register unavailable; check handed to staff review'
        : 'identity register unavailable; will retry',
    );
    changes = {
      state: exhausted ? 'staff_review' : 'retrying',
      attempts,
      nextAttemptAt: exhausted ? null : new Date(now.getTime() + identityRetryDelayMs(attempts)),
      resultCode: result.resultCode,
      resultText: result.reason.slice(0, 500),
    };
  } else {
    changes = {
      state: result.outcome,
      attempts,
      mismatchFields: result.outcome === 'mismatch' ? result.fields : [],
      nextAttemptAt: null,
      providerJobId: result.smileJobId,
      resultCode: result.resultCode,
      resultText: result.resultText,
      checkedAt: now,
    };
  }
  // Only a check still open is changed: staff may have decided it, or a newer one superseded it.
  const [updated] = await db
    .update(identityChecks)
    .set(changes)
    .where(and(eq(identityChecks.id, check.id), inArray(identityChecks.state, ['pending', 'retrying'])))
    .returning();
  return updated ?? check;
}

/**
 * Starts a check of each document the client's KYC holds (ID, individual KRA PIN) under the consent
 * just given, recorded with each check (when, where, the words agreed to) and in the consent history.
 * A document already checked, or being checked, with the same details is not asked again. Each new
 * check asks the register once now (up to IDENTITY_TIMEOUT_MS); one that gets no answer is left to
 * the retry job. Nothing here gates a payment.
 */
export async function startChecks(
  context: IdentityContext,
  principal: Principal,
  input: { dateOfBirth?: string; channel: 'kyc' | 'profile' },
  language: Language,
) {
  const { db, services } = context;
  const userId = principal.userId;
  const { names, subjects } = await subjectsOf(db, userId);
  if (subjects.length === 0)
    throw new AppError('invalid', IDENTITY_MESSAGES.nothingToCheck, {
      errors: [{ field: 'idNumber', message: IDENTITY_MESSAGES.nothingToCheck }],
    });
  const current = await currentChecks(db, userId);
  const consentAt = services.clock.now();
  const created = await db.transaction(async (tx) => {
    // Both screens are KYC screens in the consent history; the check keeps which one.
    await recordConsent(tx, { userId, purpose: 'identity_check', granted: true, channel: 'kyc' });
    const rows: CheckRow[] = [];
    for (const subject of subjects) {
      const dateOfBirth = subject.document === 'ID' ? (input.dateOfBirth ?? null) : null;
      const existing = current.find((row) => row.document === subject.document);
      const same =
        existing &&
        existing.state !== 'rejected' &&
        existing.idType === subject.idType &&
        existing.idNumber === subject.idNumber &&
        existing.firstName === names.firstName &&
        existing.lastName === names.lastName &&
        (existing.dateOfBirth ?? null) === dateOfBirth;
      if (same) continue;
      if (existing)
        await tx
          .update(identityChecks)
          .set({ state: 'superseded', nextAttemptAt: null })
          .where(eq(identityChecks.id, existing.id));
      const [row] = await tx
        .insert(identityChecks)
        .values({
          userId,
          document: subject.document,
          idType: subject.idType,
          idNumber: subject.idNumber,
          firstName: names.firstName,
          lastName: names.lastName,
          dateOfBirth,
          consentAt,
          consentChannel: input.channel,
          consentText: IDENTITY_CONSENT_TEXT[language],
        })
        .returning();
      rows.push(row!);
    }
    return rows;
  });
  await Promise.all(created.map((row) => attemptCheck(context, row)));
  return { checks: (await currentChecks(db, userId)).map(presentCheck) };
}

/** The signed-in client's current check of each document. */
export async function listChecks(db: Database, userId: string) {
  return { checks: (await currentChecks(db, userId)).map(presentCheck) };
}

/**
 * The retry job: every check waiting for a register that did not answer, due by the business
 * clock, asked again — unless the client withdrew their consent since. Each is claimed first (its
 * next attempt moved on) so two instances never ask twice at once.
 */
export async function retryDueChecks(context: IdentityContext): Promise<number> {
  const { db, services } = context;
  const now = services.clock.now();
  const due = await db
    .select()
    .from(identityChecks)
    .where(and(eq(identityChecks.state, 'retrying'), lte(identityChecks.nextAttemptAt, now)))
    .orderBy(identityChecks.nextAttemptAt)
    .limit(50);
  let done = 0;
  for (const check of due) {
    const [claimed] = await db
      .update(identityChecks)
      .set({ nextAttemptAt: new Date(now.getTime() + 10 * 60_000) })
      .where(
        and(
          eq(identityChecks.id, check.id),
          eq(identityChecks.state, 'retrying'),
          lte(identityChecks.nextAttemptAt, now),
        ),
      )
      .returning();
    if (!claimed) continue;
    // Consent withdrawn on the Privacy screen: the register is not asked again; staff decide.
    if ((await consentInForce(db, check.userId, 'identity_check')) === false) {
      await db
        .update(identityChecks)
        .set({
          state: 'staff_review',
          nextAttemptAt: null,
          resultText: 'The client withdrew their consent; the register was not asked again.',
        })
        .where(and(eq(identityChecks.id, check.id), eq(identityChecks.state, 'retrying')));
      continue;
    }
    await attemptCheck(context, check);
    done += 1;
  }
  return done;
}

/** Admin: the checks staff must decide (the register never answered) and open mismatches. */
export async function listReviewChecks(db: Database) {
  const rows = await db
    .select({ check: identityChecks, email: users.email })
    .from(identityChecks)
    .innerJoin(users, eq(users.id, identityChecks.userId))
    .where(or(eq(identityChecks.state, 'staff_review'), eq(identityChecks.state, 'mismatch')))
    .orderBy(identityChecks.createdAt, identityChecks.id)
    .limit(200);
  return {
    items: rows.map(({ check, email }) => ({
      ...presentCheck(check),
      client: { names: `${check.firstName} ${check.lastName}`.trim(), email },
      resultText: check.resultText,
      createdAt: check.createdAt.toISOString(),
    })),
  };
}

/** Admin: approves (verified by staff) or rejects a check awaiting review or with a mismatch. */
export async function decideCheck(db: Database, principal: Principal, input: DecideIdentityCheckInput) {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(identityChecks)
      .set({
        state: input.decision === 'approve' ? 'verified' : 'rejected',
        nextAttemptAt: null,
        reviewedBy: principal.userId,
        reviewedAt: new Date(),
        reviewNote: input.note,
      })
      .where(
        and(
          eq(identityChecks.id, input.checkId),
          inArray(identityChecks.state, ['staff_review', 'mismatch']),
        ),
      )
      .returning();
    if (!updated) {
      const [exists] = await tx
        .select({ id: identityChecks.id })
        .from(identityChecks)
        .where(eq(identityChecks.id, input.checkId));
      if (!exists) throw new AppError('not_found', IDENTITY_MESSAGES.checkNotFound);
      throw new AppError('conflict', IDENTITY_MESSAGES.notInReview);
    }
    await recordAudit(tx, principal, {
      action: `admin/identity/${input.decision}Check`,
      entityType: 'identity_check',
      entityId: updated.id,
      details: { document: updated.document, decision: input.decision, note: input.note },
      summary:
        input.decision === 'approve'
          ? {
              en: 'Approved an identity check after review',
              sw: 'Aliidhinisha ukaguzi wa utambulisho baada ya kuukagua',
            }
          : {
              en: 'Rejected an identity check after review',
              sw: 'Alikataa ukaguzi wa utambulisho baada ya kuukagua',
            },
    });
    return presentCheck(updated);
  });
}

/**
 * The insured's current checks beside each policy the caller may see: an underwriter its insurer's
 * policies only, an intermediary (broker or agent) the policies its firm brought (its clients'), an
 * admin all. Policies the caller may not see are left out, as unknown ones are.
 */
export async function insuredVerifications(db: Database, principal: Principal, policyNumbers: string[]) {
  const scope: SQL | undefined =
    principal.role === 'admin'
      ? undefined
      : principal.role === 'underwriter' && principal.underwriterId
        ? eq(insuranceProducts.underwriterId, principal.underwriterId)
        : principal.role === 'intermediary' && principal.intermediaryId
          ? eq(policies.intermediaryId, principal.intermediaryId)
          : undefined;
  if (principal.role !== 'admin' && !scope)
    throw new AppError('forbidden', 'You are not allowed to do this.');
  const found = await db
    .select({ policyNumber: policies.policyNumber, userId: policies.userId })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
    .where(and(inArray(policies.policyNumber, policyNumbers), scope));
  const byUser = new Map<string, IdentityCheckView[]>();
  for (const userId of new Set(found.map((row) => row.userId)))
    byUser.set(userId, (await currentChecks(db, userId)).map(presentCheck));
  return {
    items: found.map((row) => ({ policyNumber: row.policyNumber, checks: byUser.get(row.userId) ?? [] })),
  };
}
