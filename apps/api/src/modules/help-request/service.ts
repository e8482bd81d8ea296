import {
  type CreateHelpRequestInput,
  HELP_REQUEST_MESSAGES,
  type HelpRequestStatus,
  INBOX_MESSAGES,
} from '@bima/domain';
import { and, asc, count, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { AUTH_RATE_RULES } from '../../auth/rate-limiter';
import type { Database } from '../../db/client';
import {
  clients,
  helpRequestEvents,
  helpRequestIntermediaries,
  helpRequests,
  intermediaries,
  quotations,
  recommendations,
  users,
  verifications,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { kenyaToday } from '../../lib/dates';
import { formatDay, languageOf } from '../../lib/language';
import { makeRef } from '../../lib/refs';
import { pageInfo, pageWindow } from '../../lib/search';
import {
  type HelpRequestSummary,
  helpRequestCodeEmail,
  helpRequestConfirmationEmail,
  helpRequestToIntermediaryEmail,
} from '../../mail/templates';
import { sharedAssessmentIdOf } from '../assessment/service';
import { recordAudit } from '../audit/service';
import { listAllActiveIntermediaries } from '../intermediary/service';
import { notify } from '../notification/service';
import { type AccountContext, consumeCode, issueEmailedCode } from '../user/service';

const requestRows = helpRequestIntermediaries;

/**
 * The help form's data (`help/entities`): the ACTIVE intermediaries, and for a signed-in client the
 * personal details to prefill from the KYC (the KRA PIN is null until given).
 */
export async function getHelpEntities(db: Database, principal: Principal | null) {
  const list = await listAllActiveIntermediaries(db);
  if (principal?.role !== 'client') return { intermediaries: list, prefill: null };
  const [row] = await db
    .select({ user: users, kraPin: clients.kraPin })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .where(eq(users.id, principal.userId));
  const prefill = row
    ? {
        firstName: row.user.firstName,
        lastName: row.user.lastName,
        email: row.user.email,
        kraPin: row.kraPin && row.kraPin !== 'N/A' ? row.kraPin : null,
      }
    : null;
  return { intermediaries: list, prefill };
}

/**
 * A signed-out visitor's e-mail check before a help request: the same 4-digit codes as sign-up (10
 * minutes, 5 counted tries, single use) under the same limits per IP and per address.
 */
export async function requestHelpCode(context: AccountContext, email: string) {
  const { db, services, ip } = context;
  await services.limiter.hit(AUTH_RATE_RULES.signupPerIp, [`help-code:ip:${ip}`]);
  await services.limiter.hit(AUTH_RATE_RULES.signupPerEmail, [`help-code:email:${email}`]);
  const [verification] = await db
    .insert(verifications)
    .values({ purpose: 'help_request', email })
    .returning({ id: verifications.id });
  await issueEmailedCode(context, {
    verificationId: verification!.id,
    compose: (code, minutes) =>
      helpRequestCodeEmail({ to: email, code, minutes, language: context.language ?? 'en' }),
  });
  return { verificationRef: verification!.id };
}

/** The chosen firms, all ACTIVE, or 400 naming the ones that cannot take requests. */
async function findRecipients(db: Database, ids: number[]) {
  const rows = await db.select().from(intermediaries).where(inArray(intermediaries.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const unavailable = ids
    .filter((id) => byId.get(id)?.status !== 'ACTIVE')
    .map((id) => {
      const row = byId.get(id);
      return row ? `${row.intermediaryNames} (id ${id})` : `id ${id}`;
    });
  if (unavailable.length > 0) {
    const message = HELP_REQUEST_MESSAGES.intermediariesUnavailable(unavailable);
    throw new AppError('invalid', message, {
      code: 'INTERMEDIARY_UNAVAILABLE',
      errors: [{ field: 'entityRefs', message }],
    });
  }
  return ids.map((id) => byId.get(id)!);
}

/**
 * Checks a signed-out visitor's code for the form's e-mail and uses it up: the verification must be
 * a help request's, still open, and for this very address.
 */
async function useHelpCode(context: AccountContext, input: CreateHelpRequestInput): Promise<string> {
  const missing = new AppError('invalid', HELP_REQUEST_MESSAGES.verificationRequired, {
    code: 'VERIFICATION_REQUIRED',
    errors: [{ field: 'code', message: HELP_REQUEST_MESSAGES.verificationRequired }],
  });
  if (!input.verificationRef || !input.code) throw missing;
  await context.services.limiter.hit(AUTH_RATE_RULES.codePerIp, [`code:ip:${context.ip}`]);
  const [verification] = await context.db
    .select()
    .from(verifications)
    .where(and(eq(verifications.id, input.verificationRef), eq(verifications.purpose, 'help_request')));
  if (verification?.status !== 'PENDING') {
    throw new AppError('invalid', 'This code has expired or was used. Request a new code.', {
      code: 'EMAIL_TOKEN_EXPIRED',
      errors: [{ field: 'code', message: 'This code has expired or was used. Request a new code.' }],
    });
  }
  if (verification.email !== input.clientDetails.email) {
    throw new AppError('invalid', HELP_REQUEST_MESSAGES.verificationEmailMismatch, {
      errors: [{ field: 'clientDetails.email', message: HELP_REQUEST_MESSAGES.verificationEmailMismatch }],
    });
  }
  await consumeCode(context, verification.id, input.code);
  return verification.id;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Counts a help request against its client's day on the shared counters: the request's e-mail (a
 * signed-out visitor verified it) and, signed in, the account too, so neither a new address nor
 * signing out starts a new budget. Past HELP_REQUESTS_PER_CLIENT_PER_DAY: 429 saying when to try again.
 */
async function countClientRequest(context: AccountContext, principal: Principal | null, email: string) {
  const { config, services } = context;
  const limit = config.HELP_REQUESTS_PER_CLIENT_PER_DAY;
  const keys = [`help-request:email:${email.toLowerCase()}`];
  if (principal?.role === 'client') keys.push(`help-request:user:${principal.userId}`);
  // Key by key, and only while each passes (a refused one given back), so that requests arriving at
  // once cannot each be counted first under a different key and all be refused: `limit` pass.
  let waitMs = 0;
  const counted: string[] = [];
  for (const key of keys) {
    const { count, ttlMs } = await services.counters.hit(key, DAY_MS);
    if (count > limit) {
      waitMs = ttlMs;
      for (const given of [key, ...counted]) await services.counters.decrement(given);
      break;
    }
    counted.push(key);
  }
  if (waitMs === 0) return;
  throw new AppError(
    'rate_limited',
    HELP_REQUEST_MESSAGES.dailyLimitReached(limit, Math.max(1, Math.ceil(waitMs / HOUR_MS))),
    { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
  );
}

/**
 * Whether each firm is told of one more request by e-mail: the first HELP_REQUEST_EMAILS_PER_FIRM_PER_HOUR
 * requests of its hour are (the last of them says so); later ones reach its inbox and the app's
 * notifications only, so no volume of requests turns into a volume of e-mail.
 */
async function firmMailPlan(context: AccountContext, firmIds: number[]) {
  const limit = context.config.HELP_REQUEST_EMAILS_PER_FIRM_PER_HOUR;
  const plan = new Map<number, { mail: boolean; last: boolean }>();
  for (const id of firmIds) {
    const { count } = await context.services.counters.hit(`help-request:firm-mail:${id}`, HOUR_MS);
    plan.set(id, { mail: count <= limit, last: count === limit });
  }
  return plan;
}

function summarise(request: typeof helpRequests.$inferSelect): HelpRequestSummary {
  return {
    requestSystemRef: request.requestSystemRef,
    clientName: `${request.clientFirstName} ${request.clientLastName}`,
    clientEmail: request.clientEmail,
    vehicleValue: request.riskValue,
    regNo: request.regNo,
    chassisNumber: request.chassisNumber,
    expiry: request.expiry,
    remarks: request.remarks,
  };
}

/**
 * Sends a help request to the chosen ACTIVE intermediaries: one stored request, one row per
 * intermediary (PENDING, with its history), a mail to each firm with a link to the request in its
 * inbox and a confirmation to the client. A signed-in client sends directly; anyone else first
 * verifies the form's e-mail with a code (`requestHelpCode`).
 */
export async function createHelpRequest(
  context: AccountContext,
  principal: Principal | null,
  input: CreateHelpRequestInput,
) {
  const { db, config, services } = context;
  const recipients = await findRecipients(db, input.entityRefs);
  const isClient = principal?.role === 'client';
  const verificationId = isClient ? null : await useHelpCode(context, input);
  await countClientRequest(context, principal, input.clientDetails.email);
  const mailPlan = await firmMailPlan(
    context,
    recipients.map((firm) => firm.id),
  );

  const { request, rows, staff } = await db.transaction(async (tx) => {
    if (verificationId) {
      const claimed = await tx
        .update(verifications)
        .set({ status: 'COMPLETED', verifiedAt: new Date(), completedAt: new Date() })
        .where(and(eq(verifications.id, verificationId), eq(verifications.status, 'PENDING')))
        .returning({ id: verifications.id });
      if (claimed.length === 0) {
        throw new AppError('invalid', 'This code has expired or was used. Request a new code.', {
          code: 'EMAIL_TOKEN_EXPIRED',
        });
      }
    }
    const [request] = await tx
      .insert(helpRequests)
      .values({
        requestSystemRef: makeRef('HR'),
        userId: isClient ? principal.userId : null,
        verificationId,
        clientFirstName: input.clientDetails.names.firstName,
        clientLastName: input.clientDetails.names.lastName,
        clientEmail: input.clientDetails.email,
        clientKraPin: input.clientDetails.kraPin,
        riskValue: input.riskDetails.value,
        chassisNumber: input.riskDetails.chassisNumber,
        regNo: input.riskDetails.regNo,
        remarks: input.remarks,
        expiry: input.expiry,
      })
      .returning();
    const rows = await tx
      .insert(requestRows)
      .values(recipients.map((firm) => ({ helpRequestId: request!.id, intermediaryId: firm.id })))
      .returning({ id: requestRows.id, intermediaryId: requestRows.intermediaryId });
    await tx.insert(helpRequestEvents).values(
      rows.map((row) => ({
        requestIntermediaryId: row.id,
        fromStatus: null,
        toStatus: 'PENDING',
        actorUserId: isClient ? principal.userId : null,
      })),
    );
    // Every active user of each firm, in the app; by e-mail too when their address is not the
    // firm's own, which gets the request mail below anyway.
    const staff = await tx
      .select({
        id: users.id,
        email: users.email,
        intermediaryId: users.intermediaryId,
        language: users.language,
      })
      .from(users)
      .where(
        and(
          inArray(
            users.intermediaryId,
            recipients.map((firm) => firm.id),
          ),
          eq(users.status, 'ACTIVE'),
        ),
      );
    for (const member of staff) {
      const firm = recipients.find((candidate) => candidate.id === member.intermediaryId)!;
      const rowId = rows.find((row) => row.intermediaryId === firm.id)!.id;
      await notify(tx, {
        userId: member.id,
        kind: 'help_request_received',
        title: {
          en: `New help request ${request!.requestSystemRef}`,
          sw: `Ombi jipya la msaada ${request!.requestSystemRef}`,
        },
        body: {
          en: `${request!.clientFirstName} ${request!.clientLastName} asks ${firm.intermediaryNames} for a motor quotation; answer by ${formatDay(request!.expiry, 'en')}.`,
          sw: `${request!.clientFirstName} ${request!.clientLastName} anaomba ${firm.intermediaryNames} nukuu ya bima ya gari; jibu kabla ya ${formatDay(request!.expiry, 'sw')}.`,
        },
        link: `/staff/requests/${rowId}`,
        ...(member.email.toLowerCase() === firm.primaryEmail.toLowerCase() || !mailPlan.get(firm.id)?.mail
          ? {}
          : { email: { baseUrl: config.PUBLIC_BASE_URL } }),
      });
    }
    return { request: request!, rows, staff };
  });

  const summary = summarise(request);
  const base = config.PUBLIC_BASE_URL.replace(/\/$/, '');
  const rowIdOf = new Map(rows.map((row) => [row.intermediaryId, row.id]));
  // A firm's own address reads in the language of its user with that address, if it has one.
  const languageOfAddress = (email: string) =>
    languageOf(staff.find((member) => member.email.toLowerCase() === email.toLowerCase())?.language);
  const mails = [
    ...recipients
      .filter((firm) => mailPlan.get(firm.id)?.mail)
      .map((firm) =>
        helpRequestToIntermediaryEmail({
          to: firm.primaryEmail,
          intermediaryNames: firm.intermediaryNames,
          summary,
          requestUrl: `${base}/staff/requests/${rowIdOf.get(firm.id)}`,
          language: languageOfAddress(firm.primaryEmail),
          lastOfTheHour: mailPlan.get(firm.id)?.last ?? false,
        }),
      ),
    helpRequestConfirmationEmail({
      to: request.clientEmail,
      firstName: request.clientFirstName,
      summary,
      intermediaryNames: recipients.map((firm) => firm.intermediaryNames),
      // The client is on the portal now, in the language of this request.
      language: context.language ?? 'en',
    }),
  ];
  // The request is stored: a mail server that fails is logged, never turned into a failed request.
  const sent = await Promise.allSettled(mails.map((mail) => services.mailer.send(mail)));
  for (const [index, outcome] of sent.entries()) {
    if (outcome.status === 'rejected')
      context.log?.error(
        { err: outcome.reason, requestSystemRef: request.requestSystemRef, to: mails[index]!.to },
        'could not send a help request e-mail',
      );
  }
  return {
    requestSystemRef: request.requestSystemRef,
    status: 'PENDING' as const,
    intermediaries: recipients.map((firm) => ({ id: firm.id, intermediaryNames: firm.intermediaryNames })),
  };
}

/**
 * The status a request row reads (the rule of `effectiveHelpRequestStatus` in @bima/domain, in SQL so
 * that lists filter and count on it): an open row past its expiry reads EXPIRED, an open row of a
 * suspended firm reads SUSPENDED.
 */
export function effectiveStatus(today: string): SQL<HelpRequestStatus> {
  return sql<HelpRequestStatus>`case
    when ${requestRows.status} in ('PENDING', 'IN_REVIEW') and ${helpRequests.expiry} < ${today}::date then 'EXPIRED'
    when ${requestRows.status} in ('PENDING', 'IN_REVIEW') and ${intermediaries.status} = 'SUSPENDED' then 'SUSPENDED'
    else ${requestRows.status} end`;
}

/** An intermediary sees its own firm's rows only; an admin sees every row. */
export function inboxScope(principal: Principal): SQL | undefined {
  if (principal.role === 'admin') return undefined;
  // Any other role reaching here is refused by the gateway; an intermediary without a firm sees nothing.
  return eq(requestRows.intermediaryId, principal.intermediaryId ?? -1);
}

const inboxColumns = (today: string) => ({
  id: requestRows.id,
  status: effectiveStatus(today),
  request: helpRequests,
  intermediaryId: intermediaries.id,
  intermediaryNames: intermediaries.intermediaryNames,
});

type InboxRow = {
  id: number;
  status: HelpRequestStatus;
  request: typeof helpRequests.$inferSelect;
  intermediaryId: number;
  intermediaryNames: string;
};

function presentInboxItem(row: InboxRow) {
  const { request } = row;
  return {
    id: row.id,
    requestSystemRef: request.requestSystemRef,
    status: row.status,
    expiry: request.expiry,
    createdAt: request.createdAt.toISOString(),
    client: {
      names: { firstName: request.clientFirstName, lastName: request.clientLastName },
      email: request.clientEmail,
    },
    risk: { value: request.riskValue, regNo: request.regNo },
    intermediary: { id: row.intermediaryId, intermediaryNames: row.intermediaryNames },
  };
}

/**
 * The inbox: the caller's firm's request rows (every firm's for an admin), newest first, optionally
 * by status as read (EXPIRED and SUSPENDED included), with how many read PENDING (`newCount`).
 */
export async function listInbox(
  db: Database,
  principal: Principal,
  query: { page: number; pageSize: number; status?: HelpRequestStatus },
) {
  const today = kenyaToday();
  const status = effectiveStatus(today);
  const scope = inboxScope(principal);
  const where = and(scope, query.status ? sql`${status} = ${query.status}` : undefined);
  const countWhere = async (condition: SQL | undefined) => {
    const [counted] = await db
      .select({ total: count() })
      .from(requestRows)
      .innerJoin(helpRequests, eq(helpRequests.id, requestRows.helpRequestId))
      .innerJoin(intermediaries, eq(intermediaries.id, requestRows.intermediaryId))
      .where(condition);
    return Number(counted?.total ?? 0);
  };
  const { limit, offset } = pageWindow(query);
  const rows = (await db
    .select(inboxColumns(today))
    .from(requestRows)
    .innerJoin(helpRequests, eq(helpRequests.id, requestRows.helpRequestId))
    .innerJoin(intermediaries, eq(intermediaries.id, requestRows.intermediaryId))
    .where(where)
    .orderBy(desc(requestRows.id))
    .limit(limit)
    .offset(offset)) as InboxRow[];
  return {
    items: rows.map(presentInboxItem),
    ...pageInfo(await countWhere(where), query),
    newCount: await countWhere(and(scope, sql`${status} = 'PENDING'`)),
  };
}

const requestNotFound = () => new AppError('not_found', INBOX_MESSAGES.notFound);

async function findInboxRow(db: Database, principal: Principal, id: number): Promise<InboxRow | undefined> {
  const [row] = await db
    .select(inboxColumns(kenyaToday()))
    .from(requestRows)
    .innerJoin(helpRequests, eq(helpRequests.id, requestRows.helpRequestId))
    .innerJoin(intermediaries, eq(intermediaries.id, requestRows.intermediaryId))
    .where(and(eq(requestRows.id, id), inboxScope(principal)));
  return row as InboxRow | undefined;
}

/**
 * One request row in full: the client's details, the risk, the query, the status as read and its
 * history. Another firm's row answers 404, as if it did not exist.
 */
export async function getInboxRequest(db: Database, principal: Principal, id: number) {
  const row = await findInboxRow(db, principal, id);
  if (!row) throw requestNotFound();
  const history = await db
    .select({ event: helpRequestEvents, actor: { firstName: users.firstName, lastName: users.lastName } })
    .from(helpRequestEvents)
    .leftJoin(users, eq(users.id, helpRequestEvents.actorUserId))
    .where(eq(helpRequestEvents.requestIntermediaryId, id))
    .orderBy(asc(helpRequestEvents.id));
  const item = presentInboxItem(row);
  return {
    ...item,
    recommendation: await recommendationOfRow(db, id),
    sharedAssessmentId: await sharedAssessmentIdOf(db, row.request.userId, row.intermediaryId),
    remarks: row.request.remarks,
    client: { ...item.client, kraPin: row.request.clientKraPin },
    risk: { ...item.risk, chassisNumber: row.request.chassisNumber },
    history: history.map(({ event, actor }) => ({
      from: event.fromStatus,
      status: event.toStatus,
      at: event.createdAt.toISOString(),
      by: actor?.firstName ? { names: { firstName: actor.firstName, lastName: actor.lastName } } : null,
    })),
  };
}

/**
 * The firm's recommendation for a request row, as the intermediary sees it (with the client's
 * rejection reason), or null before one is sent.
 */
async function recommendationOfRow(db: Database, rowId: number) {
  const [recommendation] = await db
    .select()
    .from(recommendations)
    .where(eq(recommendations.helpRequestIntermediaryId, rowId));
  if (!recommendation) return null;
  const items = await db
    .select()
    .from(quotations)
    .where(eq(quotations.recommendationId, recommendation.id))
    .orderBy(asc(quotations.id));
  return {
    id: recommendation.id,
    systemRef: recommendation.systemRef,
    status: recommendation.status,
    note: recommendation.note,
    rejectionReason: recommendation.rejectionReason,
    createdAt: recommendation.createdAt.toISOString(),
    decidedAt: recommendation.decidedAt?.toISOString() ?? null,
    quotations: items.map((quotation) => ({
      systemQuotationRef: quotation.systemQuotationRef,
      productSystemRef: quotation.productSystemRef,
      productName: quotation.productName,
      underwriter: quotation.underwriterName,
      premium: quotation.total,
      period: quotation.periodDays,
      startDate: quotation.startDate,
      expiresAt: quotation.expiresAt.toISOString(),
      accepted: recommendation.acceptedQuotationId === quotation.id,
    })),
  };
}

/**
 * PENDING → IN_REVIEW, in one conditional UPDATE (two reviewers at once: one wins). Any other
 * transition — already in review, quoted, rejected, past its expiry, the firm suspended — is a 409.
 */
export async function startReview(db: Database, principal: Principal, id: number) {
  const today = kenyaToday();
  const started = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(requestRows)
      .set({ status: 'IN_REVIEW', updatedAt: new Date() })
      .where(
        and(
          eq(requestRows.id, id),
          eq(requestRows.status, 'PENDING'),
          inboxScope(principal),
          inArray(
            requestRows.helpRequestId,
            tx.select({ id: helpRequests.id }).from(helpRequests).where(gte(helpRequests.expiry, today)),
          ),
          inArray(
            requestRows.intermediaryId,
            tx
              .select({ id: intermediaries.id })
              .from(intermediaries)
              .where(eq(intermediaries.status, 'ACTIVE')),
          ),
        ),
      )
      .returning({ id: requestRows.id, intermediaryId: requestRows.intermediaryId });
    if (!row) return false;
    await tx.insert(helpRequestEvents).values({
      requestIntermediaryId: row.id,
      fromStatus: 'PENDING',
      toStatus: 'IN_REVIEW',
      actorUserId: principal.userId,
    });
    await recordAudit(tx, principal, {
      action: 'intermediary/request/startReview',
      entityType: 'help_request_intermediary',
      entityId: row.id,
      details: { from: 'PENDING', to: 'IN_REVIEW', intermediaryId: row.intermediaryId },
    });
    return true;
  });
  if (!started) {
    if (!(await findInboxRow(db, principal, id))) throw requestNotFound();
    throw new AppError('conflict', INBOX_MESSAGES.cannotReview, { code: 'INVALID_TRANSITION' });
  }
  return getInboxRequest(db, principal, id);
}
