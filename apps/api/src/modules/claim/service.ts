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
  claimPayoutPosting,
  documentsToWaive,
  formatKes,
  missingClaimDocuments,
  OPEN_CLAIM_STATUSES,
  parseKenyanPhone,
  type ReportClaimInput,
  type ResolvePayoutInput,
  requiredClaimDocuments,
  type WorkAge,
} from '@bima/domain';
import { translateText } from '@bima/domain/i18n';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  claimEvents,
  claimPayoutQueries,
  claimSettlements,
  claims,
  clients,
  files,
  insuranceProducts,
  intermediaries,
  payments,
  policies,
  productExcesses,
  quotations,
  underwriters,
  users,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { kenyaToday } from '../../lib/dates';
import { type Bilingual, formatAmount, formatDay, type Language } from '../../lib/language';
import { makeRef } from '../../lib/refs';
import { containsPattern, pageInfo, pageWindow } from '../../lib/search';
import { workAgeWhere } from '../../lib/work-age';
import {
  type B2cResult,
  DarajaError,
  payoutStatusOutcome,
  type TransactionStatusResult,
} from '../../mpesa/daraja-client';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';
import { listOwnerFiles, type Tx } from '../files/service';
import { post } from '../ledger/service';
import { notify } from '../notification/service';
import { smsTexts } from '../notification/sms-texts';
import { signClaimFormLink } from './form-link';
import { incidentsInPaidMonths } from './paid-month';

const M = CLAIM_MESSAGES;
type Executor = Database | Tx;
type ClaimRow = typeof claims.$inferSelect;
type SettlementRow = typeof claimSettlements.$inferSelect;

/** What the claim's use cases need: the database, the shared services (mail links, M-Pesa) and a logger. */
export interface ClaimContext {
  db: Database;
  services: Services;
  log: FastifyBaseLogger;
}

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
export function scopeOf(principal: Principal): SQL | undefined {
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

/** A claim status in words (the notifications and the USSD claim menu). */
export const CLAIM_STATUS_WORDS: Record<Language, Record<ClaimStatus, string>> = {
  en: {
    REPORTED: 'reported',
    DOCUMENTS_PENDING: 'waiting for documents',
    UNDER_ASSESSMENT: 'under assessment',
    APPROVED: 'approved',
    DECLINED: 'declined',
    SETTLED: 'settled',
    CLOSED: 'closed',
  },
  sw: {
    REPORTED: 'limeripotiwa',
    DOCUMENTS_PENDING: 'linasubiri nyaraka',
    UNDER_ASSESSMENT: 'linatathminiwa',
    APPROVED: 'limeidhinishwa',
    DECLINED: 'limekataliwa',
    SETTLED: 'limelipwa',
    CLOSED: 'limefungwa',
  },
};

/**
 * Tells the client their claim changed status: in the app and, in the same transaction, queued by
 * e-mail and by text message unless they switched claim e-mails/texts off (the workers send them after
 * the commit). The text says the claim is received (REPORTED), paid with its amount (SETTLED), or its
 * new status.
 */
async function notifyStatus(
  tx: Tx,
  services: Services,
  claim: ClaimRow,
  status: ClaimStatus,
  body: Bilingual,
) {
  await notify(tx, {
    userId: claim.userId,
    kind: 'claim_status_changed',
    title: {
      en: `Claim ${claim.claimRef} ${CLAIM_STATUS_WORDS.en[status]}`,
      sw: `Dai ${claim.claimRef} ${CLAIM_STATUS_WORDS.sw[status]}`,
    },
    body,
    link: `/newportal/claims/${claim.id}`,
    email: { baseUrl: services.publicBaseUrl },
    sms:
      status === 'REPORTED'
        ? smsTexts.claimReceived({ claimRef: claim.claimRef })
        : status === 'SETTLED'
          ? smsTexts.claimPaid({ claimRef: claim.claimRef, amount: claim.approvedAmount })
          : smsTexts.claimStatusChanged({ claimRef: claim.claimRef, status }),
  });
}

/**
 * Tells the claim's insurer's claims staff (every ACTIVE underwriter user of the insurer) that a
 * client reported a claim or added a document: in the app and by e-mail (unless switched off), each
 * in their own language, in the caller's transaction, linking to the claim on the desk.
 */
export async function notifyInsurerStaff(
  tx: Tx,
  services: Services,
  claim: Pick<ClaimRow, 'id' | 'underwriterId'>,
  message: { title: Bilingual; body: Bilingual },
) {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'underwriter'),
        eq(users.underwriterId, claim.underwriterId),
        eq(users.status, 'ACTIVE'),
      ),
    );
  for (const user of staff) {
    await notify(tx, {
      userId: user.id,
      kind: 'claim_received',
      ...message,
      link: `/staff/claims/${claim.id}`,
      email: { baseUrl: services.publicBaseUrl },
    });
  }
}

/** The client's name as the desk's notifications give it. */
async function clientNameOf(tx: Tx, userId: string) {
  const [client] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return client ? `${client.firstName} ${client.lastName}` : '';
}

/** Tells the insurer's claims staff that the client added a document to a claim (files-owner.ts). */
export async function notifyDocumentAdded(
  tx: Tx,
  services: Services,
  claim: ClaimRow,
  file: { category: string; name: string },
) {
  const label = CLAIM_DOCUMENT_LABELS[file.category as ClaimDocumentType] ?? file.category;
  const name = await clientNameOf(tx, claim.userId);
  await notifyInsurerStaff(tx, services, claim, {
    title: {
      en: `New document on claim ${claim.claimRef}`,
      sw: `Hati mpya kwenye dai ${claim.claimRef}`,
    },
    body: {
      en: `${name} added ${label.charAt(0).toLowerCase()}${label.slice(1)} (${file.name}).`,
      sw: `${name} ameongeza: ${translateText(label, 'sw')} (${file.name}).`,
    },
  });
}

/** Reports a claim on the client's active policy: dates within the cover, the excess and sum insured fixed from the policy. */
export async function reportClaim(context: ClaimContext, principal: Principal, input: ReportClaimInput) {
  const { db } = context;
  const [policy] = await db
    .select({
      id: policies.id,
      startDate: policies.startDate,
      endDate: policies.endDate,
      cancelledOn: policies.cancelledOn,
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
  // A cancelled policy (premium financing in default) covers up to its cancellation day.
  const coverEnd =
    policy.cancelledOn && policy.cancelledOn < policy.endDate ? policy.cancelledOn : policy.endDate;
  if (policy.startDate > today || coverEnd < today) throw new AppError('conflict', M.policyNotActive);
  if (input.incidentDate < policy.startDate) throw fieldError('incidentDate', M.dateBeforeCover);
  if (input.incidentDate > coverEnd) throw fieldError('incidentDate', M.dateAfterCover);

  const excessCode = EXCESS_BY_TYPE[input.type];
  let excess = 0;
  if (excessCode) {
    const chosen = policy.chosenExcesses.find((line) => line.id === excessCode);
    if (chosen) excess = chosen.amountCents;
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
    const name = await clientNameOf(tx, principal.userId);
    const type = CLAIM_TYPE_LABELS[input.type];
    await notifyInsurerStaff(tx, context.services, claim!, {
      title: {
        en: `New claim ${claim!.claimRef} on policy ${input.policyNumber}`,
        sw: `Dai jipya ${claim!.claimRef} kwenye sera ${input.policyNumber}`,
      },
      body: {
        en: `${name} reported a claim: ${type.toLowerCase()} on ${formatDay(input.incidentDate, 'en')}, ${input.place}. Open it on the claims desk.`,
        sw: `${name} ameripoti dai: ${translateText(type, 'sw').toLowerCase()} tarehe ${formatDay(input.incidentDate, 'sw')}, ${input.place}. Lifungue kwenye dawati la madai.`,
      },
    });
    await notifyStatus(tx, context.services, claim!, 'REPORTED', {
      en: `We have your ${CLAIM_TYPE_LABELS[input.type].toLowerCase()} claim. Upload the documents on its checklist; the insurer will be in touch.`,
      sw: `Tumepokea dai lako la ${translateText(CLAIM_TYPE_LABELS[input.type], 'sw').toLowerCase()}. Pakia nyaraka zilizo kwenye orodha yake; kampuni ya bima itawasiliana nawe.`,
    });
    return { id: claim!.id, claimRef: claim!.claimRef, status: claim!.status };
  });
}

const summaryColumns = {
  id: claims.id,
  policyId: claims.policyId,
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
  input: {
    page: number;
    pageSize: number;
    status?: string;
    type?: string;
    search?: string;
    open?: boolean;
    age?: WorkAge;
  },
) {
  const search = input.search?.trim();
  const where = and(
    scopeOf(principal),
    input.status ? eq(claims.status, input.status) : undefined,
    input.open ? inArray(claims.status, [...OPEN_CLAIM_STATUSES]) : undefined,
    input.age ? workAgeWhere(claims.createdAt, input.age, new Date()) : undefined,
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
  // Open claims oldest first: the longest waiting comes first on the dashboard.
  const order = input.open
    ? [asc(claims.createdAt), asc(claims.id)]
    : [desc(claims.createdAt), desc(claims.id)];
  const rows = await base()
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ total: count() })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .innerJoin(users, eq(users.id, claims.userId))
    .where(where);
  // The desk sees whether a monthly policy's claim falls within a paid month (the client does not).
  const inPaidMonth =
    principal.role === 'client' ? new Map<number, boolean | null>() : await incidentsInPaidMonths(db, rows);
  return {
    items: rows.map(
      ({
        clientFirstName,
        clientLastName,
        clientEmail,
        createdAt,
        updatedAt,
        policyId: _policy,
        ...row
      }) => ({
        ...row,
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
        client:
          principal.role === 'client'
            ? null
            : { name: `${clientFirstName} ${clientLastName}`, email: clientEmail },
        inPaidMonth: inPaidMonth.get(row.id) ?? null,
      }),
    ),
    ...pageInfo(total?.total ?? 0, input),
  };
}

/**
 * The number a claim's payout goes to unless the desk types another: the claimant's M-Pesa number —
 * the KYC phone, else the profile's phone, when it is a Kenyan mobile, else the phone the policy's
 * premium was paid from — as Kenyans write it (0712345678); null when none is known.
 */
async function suggestedPayoutPhone(db: Database, claim: ClaimRow): Promise<string | null> {
  const [kyc] = await db
    .select({ kycPhone: clients.phone, profilePhone: users.phone })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .where(eq(users.id, claim.userId));
  const [paid] = await db
    .select({ phone: payments.phone })
    .from(payments)
    .innerJoin(policies, eq(policies.invoiceId, payments.invoiceId))
    .where(and(eq(policies.id, claim.policyId), eq(payments.status, 'success')))
    .orderBy(desc(payments.id))
    .limit(1);
  for (const phone of [kyc?.kycPhone, kyc?.profilePhone, paid?.phone]) {
    const parsed = phone ? parseKenyanPhone(phone) : null;
    if (parsed?.isMobile) return parsed.local;
  }
  return null;
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
    ? await listOwnerFiles(db, services.tokenSecret, principal, 'claim', String(claim.id))
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
  const toWaive = documentsToWaive({ requested, uploaded: attached.map((file) => file.category) });
  const allowed = (step: ClaimStep) => handles && canTakeClaimStep(step, claim.status);
  const open = settlements.some((settlement) => OPEN_PAYOUT.includes(settlement.status));
  const unresolved = settlements.some((settlement) => settlement.status === 'unresolved');
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
    inPaidMonth:
      principal.role === 'client' ? null : ((await incidentsInPaidMonths(db, [claim])).get(claim.id) ?? null),
    client: client
      ? {
          name: `${client.firstName} ${client.lastName}`,
          email: principal.role === 'client' ? null : client.email,
        }
      : null,
    // Cents on the wire: an excess may carry cents (the payable amount is whole shillings, see claimPayable).
    excess: claim.excess,
    sumInsured: claim.sumInsured,
    assessor: assessor ? { id: assessor.id, name: `${assessor.firstName} ${assessor.lastName}` } : null,
    assessmentReport: handles || principal.role === 'admin' ? claim.assessmentReport : null,
    assessedLoss: claim.assessedLoss,
    agreedLoss: claim.agreedLoss,
    approvedAmount: claim.approvedAmount,
    declineReason: claim.declineReason,
    documents: {
      required,
      requested,
      missing,
      /** Requested by the insurer and still missing: approving waives them (approveClaim `waivedDocuments`). */
      toWaive,
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
    /** The claimant's M-Pesa number, to prefill the payout (the desk only, while it can be paid). */
    payoutPhone: handles && claim.status === 'APPROVED' ? await suggestedPayoutPhone(db, claim) : null,
    /** The claim form prefilled with the policy and the claim, signed for the reader (10 minutes). */
    claimFormUrl: readsFiles ? signClaimFormLink(services.tokenSecret, claim.id, principal) : null,
    settlements: settlements.map((settlement) => ({
      method: settlement.method,
      amount: settlement.amount,
      status: settlement.status,
      statusLabel: SETTLEMENT_STATUS_LABELS[settlement.status] ?? settlement.status,
      phone: settlement.phone,
      garageName: settlement.garageName,
      reference: settlement.reference,
      resultDesc: settlement.resultDesc,
      createdAt: settlement.createdAt.toISOString(),
      settledAt: settlement.settledAt?.toISOString() ?? null,
      /** Transaction Status queries sent while its result was missing, and the last one. */
      checks: settlement.queryAttempts,
      lastCheckedAt: settlement.lastQueriedAt?.toISOString() ?? null,
    })),
    actions: {
      requestDocuments: allowed('requestDocuments'),
      appointAssessor: allowed('appointAssessor'),
      recordAssessment: allowed('recordAssessment') && claim.assessorId !== null,
      approve: allowed('approve') && claim.assessedLoss !== null,
      decline: allowed('decline'),
      settle: allowed('settle') && !open,
      /** Record what the M-Pesa statement shows for a payout M-Pesa never confirmed (resolvePayout). */
      resolvePayout: handles && unresolved,
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
  context: ClaimContext,
  principal: Principal,
  input: { id: number; documents: ClaimDocumentType[]; note: string },
) {
  await takeStep(context.db, principal, input.id, 'requestDocuments', async (tx, claim) => {
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
      title: {
        en: `Documents needed for claim ${claim.claimRef}`,
        sw: `Nyaraka zinahitajika kwa dai ${claim.claimRef}`,
      },
      body: {
        en: `The insurer asks for: ${list}.${input.note ? ` ${input.note}` : ''}`,
        sw: `Kampuni ya bima inaomba: ${input.documents.map((type) => translateText(CLAIM_DOCUMENT_LABELS[type], 'sw')).join('; ')}.${input.note ? ` ${input.note}` : ''}`,
      },
      link: `/newportal/claims/${claim.id}`,
      email: { baseUrl: context.services.publicBaseUrl },
    });
    if (claim.status !== 'DOCUMENTS_PENDING')
      await notifyStatus(tx, context.services, updated, 'DOCUMENTS_PENDING', {
        en: 'Your claim waits for the documents the insurer asked for.',
        sw: 'Dai lako linasubiri nyaraka ambazo kampuni ya bima imeomba.',
      });
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
  context: ClaimContext,
  principal: Principal,
  input: { id: number; assessorId: string },
) {
  await takeStep(context.db, principal, input.id, 'appointAssessor', async (tx, claim) => {
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
      await notifyStatus(tx, context.services, updated, 'UNDER_ASSESSMENT', {
        en: 'An assessor has been appointed to inspect the damage and will contact you.',
        sw: 'Mtathmini ameteuliwa kukagua uharibifu na atawasiliana nawe.',
      });
  });
}

export async function recordAssessment(
  context: ClaimContext,
  principal: Principal,
  input: { id: number; report: string; assessedLoss: number },
) {
  await takeStep(context.db, principal, input.id, 'recordAssessment', async (tx, claim) => {
    if (!claim.assessorId) throw new AppError('conflict', M.assessFirst, { code: 'CLAIM_STATE' });
    await setStatus(tx, claim, 'UNDER_ASSESSMENT', {
      assessmentReport: input.report,
      assessedLoss: input.assessedLoss,
    });
    await addEvent(
      tx,
      claim,
      'assessed',
      'UNDER_ASSESSMENT',
      principal.userId,
      `Assessed loss ${formatKes(input.assessedLoss)}`,
    );
  });
}

/** The checklist categories of the files a claim has (what counts as received). */
async function uploadedCategories(executor: Executor, claimId: number): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ category: files.category })
    .from(files)
    .where(and(eq(files.ownerKind, 'claim'), eq(files.ownerId, String(claimId))));
  return rows.map((row) => row.category);
}

/**
 * Approves the agreed loss less the excess, in whole shillings (claimPayable): never above the sum
 * insured, never at or below the excess. The amount stored is the amount shown and paid. Documents
 * the insurer asked for and has not received must be waived by name (`waivedDocuments`), else 409
 * `CLAIM_DOCUMENTS_MISSING` naming them; a waiver is on the timeline and in the audit log.
 */
export async function approveClaim(
  context: ClaimContext,
  principal: Principal,
  input: { id: number; amount: number; waivedDocuments?: ClaimDocumentType[] },
) {
  await takeStep(context.db, principal, input.id, 'approve', async (tx, claim) => {
    if (claim.assessedLoss === null) throw new AppError('conflict', M.assessFirst, { code: 'CLAIM_STATE' });
    const agreedLoss = input.amount;
    if (agreedLoss > claim.sumInsured)
      throw fieldError('amount', M.amountAboveLimit(formatKes(claim.sumInsured)));
    const payable = claimPayable({ agreedLoss, excess: claim.excess });
    if (payable <= 0) throw fieldError('amount', M.amountNotAboveExcess(formatKes(claim.excess)));
    const toWaive = documentsToWaive({
      requested: claim.requestedDocuments as ClaimDocumentType[],
      uploaded: await uploadedCategories(tx, claim.id),
    });
    const waived = new Set(input.waivedDocuments ?? []);
    if (toWaive.some((type) => !waived.has(type))) {
      const message = M.documentsNotWaived(toWaive.map((type) => CLAIM_DOCUMENT_LABELS[type]).join('; '));
      throw new AppError('conflict', message, {
        code: 'CLAIM_DOCUMENTS_MISSING',
        errors: [{ field: 'waivedDocuments', message }],
      });
    }
    const updated = await setStatus(tx, claim, 'APPROVED', { agreedLoss, approvedAmount: payable });
    if (toWaive.length > 0) {
      await addEvent(
        tx,
        claim,
        'documents_waived',
        claim.status,
        principal.userId,
        toWaive.map((type) => CLAIM_DOCUMENT_LABELS[type]).join('; '),
      );
      await recordAudit(tx, principal, {
        action: 'claim.documents_waived',
        entityType: 'claim',
        entityId: claim.id,
        details: { claimRef: claim.claimRef, documents: toWaive },
      });
    }
    const cents = agreedLoss - claim.excess - payable;
    const note = `${formatKes(agreedLoss)} less the excess ${formatKes(claim.excess)}: ${formatKes(payable)} to pay${cents > 0 ? ' (in whole shillings)' : ''}`;
    await addEvent(tx, claim, 'approved', 'APPROVED', principal.userId, note);
    await recordAudit(tx, principal, {
      action: 'claim.approved',
      entityType: 'claim',
      entityId: claim.id,
      details: {
        claimRef: claim.claimRef,
        agreedLoss,
        excess: claim.excess,
        approvedAmount: payable,
        waivedDocuments: toWaive,
      },
    });
    await notifyStatus(tx, context.services, updated, 'APPROVED', {
      en: `Your claim is approved: ${note}.`,
      sw: `Dai lako limeidhinishwa: ${formatAmount(agreedLoss, 'sw')} ukiondoa kiasi cha ziada (excess) cha ${formatAmount(claim.excess, 'sw')}: ${formatAmount(payable, 'sw')} zitalipwa${cents > 0 ? ' (kwa shilingi nzima)' : ''}.`,
    });
  });
}

export async function declineClaim(
  context: ClaimContext,
  principal: Principal,
  input: { id: number; reason: string },
) {
  await takeStep(context.db, principal, input.id, 'decline', async (tx, claim) => {
    const updated = await setStatus(tx, claim, 'DECLINED', { declineReason: input.reason });
    await addEvent(tx, claim, 'declined', 'DECLINED', principal.userId, input.reason);
    await recordAudit(tx, principal, {
      action: 'claim.declined',
      entityType: 'claim',
      entityId: claim.id,
      details: { claimRef: claim.claimRef, reason: input.reason },
    });
    await notifyStatus(tx, context.services, updated, 'DECLINED', {
      en: `Your claim was declined: ${input.reason}`,
      sw: `Dai lako limekataliwa: ${input.reason}`,
    });
  });
}

export async function closeClaim(context: ClaimContext, principal: Principal, input: { id: number }) {
  await takeStep(context.db, principal, input.id, 'close', async (tx, claim) => {
    const updated = await setStatus(tx, claim, 'CLOSED');
    await addEvent(tx, claim, 'closed', 'CLOSED', principal.userId);
    await notifyStatus(tx, context.services, updated, 'CLOSED', {
      en: 'Your claim is closed.',
      sw: 'Dai lako limefungwa.',
    });
  });
}

async function markSettled(
  tx: Tx,
  services: Services,
  claim: ClaimRow,
  actorId: string | null,
  note: string,
  /** The payout in Swahili for the client's notification (the history keeps the English note). */
  noteInSwahili: string,
) {
  const updated = await setStatus(tx, claim, 'SETTLED');
  await addEvent(tx, claim, 'settled', 'SETTLED', actorId, note);
  await notifyStatus(tx, services, updated, 'SETTLED', {
    en: `Your claim is settled: ${note}.`,
    sw: `Dai lako limelipwa: ${noteInSwahili}.`,
  });
}

export type SettleInput =
  | { id: number; method: 'mpesa'; phone: string }
  | { id: number; method: 'garage'; garageName: string; reference: string };

/** Payouts that may still have paid: while one exists, the claim cannot be paid again. */
const OPEN_PAYOUT = ['pending', 'unresolved'];

/** How each payout state reads on the claim's list of payments (`statusLabel`). */
const SETTLEMENT_STATUS_LABELS: Record<string, string> = {
  pending: 'Waiting for M-Pesa',
  success: 'Paid',
  failed: 'Not paid',
  timeout: 'Not paid: timed out in M-Pesa’s queue',
  unresolved: 'Not confirmed by M-Pesa: check the M-Pesa statement before paying again',
};

/**
 * Pays an approved claim: to a garage (recorded as paid), or to the client's M-Pesa through a Daraja
 * B2C payment request — pending until its result reaches our ResultURL, or until the Transaction
 * Status query tells (reconcilePendingPayouts). The amount sent is the approved amount, already
 * whole shillings (claimPayable); the Daraja client refuses anything else rather than rounding.
 */
export async function settleClaim(context: ClaimContext, principal: Principal, input: SettleInput) {
  const { db, services } = context;
  if (input.method === 'garage') {
    await takeStep(db, principal, input.id, 'settle', async (tx, claim) => {
      await assertNoOpenPayout(tx, claim);
      const [garage] = await tx
        .insert(claimSettlements)
        .values({
          claimId: claim.id,
          method: 'garage',
          amount: claim.approvedAmount!,
          garageName: input.garageName,
          reference: input.reference,
          status: 'success',
          createdBy: principal.userId,
          settledAt: new Date(),
        })
        .returning();
      await postClaimPayout(tx, claim, garage!, input.reference, principal.userId);
      await recordAudit(tx, principal, {
        action: 'claim.payout',
        entityType: 'claim',
        entityId: claim.id,
        details: {
          claimRef: claim.claimRef,
          method: 'garage',
          amount: claim.approvedAmount,
          garageName: input.garageName,
          reference: input.reference,
        },
      });
      await markSettled(
        tx,
        services,
        claim,
        principal.userId,
        `${formatKes(claim.approvedAmount!)} paid to ${input.garageName} (ref. ${input.reference})`,
        `${formatAmount(claim.approvedAmount!, 'sw')} zimelipwa kwa ${input.garageName} (kumb. ${input.reference})`,
      );
    });
    return { status: 'SETTLED' };
  }
  const b2c = services.mpesa.b2c;
  if (!b2c)
    throw new AppError('unavailable', 'M-Pesa payouts are not configured (MPESA_B2C_SECURITY_CREDENTIAL).');
  const originatorConversationId = randomUUID();
  const prepared = await takeStep(db, principal, input.id, 'settle', async (tx, claim) => {
    await assertNoOpenPayout(tx, claim);
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
    await recordAudit(tx, principal, {
      action: 'claim.payout',
      entityType: 'claim',
      entityId: claim.id,
      details: {
        claimRef: claim.claimRef,
        method: 'mpesa',
        amount,
        phone: input.phone,
        originatorConversationId,
      },
    });
    return { claim, settlement: settlement! };
  });
  let accepted: Awaited<ReturnType<Services['mpesa']['client']['b2cPayment']>>;
  try {
    accepted = await services.mpesa.client.b2cPayment({
      originatorConversationId,
      initiatorName: b2c.initiatorName,
      securityCredential: b2c.securityCredential,
      shortcode: b2c.shortcode,
      amount: prepared.settlement.amount / 100,
      phoneNumber: input.phone,
      remarks: `Claim ${prepared.claim.claimRef}`,
      occasion: prepared.claim.claimRef,
      resultUrl: b2c.resultUrl(),
      queueTimeoutUrl: b2c.timeoutUrl(),
    });
  } catch (error) {
    const refused = error instanceof DarajaError && !error.uncertain;
    if (!refused) {
      // M-Pesa may have taken it: never fail it on a guess (a second payout could pay twice). It stays
      // pending, and the reconciler asks Transaction Status by our OriginatorConversationID.
      context.log.error(
        { err: error, claim: prepared.claim.claimRef, originatorConversationId },
        'B2C payout request got no answer; its status will be queried before anything else is paid',
      );
      await db
        .update(claimSettlements)
        .set({ resultDesc: 'M-Pesa did not answer the payout request: checking its status with M-Pesa.' })
        .where(and(eq(claimSettlements.id, prepared.settlement.id), eq(claimSettlements.status, 'pending')));
      return { status: 'APPROVED', payout: 'pending' };
    }
    const message = error.message;
    context.log.error({ err: error, claim: prepared.claim.claimRef }, 'B2C payout request refused');
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(claimSettlements)
        .set({ status: 'failed', resultDesc: message, settledAt: new Date() })
        .where(and(eq(claimSettlements.id, prepared.settlement.id), eq(claimSettlements.status, 'pending')))
        .returning({ id: claimSettlements.id });
      if (failed)
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
  await db
    .update(claimSettlements)
    .set({ conversationId: accepted.conversationId })
    .where(and(eq(claimSettlements.id, prepared.settlement.id), isNull(claimSettlements.conversationId)));
  return { status: 'APPROVED', payout: 'pending' };
}

async function assertNoOpenPayout(tx: Tx, claim: ClaimRow) {
  const [open] = await tx
    .select({ id: claimSettlements.id, status: claimSettlements.status })
    .from(claimSettlements)
    .where(and(eq(claimSettlements.claimId, claim.id), inArray(claimSettlements.status, OPEN_PAYOUT)));
  if (open?.status === 'unresolved')
    throw new AppError('conflict', M.payoutUnresolved, { code: 'CLAIM_PAYOUT_UNRESOLVED' });
  if (open) throw new AppError('conflict', M.settlementPending, { code: 'CLAIM_PAYOUT_PENDING' });
}

/** What M-Pesa (or the desk, from the M-Pesa statement) says about a payout. */
type PayoutAnswer =
  | {
      paid: true;
      receipt: string | null;
      /** Whole shillings, when the answer carries it. */
      amount: number | null;
      conversationId?: string | null;
      resultCode: string;
      resultDesc: string;
      /** How it was learnt, appended to the timeline note (empty for the B2C result itself). */
      source: string;
      actorId: string | null;
    }
  | {
      paid: false;
      status: 'failed' | 'timeout';
      resultCode: string | null;
      resultDesc: string;
      /** Why nothing was paid, for the timeline. */
      why: string;
      actorId: string | null;
    };

type PayoutOutcome = 'duplicate' | 'settled' | 'failed' | 'timeout';

/**
 * Applies one answer about a payout; the caller holds the claim's and then the payout's row locks
 * (always in that order). Idempotent and never double-settling: a paid payout never changes again; a
 * "not paid" only moves a payout that may still have paid (pending, unresolved); a "paid" with its
 * receipt is recorded even over a failure or time-out — money M-Pesa sent is real (as with STK).
 */
async function applyPayoutAnswer(
  tx: Tx,
  context: ClaimContext,
  claim: ClaimRow,
  settlement: SettlementRow,
  answer: PayoutAnswer,
): Promise<PayoutOutcome> {
  const { log } = context;
  if (settlement.status === 'success') return 'duplicate';
  const open = OPEN_PAYOUT.includes(settlement.status);
  if (!answer.paid && !open) return 'duplicate';
  if (answer.paid && !open && !answer.receipt) {
    log.error(
      { claim: claim.claimRef, settlement: settlement.id, was: settlement.status },
      'M-Pesa said paid without a receipt for a payout already given up; left as it was',
    );
    return 'duplicate';
  }
  if (answer.paid) {
    if (answer.amount !== null && Math.round(answer.amount * 100) !== settlement.amount)
      log.error(
        { claim: claim.claimRef, settlement: settlement.id, amount: answer.amount },
        'M-Pesa paid an amount that differs from the payout',
      );
    if (!open)
      log.error(
        { claim: claim.claimRef, settlement: settlement.id, was: settlement.status, receipt: answer.receipt },
        'M-Pesa paid a payout we had as not paid',
      );
    await tx
      .update(claimSettlements)
      .set({
        status: 'success',
        resultCode: answer.resultCode,
        resultDesc: answer.resultDesc,
        reference: answer.receipt ?? settlement.reference,
        conversationId: answer.conversationId || settlement.conversationId,
        settledAt: new Date(),
        nextQueryAt: null,
      })
      .where(eq(claimSettlements.id, settlement.id));
    await postClaimPayout(tx, claim, settlement, answer.receipt ?? settlement.reference, answer.actorId);
    const note = `${formatKes(settlement.amount)} paid to M-Pesa ${settlement.phone}, receipt ${answer.receipt ?? 'not given'}${answer.source}`;
    const noteInSwahili = `${formatAmount(settlement.amount, 'sw')} zimelipwa kwa M-Pesa ${settlement.phone}${answer.receipt ? `, risiti ${answer.receipt}` : ''}`;
    if (claim.status === 'APPROVED')
      await markSettled(tx, context.services, claim, answer.actorId, note, noteInSwahili);
    else {
      log.error(
        { claim: claim.claimRef, settlement: settlement.id },
        'B2C paid a claim that was no longer waiting for payment',
      );
      await addEvent(tx, claim, 'settled', claim.status, answer.actorId, note);
    }
    return 'settled';
  }
  await tx
    .update(claimSettlements)
    .set({
      status: answer.status,
      resultCode: answer.resultCode,
      resultDesc: answer.resultDesc,
      settledAt: new Date(),
      nextQueryAt: null,
    })
    .where(eq(claimSettlements.id, settlement.id));
  await addEvent(
    tx,
    claim,
    'settlement_failed',
    claim.status,
    answer.actorId,
    `Payout not made: ${answer.why}`,
  );
  return answer.status;
}

/** The money of a paid payout, once per payout, in the transaction that records it as paid. */
async function postClaimPayout(
  tx: Tx,
  claim: ClaimRow,
  settlement: SettlementRow,
  reference: string | null,
  actorId: string | null,
) {
  await post(
    tx,
    claimPayoutPosting({
      settlementId: settlement.id,
      userId: claim.userId,
      underwriterId: claim.underwriterId,
      amount: settlement.amount,
      method: settlement.method === 'garage' ? 'garage' : 'mpesa',
      claimRef: claim.claimRef,
      reference,
    }),
    { createdBy: actorId },
  );
}

/** Locks a payout's claim, then the payout (the order every payout path keeps), by the payout's id. */
async function lockPayout(tx: Tx, settlementId: number) {
  const [found] = await tx
    .select({ claimId: claimSettlements.claimId })
    .from(claimSettlements)
    .where(eq(claimSettlements.id, settlementId));
  if (!found) return null;
  const [claim] = await tx.select().from(claims).where(eq(claims.id, found.claimId)).for('update');
  const [settlement] = await tx
    .select()
    .from(claimSettlements)
    .where(eq(claimSettlements.id, settlementId))
    .for('update');
  return claim && settlement ? { claim, settlement } : null;
}

/**
 * A B2C result (ResultURL) or queue time-out (QueueTimeOutURL). Idempotent: only a payout we
 * created counts, and a final payout never changes again — except that money M-Pesa says it paid
 * is recorded even after we had written the payout off (as with STK payments). A queue time-out is
 * Daraja saying the request was never processed (docs: it timed out awaiting processing), so the
 * payout is not paid and the claim may be paid again.
 */
export async function handleB2cResult(
  context: ClaimContext,
  result: B2cResult,
  via: 'result' | 'timeout',
): Promise<'unknown' | PayoutOutcome> {
  return context.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: claimSettlements.id })
      .from(claimSettlements)
      .where(eq(claimSettlements.originatorConversationId, result.originatorConversationId));
    const locked = found ? await lockPayout(tx, found.id) : null;
    if (!locked) return 'unknown';
    const paid = via === 'result' && result.resultCode === '0';
    return applyPayoutAnswer(
      tx,
      context,
      locked.claim,
      locked.settlement,
      paid
        ? {
            paid: true,
            receipt: result.transactionId,
            amount: result.amount,
            conversationId: result.conversationId,
            resultCode: result.resultCode,
            resultDesc: result.resultDesc,
            source: '',
            actorId: null,
          }
        : {
            paid: false,
            status: via === 'timeout' ? 'timeout' : 'failed',
            resultCode: result.resultCode,
            resultDesc: result.resultDesc,
            why:
              via === 'timeout'
                ? 'the request timed out in M-Pesa’s queue; nothing was paid'
                : `M-Pesa answered ${result.resultCode}: ${result.resultDesc}`,
            actorId: null,
          },
    );
  });
}

/**
 * A B2C result or queue time-out as it reached our ResultURL / QueueTimeOutURL. A callback is a hint,
 * never proof (its secret can leak): from Safaricom's callback addresses (`isTrustedCallbackSource`)
 * it is applied as it comes (handleB2cResult); from anywhere else nothing is applied — a forged
 * success would mark a payout paid, a forged failure or time-out would free the claim to be paid
 * twice. Instead M-Pesa's own Transaction Status is asked at once, through the reconciler's
 * `reconcilePayout`, and its answer (handlePayoutStatusResult) settles or frees the payout.
 */
export async function handleB2cCallback(
  context: PayoutReconcileContext,
  result: B2cResult,
  via: 'result' | 'timeout',
  source: { trusted: boolean } = { trusted: false },
): Promise<'unknown' | 'unconfirmed' | PayoutOutcome> {
  if (source.trusted) return handleB2cResult(context, result, via);
  const [settlement] = await context.db
    .select()
    .from(claimSettlements)
    .where(eq(claimSettlements.originatorConversationId, result.originatorConversationId));
  if (!settlement) return 'unknown';
  const paid = via === 'result' && result.resultCode === '0';
  // Nothing to ask: a paid payout never changes, and "not paid" cannot move a final payout.
  if (settlement.status === 'success' || (!paid && !OPEN_PAYOUT.includes(settlement.status)))
    return 'duplicate';
  context.log.warn(
    { settlement: settlement.id, via, resultCode: result.resultCode },
    'B2C result from outside Safaricom’s callback addresses: not applied; asking M-Pesa’s Transaction Status',
  );
  await reconcilePayout(context, settlement);
  return 'unconfirmed';
}

/** The reconciler's settings (PAYOUT_QUERY_AFTER_MS, PAYOUT_UNRESOLVED_AFTER_MS) and clock. */
export interface PayoutReconcileContext extends ClaimContext {
  queryAfterMs: number;
  unresolvedAfterMs: number;
  now?: () => Date;
}

/** The longest pause between two Transaction Status queries about one payout. */
const PAYOUT_QUERY_BACKOFF_MAX_MS = 30 * 60_000;

/** The pause before the next Transaction Status query after `attempts` of them: doubling from the first wait, capped. */
export function payoutQueryBackoffMs(queryAfterMs: number, attempts: number): number {
  return Math.min(queryAfterMs * 2 ** Math.min(Math.max(attempts - 1, 0), 20), PAYOUT_QUERY_BACKOFF_MAX_MS);
}

const hoursText = (ms: number) => {
  const hours = ms / 3_600_000;
  return hours >= 1
    ? `${Math.round(hours)} hour${Math.round(hours) === 1 ? '' : 's'}`
    : `${Math.max(1, Math.round(ms / 60_000))} minutes`;
};

/**
 * A pending payout with no definitive answer by the deadline becomes `unresolved`: it may have been
 * paid, so it still blocks any other payout of the claim until M-Pesa answers or the desk records
 * what the M-Pesa statement shows (resolvePayout). Logged as an error for staff.
 */
async function markUnresolved(context: PayoutReconcileContext, settlementId: number): Promise<boolean> {
  return context.db.transaction(async (tx) => {
    const locked = await lockPayout(tx, settlementId);
    if (locked?.settlement.status !== 'pending') return false;
    const { claim, settlement } = locked;
    const after = hoursText(context.unresolvedAfterMs);
    await tx
      .update(claimSettlements)
      .set({
        status: 'unresolved',
        resultDesc: `No answer from M-Pesa within ${after}: it may have been paid. Check the M-Pesa statement and record what it shows before paying again.`,
      })
      .where(eq(claimSettlements.id, settlement.id));
    await addEvent(
      tx,
      claim,
      'settlement_unresolved',
      claim.status,
      null,
      `M-Pesa has not confirmed the payout of ${formatKes(settlement.amount)} to M-Pesa ${settlement.phone} within ${after}. It may have been paid: no new payout until the M-Pesa statement is checked and the result recorded.`,
    );
    context.log.error(
      {
        claim: claim.claimRef,
        settlement: settlement.id,
        originatorConversationId: settlement.originatorConversationId,
        checks: settlement.queryAttempts,
      },
      'B2C payout unresolved: no definitive answer from M-Pesa by the deadline; the desk must check the M-Pesa statement',
    );
    return true;
  });
}

/**
 * Asks Daraja's Transaction Status about one payout whose result has not come (by our
 * OriginatorConversationID, and by its receipt when known). The answer arrives on our ResultURL
 * (handlePayoutStatusResult); here the query is recorded and the next one scheduled with backoff.
 * Past the deadline a still-pending payout is first marked unresolved, and is still asked about.
 */
export async function reconcilePayout(
  context: PayoutReconcileContext,
  settlement: SettlementRow,
): Promise<void> {
  const { db, services } = context;
  const now = context.now?.() ?? new Date();
  if (
    settlement.status === 'pending' &&
    now.getTime() - settlement.createdAt.getTime() >= context.unresolvedAfterMs
  )
    await markUnresolved(context, settlement.id);
  const b2c = services.mpesa.b2c;
  if (!b2c || !settlement.originatorConversationId) return;
  let ack: Awaited<ReturnType<Services['mpesa']['client']['transactionStatus']>> | null = null;
  try {
    ack = await services.mpesa.client.transactionStatus({
      initiatorName: b2c.initiatorName,
      securityCredential: b2c.securityCredential,
      shortcode: b2c.shortcode,
      transactionId: settlement.reference,
      originalConversationId: settlement.originatorConversationId,
      resultUrl: b2c.statusResultUrl(),
      queueTimeoutUrl: b2c.statusTimeoutUrl(),
      remarks: 'Claim payout without a result',
      occasion: `Payout ${settlement.id}`,
    });
  } catch (error) {
    context.log.warn(
      { err: error, settlement: settlement.id, checks: settlement.queryAttempts + 1 },
      'Transaction Status query could not reach M-Pesa; the payout stays as it was',
    );
  }
  const attempts = settlement.queryAttempts + 1;
  // The query is recorded at once, on its own: its answer may come back at any moment and counts
  // only as the answer to a query we recorded (handlePayoutStatusResult), which then locks the
  // claim and the payout; the bookkeeping below locks only the payout, so the two cannot deadlock.
  if (ack)
    await db
      .insert(claimPayoutQueries)
      .values({
        settlementId: settlement.id,
        originatorConversationId: ack.originatorConversationId,
        conversationId: ack.conversationId,
      })
      .onConflictDoNothing();
  await db.transaction(async (tx) => {
    await tx
      .update(claimSettlements)
      .set({
        queryAttempts: sql`${claimSettlements.queryAttempts} + 1`,
        lastQueriedAt: now,
        nextQueryAt: new Date(now.getTime() + payoutQueryBackoffMs(context.queryAfterMs, attempts)),
      })
      .where(and(eq(claimSettlements.id, settlement.id), inArray(claimSettlements.status, OPEN_PAYOUT)));
  });
}

/**
 * The reconciler of claim payouts (the STK reconciler's twin): every M-Pesa payout still pending
 * (or unresolved) `queryAfterMs` after it was sent and due for a query is asked about with Transaction
 * Status. A plain function over the context, so a scheduled job can run it as well as the timer.
 */
export async function reconcilePendingPayouts(context: PayoutReconcileContext): Promise<number> {
  const now = context.now?.() ?? new Date();
  const due = await context.db
    .select()
    .from(claimSettlements)
    .where(
      and(
        eq(claimSettlements.method, 'mpesa'),
        inArray(claimSettlements.status, OPEN_PAYOUT),
        lt(claimSettlements.createdAt, new Date(now.getTime() - context.queryAfterMs)),
        or(isNull(claimSettlements.nextQueryAt), lte(claimSettlements.nextQueryAt, now)),
      ),
    )
    .orderBy(sql`${claimSettlements.nextQueryAt} asc nulls first`, asc(claimSettlements.id))
    .limit(50);
  for (const settlement of due) await reconcilePayout(context, settlement);
  return due.length;
}

/**
 * A Transaction Status answer about a payout (our status ResultURL, or its QueueTimeOutURL with
 * `via: 'timeout'`). Matched to the payout by the query's ids (recorded when it was sent) or by the
 * payout's own OriginatorConversationID in the parameters; an answer naming another transaction is
 * ignored. Completed settles the claim through the same idempotent path as a B2C result; a final
 * status without the money frees the claim to be paid again; anything else leaves it for the next check.
 * Unless `source.trusted` (from Safaricom's callback addresses), only the first answer to a query we
 * sent counts, matched by both ids of its acknowledgement: never one matched by the payout's own
 * OriginatorConversationID alone (a forger who knows it could otherwise answer for M-Pesa).
 */
export async function handlePayoutStatusResult(
  context: ClaimContext,
  result: TransactionStatusResult,
  via: 'result' | 'timeout' = 'result',
  source: { trusted: boolean } = { trusted: false },
): Promise<'unknown' | 'unconfirmed' | 'mismatch' | 'not-yet' | PayoutOutcome> {
  const outcome = via === 'timeout' ? 'unknown' : payoutStatusOutcome(result);
  // From outside Safaricom's callback addresses a status time-out says nothing worth recording.
  if (!source.trusted && via === 'timeout') return 'unconfirmed';
  return context.db.transaction(async (tx) => {
    const ids = [
      result.conversationId ? eq(claimPayoutQueries.conversationId, result.conversationId) : undefined,
      result.originatorConversationId
        ? eq(claimPayoutQueries.originatorConversationId, result.originatorConversationId)
        : undefined,
    ].filter(Boolean) as SQL[];
    // Only the first answer to a query we sent, named by both ids of M-Pesa's acknowledgement
    // (which only M-Pesa and we know), can come from outside Safaricom's callback addresses.
    const [query] = !source.trusted
      ? await tx
          .select()
          .from(claimPayoutQueries)
          .where(
            and(
              eq(claimPayoutQueries.conversationId, result.conversationId),
              eq(claimPayoutQueries.originatorConversationId, result.originatorConversationId),
              isNull(claimPayoutQueries.answeredAt),
            ),
          )
          .limit(1)
      : ids.length > 0
        ? await tx
            .select()
            .from(claimPayoutQueries)
            .where(or(...ids))
            .limit(1)
        : [];
    const unconfirmed = () => {
      context.log.warn(
        { conversationId: result.conversationId, transactionStatus: result.transactionStatus },
        'Transaction Status result from outside Safaricom’s callback addresses for no open query of ours; ignored',
      );
      return 'unconfirmed' as const;
    };
    if (!source.trusted && !query) return unconfirmed();
    let settlementId = query?.settlementId;
    if (!settlementId && source.trusted && result.transactionOriginatorConversationId) {
      const [byPayout] = await tx
        .select({ id: claimSettlements.id })
        .from(claimSettlements)
        .where(eq(claimSettlements.originatorConversationId, result.transactionOriginatorConversationId));
      settlementId = byPayout?.id;
    }
    // The claim, then the payout, then the query's row: the order every payout path keeps.
    const locked = settlementId ? await lockPayout(tx, settlementId) : null;
    if (query) {
      const [answered] = await tx
        .update(claimPayoutQueries)
        .set({
          resultCode: via === 'timeout' ? 'queue-timeout' : result.resultCode,
          resultDesc: result.resultDesc,
          transactionStatus: result.transactionStatus,
          answeredAt: new Date(),
        })
        .where(
          and(
            eq(claimPayoutQueries.id, query.id),
            // Two answers at once from outside: only the first one counts.
            source.trusted ? undefined : isNull(claimPayoutQueries.answeredAt),
          ),
        )
        .returning({ id: claimPayoutQueries.id });
      if (!answered) return unconfirmed();
    }
    if (!locked) return 'unknown';
    const { claim, settlement } = locked;
    if (
      result.transactionOriginatorConversationId &&
      result.transactionOriginatorConversationId !== settlement.originatorConversationId
    ) {
      context.log.error(
        {
          settlement: settlement.id,
          answeredAbout: result.transactionOriginatorConversationId,
          receipt: result.receiptNo,
        },
        'Transaction Status answered about another transaction; ignored',
      );
      return 'mismatch';
    }
    if (outcome === 'unknown') {
      if (settlement.status === 'pending')
        await tx
          .update(claimSettlements)
          .set({
            resultDesc: `Waiting for M-Pesa; last check: ${result.transactionStatus ?? (result.resultDesc || 'no answer')}.`,
          })
          .where(eq(claimSettlements.id, settlement.id));
      return 'not-yet';
    }
    if (outcome === 'paid')
      return applyPayoutAnswer(tx, context, claim, settlement, {
        paid: true,
        receipt: result.receiptNo,
        amount: result.amount,
        resultCode: result.resultCode,
        resultDesc: `Paid: M-Pesa’s transaction status is ${result.transactionStatus}.`,
        source: ' (confirmed by M-Pesa’s transaction status)',
        actorId: null,
      });
    return applyPayoutAnswer(tx, context, claim, settlement, {
      paid: false,
      // Expired: M-Pesa let the request lapse unprocessed, as a queue time-out says.
      status: result.transactionStatus?.trim().toLowerCase() === 'expired' ? 'timeout' : 'failed',
      resultCode: result.transactionStatus,
      resultDesc: `Not paid: M-Pesa’s transaction status is ${result.transactionStatus}.`,
      why: `M-Pesa’s transaction status is ${result.transactionStatus}; nothing was paid`,
      actorId: null,
    });
  });
}

/**
 * The desk records what the M-Pesa statement shows for an unresolved payout: paid (with its
 * receipt: the claim is settled) or not paid (the claim may be paid again). Audited. Anything but an
 * unresolved payout is 409: a pending one is still being checked with M-Pesa.
 */
export async function resolvePayout(context: ClaimContext, principal: Principal, input: ResolvePayoutInput) {
  await context.db.transaction(async (tx) => {
    const claim = await loadScoped(tx, principal, input.id, true);
    if (!handlesClaim(principal, claim)) throw notFound();
    const [settlement] = await tx
      .select()
      .from(claimSettlements)
      .where(and(eq(claimSettlements.claimId, claim.id), eq(claimSettlements.status, 'unresolved')))
      .for('update');
    if (!settlement) throw new AppError('conflict', M.noPayoutToResolve, { code: 'CLAIM_STATE' });
    const [actor] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, principal.userId));
    const who = actor ? `${actor.firstName} ${actor.lastName}` : 'the claims desk';
    const note = input.note ? ` — ${input.note}` : '';
    await applyPayoutAnswer(
      tx,
      context,
      claim,
      settlement,
      input.outcome === 'paid'
        ? {
            paid: true,
            receipt: input.receipt,
            amount: null,
            resultCode: 'statement',
            resultDesc: `Paid: found on the M-Pesa statement by ${who}.`,
            source: ` (found on the M-Pesa statement by ${who}${note})`,
            actorId: principal.userId,
          }
        : {
            paid: false,
            status: 'failed',
            resultCode: 'statement',
            resultDesc: `Not paid: not on the M-Pesa statement, checked by ${who}.`,
            why: `not on the M-Pesa statement, checked by ${who}${note}`,
            actorId: principal.userId,
          },
    );
    await recordAudit(tx, principal, {
      action: 'claim.payout_resolved',
      entityType: 'claim',
      entityId: claim.id,
      details: {
        claimRef: claim.claimRef,
        settlementId: settlement.id,
        outcome: input.outcome,
        ...(input.outcome === 'paid' ? { receipt: input.receipt } : {}),
        note: input.note,
      },
    });
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
