import { randomUUID } from 'node:crypto';
import {
  CLAIM_DOCUMENT_LABELS,
  CLAIM_DOCUMENT_TYPES,
  CLAIM_MESSAGES,
  CLAIM_TYPE_LABELS,
  type ClaimDocumentType,
  type ClaimStatus,
  type ClaimStep,
  type ClaimType,
  canTakeClaimStep,
  claimPayable,
  formatKes,
  missingClaimDocuments,
  type ReportClaimInput,
  requiredClaimDocuments,
} from '@bima/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  claimEvents,
  claimSettlements,
  claims,
  insuranceProducts,
  intermediaries,
  policies,
  productExcesses,
  quotations,
  underwriters,
  users,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { kenyaToday } from '../../lib/dates';
import { makeRef } from '../../lib/refs';
import { containsPattern, pageWindow } from '../../lib/search';
import { type B2cResult, DarajaError } from '../../mpesa/daraja-client';
import type { Services } from '../../services';
import { listOwnerFiles, type Tx } from '../files/service';
import { notify } from '../notification/service';
import { toKes } from '../product/present';

const M = CLAIM_MESSAGES;
type Executor = Database | Tx;
type ClaimRow = typeof claims.$inferSelect;

const notFound = () => new AppError('not_found', M.notFound);
const fieldError = (field: string, message: string) =>
  new AppError('invalid', message, { errors: [{ field, message }] });

/** The excess that applies to a type of claim: the policy's chosen amount, else the product's default. */
const EXCESS_BY_TYPE: Record<ClaimType, string | null> = {
  accident: 'collision',
  fire: 'collision',
  third_party_property: 'collision',
  third_party_injury: null,
  theft: 'theft',
  windscreen: 'windscreen',
};

/** Which claims a caller sees: a client its own, an underwriter its insurer's, an intermediary its clients', an admin all. */
function scopeOf(principal: Principal): SQL | undefined {
  switch (principal.role) {
    case 'client':
      return eq(claims.userId, principal.userId);
    case 'underwriter':
      return principal.underwriterId ? eq(claims.underwriterId, principal.underwriterId) : sql`false`;
    case 'intermediary':
      return principal.intermediaryId ? eq(claims.intermediaryId, principal.intermediaryId) : sql`false`;
    case 'admin':
      return undefined;
  }
}

/** Whether a caller handles claims of this insurer (takes steps, reads files): its underwriters and admins. */
export const handlesClaim = (principal: Principal, claim: Pick<ClaimRow, 'underwriterId'>) =>
  principal.role === 'admin' ||
  (principal.role === 'underwriter' && principal.underwriterId === claim.underwriterId);

/** Whether a caller may read a claim's files: its owner and its handlers. */
export const readsClaimFiles = (principal: Principal, claim: Pick<ClaimRow, 'userId' | 'underwriterId'>) =>
  (principal.role === 'client' && claim.userId === principal.userId) || handlesClaim(principal, claim);

export async function findClaimForFiles(db: Database, claimId: string) {
  if (!/^\d{1,9}$/.test(claimId)) return null;
  const [row] = await db
    .select()
    .from(claims)
    .where(eq(claims.id, Number(claimId)));
  return row ?? null;
}

async function loadScoped(executor: Executor, principal: Principal, id: number, lock = false) {
  const query = executor
    .select()
    .from(claims)
    .where(and(eq(claims.id, id), scopeOf(principal)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

async function addEvent(
  tx: Tx,
  claim: Pick<ClaimRow, 'id'>,
  event: string,
  status: string,
  actorId: string | null,
  note: string | null = null,
) {
  await tx.insert(claimEvents).values({ claimId: claim.id, event, status, actorId, note });
}

const STATUS_WORDS: Record<ClaimStatus, string> = {
  REPORTED: 'reported',
  DOCUMENTS_PENDING: 'waiting for documents',
  UNDER_ASSESSMENT: 'under assessment',
  APPROVED: 'approved',
  DECLINED: 'declined',
  SETTLED: 'settled',
  CLOSED: 'closed',
};

async function notifyStatus(tx: Tx, claim: ClaimRow, status: ClaimStatus, body: string) {
  await notify(tx, {
    userId: claim.userId,
    kind: 'claim_status_changed',
    title: `Claim ${claim.claimRef} ${STATUS_WORDS[status]}`,
    body,
    link: `/newportal/claims/${claim.id}`,
  });
}

/** Reports a claim on the client's active policy: dates within the cover, the excess and sum insured fixed from the policy. */
export async function reportClaim(db: Database, principal: Principal, input: ReportClaimInput) {
  const [policy] = await db
    .select({
      id: policies.id,
      startDate: policies.startDate,
      endDate: policies.endDate,
      intermediaryId: policies.intermediaryId,
      productId: quotations.productId,
      vehicleValue: quotations.vehicleValue,
      chosenExcesses: quotations.excesses,
      underwriterId: insuranceProducts.underwriterId,
    })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
    .where(and(eq(policies.policyNumber, input.policyNumber), eq(policies.userId, principal.userId)));
  if (!policy)
    throw new AppError('not_found', M.policyNotFound, {
      errors: [{ field: 'policyNumber', message: M.policyNotFound }],
    });
  const today = kenyaToday();
  if (policy.startDate > today || policy.endDate < today) throw new AppError('conflict', M.policyNotActive);
  if (input.incidentDate < policy.startDate) throw fieldError('incidentDate', M.dateBeforeCover);
  if (input.incidentDate > policy.endDate) throw fieldError('incidentDate', M.dateAfterCover);

  const excessCode = EXCESS_BY_TYPE[input.type];
  let excess = 0;
  if (excessCode) {
    const chosen = policy.chosenExcesses.find((line) => line.id === excessCode);
    if (chosen) excess = chosen.amount;
    else {
      const [row] = await db
        .select({ amount: productExcesses.defaultAmount })
        .from(productExcesses)
        .where(and(eq(productExcesses.productId, policy.productId), eq(productExcesses.code, excessCode)));
      excess = row?.amount ?? 0;
    }
  }

  return db.transaction(async (tx) => {
    const [claim] = await tx
      .insert(claims)
      .values({
        claimRef: makeRef('CLM'),
        policyId: policy.id,
        userId: principal.userId,
        underwriterId: policy.underwriterId,
        intermediaryId: policy.intermediaryId,
        type: input.type,
        incidentDate: input.incidentDate,
        place: input.place,
        description: input.description,
        obNumber: input.obNumber === '' ? null : input.obNumber,
        otherParty: input.otherParty,
        excess,
        sumInsured: policy.vehicleValue,
      })
      .returning();
    await addEvent(tx, claim!, 'reported', 'REPORTED', principal.userId);
    await notifyStatus(
      tx,
      claim!,
      'REPORTED',
      `We have your ${CLAIM_TYPE_LABELS[input.type].toLowerCase()} claim. Upload the documents on its checklist; the insurer will be in touch.`,
    );
    return { id: claim!.id, claimRef: claim!.claimRef, status: claim!.status };
  });
}

const summaryColumns = {
  id: claims.id,
  claimRef: claims.claimRef,
  type: claims.type,
  status: claims.status,
  incidentDate: claims.incidentDate,
  place: claims.place,
  createdAt: claims.createdAt,
  updatedAt: claims.updatedAt,
  policyNumber: policies.policyNumber,
  underwriter: underwriters.name,
  clientFirstName: users.firstName,
  clientLastName: users.lastName,
  clientEmail: users.email,
};

/** Claims the caller sees, newest first, paged; staff filter by status, type and reference. */
export async function listClaims(
  db: Database,
  principal: Principal,
  input: { page: number; pageSize: number; status?: string; type?: string; search?: string },
) {
  const search = input.search?.trim();
  const where = and(
    scopeOf(principal),
    input.status ? eq(claims.status, input.status) : undefined,
    input.type ? eq(claims.type, input.type) : undefined,
    search
      ? or(
          ilike(claims.claimRef, containsPattern(search)),
          ilike(policies.policyNumber, containsPattern(search)),
          ilike(users.email, containsPattern(search)),
        )
      : undefined,
  );
  const base = () =>
    db
      .select(summaryColumns)
      .from(claims)
      .innerJoin(policies, eq(policies.id, claims.policyId))
      .innerJoin(underwriters, eq(underwriters.id, claims.underwriterId))
      .innerJoin(users, eq(users.id, claims.userId))
      .where(where);
  const { limit, offset } = pageWindow(input);
  const rows = await base().orderBy(desc(claims.createdAt), desc(claims.id)).limit(limit).offset(offset);
  const [total] = await db
    .select({ total: count() })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .innerJoin(users, eq(users.id, claims.userId))
    .where(where);
  return {
    items: rows.map(({ clientFirstName, clientLastName, clientEmail, createdAt, updatedAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      client:
        principal.role === 'client'
          ? null
          : { name: `${clientFirstName} ${clientLastName}`, email: clientEmail },
    })),
    total: total?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** One claim in full: the policy, the checklist, the timeline (who, when), files with signed links, settlements. */
export async function getClaim(db: Database, services: Services, principal: Principal, id: number) {
  const claim = await loadScoped(db, principal, id);
  const [policy] = await db
    .select({
      policyNumber: policies.policyNumber,
      startDate: policies.startDate,
      endDate: policies.endDate,
      productName: quotations.productName,
      underwriter: underwriters.name,
      vehicle: quotations.vehicle,
      intermediary: intermediaries.intermediaryNames,
    })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(underwriters, eq(underwriters.id, claim.underwriterId))
    .leftJoin(intermediaries, eq(intermediaries.id, policies.intermediaryId))
    .where(eq(policies.id, claim.policyId));
  const [client] = await db.select().from(users).where(eq(users.id, claim.userId));
  const actor = alias(users, 'actor');
  const actorFirm = alias(underwriters, 'actor_underwriter');
  const events = await db
    .select({
      id: claimEvents.id,
      event: claimEvents.event,
      status: claimEvents.status,
      note: claimEvents.note,
      at: claimEvents.createdAt,
      firstName: actor.firstName,
      lastName: actor.lastName,
      role: actor.role,
      insurer: actorFirm.name,
    })
    .from(claimEvents)
    .leftJoin(actor, eq(actor.id, claimEvents.actorId))
    .leftJoin(actorFirm, eq(actorFirm.id, actor.underwriterId))
    .where(eq(claimEvents.claimId, claim.id))
    .orderBy(asc(claimEvents.createdAt), asc(claimEvents.id));
  const [assessor] = claim.assessorId
    ? await db.select().from(users).where(eq(users.id, claim.assessorId))
    : [];
  const settlements = await db
    .select()
    .from(claimSettlements)
    .where(eq(claimSettlements.claimId, claim.id))
    .orderBy(asc(claimSettlements.id));
  const readsFiles = readsClaimFiles(principal, claim);
  const attached = readsFiles
    ? await listOwnerFiles(db, services.tokenSecret, principal.userId, 'claim', String(claim.id))
    : [];
  const hasOtherParty = claim.otherParty !== null;
  const required = requiredClaimDocuments({ type: claim.type as ClaimType, hasOtherParty });
  const requested = claim.requestedDocuments as ClaimDocumentType[];
  const missing = missingClaimDocuments({
    required,
    requested,
    uploaded: attached.map((file) => file.category),
  });
  const handles = handlesClaim(principal, claim);
  const allowed = (step: ClaimStep) => handles && canTakeClaimStep(step, claim.status);
  const pending = settlements.some((settlement) => settlement.status === 'pending');
  return {
    id: claim.id,
    claimRef: claim.claimRef,
    type: claim.type,
    status: claim.status,
    incidentDate: claim.incidentDate,
    place: claim.place,
    description: claim.description,
    obNumber: claim.obNumber,
    otherParty: claim.otherParty,
    createdAt: claim.createdAt.toISOString(),
    policy: policy ?? null,
    client: client
      ? {
          name: `${client.firstName} ${client.lastName}`,
          email: principal.role === 'client' ? null : client.email,
        }
      : null,
    excess: toKes(claim.excess),
    sumInsured: toKes(claim.sumInsured),
    assessor: assessor ? { id: assessor.id, name: `${assessor.firstName} ${assessor.lastName}` } : null,
    assessmentReport: handles || principal.role === 'admin' ? claim.assessmentReport : null,
    assessedLoss: claim.assessedLoss === null ? null : toKes(claim.assessedLoss),
    agreedLoss: claim.agreedLoss === null ? null : toKes(claim.agreedLoss),
    approvedAmount: claim.approvedAmount === null ? null : toKes(claim.approvedAmount),
    declineReason: claim.declineReason,
    documents: {
      required,
      requested,
      missing,
      labels: Object.fromEntries(CLAIM_DOCUMENT_TYPES.map((type) => [type, CLAIM_DOCUMENT_LABELS[type]])),
    },
    files: attached,
    canUpload: readsFiles && claim.status !== 'CLOSED',
    timeline: events.map((event) => ({
      id: event.id,
      event: event.event,
      status: event.status,
      note: event.note,
      at: event.at.toISOString(),
      by: event.firstName
        ? {
            name: `${event.firstName} ${event.lastName}`,
            role: event.role,
            organisation: event.insurer ?? (event.role === 'admin' ? 'Bima Portal' : null),
          }
        : null,
    })),
    settlements: settlements.map((settlement) => ({
      method: settlement.method,
      amount: toKes(settlement.amount),
      status: settlement.status,
      phone: settlement.phone,
      garageName: settlement.garageName,
      reference: settlement.reference,
      resultDesc: settlement.resultDesc,
      createdAt: settlement.createdAt.toISOString(),
      settledAt: settlement.settledAt?.toISOString() ?? null,
    })),
    actions: {
      requestDocuments: allowed('requestDocuments'),
      appointAssessor: allowed('appointAssessor'),
      recordAssessment: allowed('recordAssessment') && claim.assessorId !== null,
      approve: allowed('approve') && claim.assessedLoss !== null,
      decline: allowed('decline'),
      settle: allowed('settle') && !pending,
      close: allowed('close'),
    },
  };
}

/** Runs one staff step under a lock of the claim: the caller must handle it, the status must allow the step (409). */
async function takeStep<T>(
  db: Database,
  principal: Principal,
  id: number,
  step: ClaimStep,
  work: (tx: Tx, claim: ClaimRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const claim = await loadScoped(tx, principal, id, true);
    if (!handlesClaim(principal, claim)) throw notFound();
    if (!canTakeClaimStep(step, claim.status))
      throw new AppError('conflict', M.notAllowed, { code: 'CLAIM_STATE' });
    return work(tx, claim);
  });
}

async function setStatus(
  tx: Tx,
  claim: ClaimRow,
  status: ClaimStatus,
  changes: Partial<typeof claims.$inferInsert> = {},
) {
  const [row] = await tx
    .update(claims)
    .set({ ...changes, status, updatedAt: new Date() })
    .where(eq(claims.id, claim.id))
    .returning();
  return row!;
}

export async function requestDocuments(
  db: Database,
  principal: Principal,
  input: { id: number; documents: ClaimDocumentType[]; note: string },
) {
  await takeStep(db, principal, input.id, 'requestDocuments', async (tx, claim) => {
    const requested = [...new Set([...(claim.requestedDocuments as string[]), ...input.documents])];
    const updated = await setStatus(tx, claim, 'DOCUMENTS_PENDING', { requestedDocuments: requested });
    const list = input.documents.map((type) => CLAIM_DOCUMENT_LABELS[type]).join('; ');
    await addEvent(
      tx,
      claim,
      'documents_requested',
      'DOCUMENTS_PENDING',
      principal.userId,
      [list, input.note].filter(Boolean).join(' — '),
    );
    await notify(tx, {
      userId: claim.userId,
      kind: 'documents_requested',
      title: `Documents needed for claim ${claim.claimRef}`,
      body: `The insurer asks for: ${list}.${input.note ? ` ${input.note}` : ''}`,
      link: `/newportal/claims/${claim.id}`,
    });
    if (claim.status !== 'DOCUMENTS_PENDING')
      await notifyStatus(
        tx,
        updated,
        'DOCUMENTS_PENDING',
        'Your claim waits for the documents the insurer asked for.',
      );
  });
}

/** The insurer's active staff who may be appointed assessor of a claim. */
export async function listAssessors(db: Database, principal: Principal, id: number) {
  const claim = await loadScoped(db, principal, id);
  if (!handlesClaim(principal, claim)) throw notFound();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.role, 'underwriter'),
        eq(users.underwriterId, claim.underwriterId),
        eq(users.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`, email: row.email }));
}

export async function appointAssessor(
  db: Database,
  principal: Principal,
  input: { id: number; assessorId: string },
) {
  await takeStep(db, principal, input.id, 'appointAssessor', async (tx, claim) => {
    const [assessor] = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.id, input.assessorId),
          eq(users.role, 'underwriter'),
          eq(users.underwriterId, claim.underwriterId),
          eq(users.status, 'ACTIVE'),
        ),
      );
    if (!assessor) throw fieldError('assessorId', M.assessorInvalid);
    const updated = await setStatus(tx, claim, 'UNDER_ASSESSMENT', { assessorId: assessor.id });
    await addEvent(
      tx,
      claim,
      'assessor_appointed',
      'UNDER_ASSESSMENT',
      principal.userId,
      `Assessor: ${assessor.firstName} ${assessor.lastName}`,
    );
    if (claim.status !== 'UNDER_ASSESSMENT')
      await notifyStatus(
        tx,
        updated,
        'UNDER_ASSESSMENT',
        'An assessor has been appointed to inspect the damage and will contact you.',
      );
  });
}

export async function recordAssessment(
  db: Database,
  principal: Principal,
  input: { id: number; report: string; assessedLoss: number },
) {
  await takeStep(db, principal, input.id, 'recordAssessment', async (tx, claim) => {
    if (!claim.assessorId) throw new AppError('conflict', M.assessFirst, { code: 'CLAIM_STATE' });
    await setStatus(tx, claim, 'UNDER_ASSESSMENT', {
      assessmentReport: input.report,
      assessedLoss: input.assessedLoss * 100,
    });
    await addEvent(
      tx,
      claim,
      'assessed',
      'UNDER_ASSESSMENT',
      principal.userId,
      `Assessed loss ${formatKes(input.assessedLoss * 100)}`,
    );
  });
}

/** Approves the agreed loss less the excess: never above the sum insured, never at or below the excess. */
export async function approveClaim(
  db: Database,
  principal: Principal,
  input: { id: number; amount: number },
) {
  await takeStep(db, principal, input.id, 'approve', async (tx, claim) => {
    if (claim.assessedLoss === null) throw new AppError('conflict', M.assessFirst, { code: 'CLAIM_STATE' });
    const agreedLoss = input.amount * 100;
    if (agreedLoss > claim.sumInsured)
      throw fieldError('amount', M.amountAboveLimit(formatKes(claim.sumInsured)));
    const payable = claimPayable({ agreedLoss, excess: claim.excess });
    if (payable <= 0) throw fieldError('amount', M.amountNotAboveExcess(formatKes(claim.excess)));
    const updated = await setStatus(tx, claim, 'APPROVED', { agreedLoss, approvedAmount: payable });
    const note = `${formatKes(agreedLoss)} less the excess ${formatKes(claim.excess)}: ${formatKes(payable)} to pay`;
    await addEvent(tx, claim, 'approved', 'APPROVED', principal.userId, note);
    await notifyStatus(tx, updated, 'APPROVED', `Your claim is approved: ${note}.`);
  });
}

export async function declineClaim(
  db: Database,
  principal: Principal,
  input: { id: number; reason: string },
) {
  await takeStep(db, principal, input.id, 'decline', async (tx, claim) => {
    const updated = await setStatus(tx, claim, 'DECLINED', { declineReason: input.reason });
    await addEvent(tx, claim, 'declined', 'DECLINED', principal.userId, input.reason);
    await notifyStatus(tx, updated, 'DECLINED', `Your claim was declined: ${input.reason}`);
  });
}

export async function closeClaim(db: Database, principal: Principal, input: { id: number }) {
  await takeStep(db, principal, input.id, 'close', async (tx, claim) => {
    const updated = await setStatus(tx, claim, 'CLOSED');
    await addEvent(tx, claim, 'closed', 'CLOSED', principal.userId);
    await notifyStatus(tx, updated, 'CLOSED', 'Your claim is closed.');
  });
}

async function markSettled(tx: Tx, claim: ClaimRow, actorId: string | null, note: string) {
  const updated = await setStatus(tx, claim, 'SETTLED');
  await addEvent(tx, claim, 'settled', 'SETTLED', actorId, note);
  await notifyStatus(tx, updated, 'SETTLED', `Your claim is settled: ${note}.`);
}

export type SettleInput =
  | { id: number; method: 'mpesa'; phone: string }
  | { id: number; method: 'garage'; garageName: string; reference: string };

/**
 * Pays an approved claim: to a garage (recorded as paid), or to the client's M-Pesa through a Daraja
 * B2C payment request — pending until its result reaches our ResultURL.
 */
export async function settleClaim(
  context: { db: Database; services: Services; log: FastifyBaseLogger },
  principal: Principal,
  input: SettleInput,
) {
  const { db, services } = context;
  if (input.method === 'garage') {
    await takeStep(db, principal, input.id, 'settle', async (tx, claim) => {
      await assertNoPendingPayout(tx, claim);
      await tx.insert(claimSettlements).values({
        claimId: claim.id,
        method: 'garage',
        amount: claim.approvedAmount!,
        garageName: input.garageName,
        reference: input.reference,
        status: 'success',
        createdBy: principal.userId,
        settledAt: new Date(),
      });
      await markSettled(
        tx,
        claim,
        principal.userId,
        `${formatKes(claim.approvedAmount!)} paid to ${input.garageName} (ref. ${input.reference})`,
      );
    });
    return { status: 'SETTLED' };
  }
  const b2c = services.mpesa.b2c;
  if (!b2c)
    throw new AppError('unavailable', 'M-Pesa payouts are not configured (MPESA_B2C_SECURITY_CREDENTIAL).');
  const originatorConversationId = randomUUID();
  const prepared = await takeStep(db, principal, input.id, 'settle', async (tx, claim) => {
    await assertNoPendingPayout(tx, claim);
    const amount = claim.approvedAmount!;
    if (amount > services.mpesa.maxAmount * 100)
      throw new AppError('conflict', M.tooLargeForMpesa(formatKes(services.mpesa.maxAmount * 100)), {
        code: 'CLAIM_MPESA_LIMIT',
      });
    const [settlement] = await tx
      .insert(claimSettlements)
      .values({
        claimId: claim.id,
        method: 'mpesa',
        amount,
        phone: input.phone,
        status: 'pending',
        originatorConversationId,
        createdBy: principal.userId,
      })
      .returning();
    await addEvent(
      tx,
      claim,
      'settlement_started',
      claim.status,
      principal.userId,
      `${formatKes(amount)} sent to M-Pesa ${input.phone}`,
    );
    return { claim, settlement: settlement! };
  });
  try {
    const accepted = await services.mpesa.client.b2cPayment({
      originatorConversationId,
      initiatorName: b2c.initiatorName,
      securityCredential: b2c.securityCredential,
      shortcode: b2c.shortcode,
      amount: Math.round(prepared.settlement.amount / 100),
      phoneNumber: input.phone,
      remarks: `Claim ${prepared.claim.claimRef}`,
      occasion: prepared.claim.claimRef,
      resultUrl: b2c.resultUrl(),
      queueTimeoutUrl: b2c.timeoutUrl(),
    });
    await db
      .update(claimSettlements)
      .set({ conversationId: accepted.conversationId })
      .where(eq(claimSettlements.id, prepared.settlement.id));
  } catch (error) {
    const message = error instanceof DarajaError ? error.message : 'M-Pesa could not be reached';
    context.log.error({ err: error, claim: prepared.claim.claimRef }, 'B2C payout request failed');
    await db.transaction(async (tx) => {
      await tx
        .update(claimSettlements)
        .set({ status: 'failed', resultDesc: message, settledAt: new Date() })
        .where(and(eq(claimSettlements.id, prepared.settlement.id), eq(claimSettlements.status, 'pending')));
      await addEvent(
        tx,
        prepared.claim,
        'settlement_failed',
        prepared.claim.status,
        null,
        `M-Pesa refused the payout: ${message}`,
      );
    });
    throw new AppError('unavailable', `M-Pesa did not take the payout: ${message}. Try again later.`);
  }
  return { status: 'APPROVED', payout: 'pending' };
}

async function assertNoPendingPayout(tx: Tx, claim: ClaimRow) {
  const [pending] = await tx
    .select({ id: claimSettlements.id })
    .from(claimSettlements)
    .where(and(eq(claimSettlements.claimId, claim.id), eq(claimSettlements.status, 'pending')));
  if (pending) throw new AppError('conflict', M.settlementPending, { code: 'CLAIM_PAYOUT_PENDING' });
}

/**
 * A B2C result (ResultURL) or queue time-out (QueueTimeOutURL). Idempotent: only a payout we
 * created counts, and a final payout never changes again — except that money M-Pesa says it paid
 * is recorded even after we had written the payout off (as with STK payments).
 */
export async function handleB2cResult(
  db: Database,
  log: FastifyBaseLogger,
  result: B2cResult,
  via: 'result' | 'timeout',
): Promise<'unknown' | 'duplicate' | 'settled' | 'failed' | 'timeout'> {
  return db.transaction(async (tx) => {
    const [settlement] = await tx
      .select()
      .from(claimSettlements)
      .where(eq(claimSettlements.originatorConversationId, result.originatorConversationId))
      .for('update');
    if (!settlement) return 'unknown';
    const paid = via === 'result' && result.resultCode === '0';
    if (settlement.status === 'success' || (settlement.status !== 'pending' && !paid)) return 'duplicate';
    const [claim] = await tx.select().from(claims).where(eq(claims.id, settlement.claimId)).for('update');
    if (!claim) return 'unknown';
    if (paid) {
      if (result.amount !== null && result.amount * 100 !== settlement.amount)
        log.error(
          { settlement: settlement.id, amount: result.amount },
          'B2C result amount differs from the payout',
        );
      await tx
        .update(claimSettlements)
        .set({
          status: 'success',
          resultCode: result.resultCode,
          resultDesc: result.resultDesc,
          reference: result.transactionId,
          conversationId: result.conversationId || settlement.conversationId,
          settledAt: new Date(),
        })
        .where(eq(claimSettlements.id, settlement.id));
      const note = `${formatKes(settlement.amount)} paid to M-Pesa ${settlement.phone}, receipt ${result.transactionId ?? 'pending'}`;
      if (claim.status === 'APPROVED') await markSettled(tx, claim, null, note);
      else {
        log.error(
          { claim: claim.claimRef, settlement: settlement.id },
          'B2C paid a claim that was no longer waiting for payment',
        );
        await addEvent(tx, claim, 'settled', claim.status, null, note);
      }
      return 'settled';
    }
    const status = via === 'timeout' ? 'timeout' : 'failed';
    await tx
      .update(claimSettlements)
      .set({ status, resultCode: result.resultCode, resultDesc: result.resultDesc, settledAt: new Date() })
      .where(eq(claimSettlements.id, settlement.id));
    const why =
      via === 'timeout'
        ? 'the request timed out in M-Pesa’s queue; nothing was paid'
        : `M-Pesa answered ${result.resultCode}: ${result.resultDesc}`;
    await addEvent(tx, claim, 'settlement_failed', claim.status, null, `Payout not made: ${why}`);
    return status;
  });
}

/** The claims of a list of ids the caller may see (for tests and the desk's counts). */
export async function countOpenClaims(db: Database, principal: Principal) {
  const [row] = await db
    .select({ total: count() })
    .from(claims)
    .where(
      and(
        scopeOf(principal),
        inArray(claims.status, ['REPORTED', 'DOCUMENTS_PENDING', 'UNDER_ASSESSMENT', 'APPROVED']),
      ),
    );
  return row?.total ?? 0;
}
