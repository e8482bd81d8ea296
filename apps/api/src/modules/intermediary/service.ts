import {
  type CreateIntermediaryInput,
  INTERMEDIARY_MESSAGES,
  type IntermediaryCategory,
  type IntermediaryListItem,
  type IntermediaryStatus,
  phoneSearchDigits,
} from '@bima/domain';
import { and, asc, count, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import { announceEndedSessions, revokeSessions } from '../../auth/sessions';
import type { ClusterBus } from '../../cluster/bus';
import type { Database } from '../../db/client';
import { intermediaries, users } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { makeRef } from '../../lib/refs';
import { containsPattern, pageInfo, pageOrWhole, pageWindow } from '../../lib/search';
import { recordAudit } from '../audit/service';

type IntermediaryRow = typeof intermediaries.$inferSelect;

/** The directory's view of a firm (spec-2 §3 "Intermediary (read)", plus phone and licence). */
export function presentListItem(row: IntermediaryRow): IntermediaryListItem {
  return {
    id: row.id,
    status: row.status as IntermediaryStatus,
    intermediaryNames: row.intermediaryNames,
    primaryEmail: row.primaryEmail,
    phone: row.phone,
    profileImage: row.profileImage,
    category: row.category as IntermediaryCategory,
    iraLicenceNumber: row.iraLicenceNumber,
  };
}

/** A firm's details as a client sees them. */
function presentDetails(row: IntermediaryRow) {
  return {
    ...presentListItem(row),
    systemRef: row.systemRef,
    description: row.description,
    physicalAddress: row.physicalAddress,
    isSampleData: row.isSample,
  };
}

/** A firm as an admin sees it: everything, with how many users it has. */
function presentForAdmin(row: IntermediaryRow, userCount: number) {
  return {
    ...presentDetails(row),
    suspendedReason: row.suspendedReason,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userCount,
  };
}

/**
 * Name or e-mail containing the search (case-insensitive, trimmed by the schema), or, when the
 * search is a phone number, the phone's digits after +254 containing its digits ('0711 000 101',
 * '+254711000101' and '711000' all find +254711000101).
 */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  const byText = [
    ilike(intermediaries.intermediaryNames, pattern),
    ilike(intermediaries.primaryEmail, pattern),
  ];
  const digits = phoneSearchDigits(search);
  if (!digits) return or(...byText);
  const nationalDigits = sql`substring(regexp_replace(${intermediaries.phone}, '[^0-9]', '', 'g') from 4)`;
  return or(...byText, like(nationalDigits, containsPattern(digits)));
}

/**
 * ACTIVE firms for clients, by name. Without paging input the plain list (as spec-2 reads
 * `result.data`); with `page` or `pageSize`, a page object {items, total, page, pageSize}.
 */
export async function listActiveIntermediaries(
  db: Database,
  query: { search?: string; page?: number; pageSize?: number },
) {
  const where = and(eq(intermediaries.status, 'ACTIVE'), searchCondition(query.search));
  return pageOrWhole(
    query,
    {
      rows: (window) => {
        const rows = db
          .select()
          .from(intermediaries)
          .where(where)
          .orderBy(asc(intermediaries.intermediaryNames), asc(intermediaries.id))
          .$dynamic();
        return window ? rows.limit(window.limit).offset(window.offset) : rows;
      },
      count: async () =>
        (await db.select({ total: count() }).from(intermediaries).where(where))[0]?.total ?? 0,
      present: (rows) => rows.map(presentListItem),
    },
    20,
  );
}

/** Every ACTIVE firm, for the help form. */
export async function listAllActiveIntermediaries(db: Database): Promise<IntermediaryListItem[]> {
  const rows = await db
    .select()
    .from(intermediaries)
    .where(eq(intermediaries.status, 'ACTIVE'))
    .orderBy(asc(intermediaries.intermediaryNames), asc(intermediaries.id));
  return rows.map(presentListItem);
}

const notFound = () => new AppError('not_found', INTERMEDIARY_MESSAGES.notFound);

/** One ACTIVE firm with its details; any other answers 404, as if it did not exist. */
export async function getActiveIntermediary(db: Database, id: number) {
  const [row] = await db
    .select()
    .from(intermediaries)
    .where(and(eq(intermediaries.id, id), eq(intermediaries.status, 'ACTIVE')));
  if (!row) throw notFound();
  return presentDetails(row);
}

/** Every firm whatever its status, for admins: paged, searchable, by status and category. */
export async function listIntermediariesForAdmin(
  db: Database,
  query: {
    page: number;
    pageSize: number;
    search?: string;
    status?: IntermediaryStatus;
    category?: IntermediaryCategory;
  },
) {
  const where = and(
    searchCondition(query.search),
    query.status ? eq(intermediaries.status, query.status) : undefined,
    query.category ? eq(intermediaries.category, query.category) : undefined,
  );
  const [counted] = await db.select({ total: count() }).from(intermediaries).where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(intermediaries)
    .where(where)
    .orderBy(asc(intermediaries.intermediaryNames), asc(intermediaries.id))
    .limit(limit)
    .offset(offset);
  const userCounts = await countUsers(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => presentForAdmin(row, userCounts.get(row.id) ?? 0)),
    ...pageInfo(Number(counted?.total ?? 0), query),
  };
}

async function countUsers(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.intermediaryId, users: count() })
    .from(users)
    .where(inArray(users.intermediaryId, ids))
    .groupBy(users.intermediaryId);
  return new Map(rows.map((row) => [row.id!, Number(row.users)]));
}

async function getForAdmin(db: Database, id: number) {
  const [row] = await db.select().from(intermediaries).where(eq(intermediaries.id, id));
  if (!row) throw notFound();
  const userCounts = await countUsers(db, [id]);
  return presentForAdmin(row, userCounts.get(id) ?? 0);
}

/** Registers a firm as PENDING: it is listed to clients only once an admin approves it. */
export async function createIntermediary(db: Database, actor: Principal, input: CreateIntermediaryInput) {
  const [taken] = await db
    .select({ id: intermediaries.id })
    .from(intermediaries)
    .where(eq(intermediaries.primaryEmail, input.primaryEmail));
  if (taken) {
    throw new AppError('conflict', INTERMEDIARY_MESSAGES.emailTaken, {
      errors: [{ field: 'primaryEmail', message: INTERMEDIARY_MESSAGES.emailTaken }],
    });
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(intermediaries)
      .values({ ...input, systemRef: makeRef('INT'), status: 'PENDING' })
      .onConflictDoNothing()
      .returning({ id: intermediaries.id });
    if (!row) return null;
    await recordAudit(tx, actor, {
      action: 'admin/intermediary/createIntermediary',
      entityType: 'intermediary',
      entityId: row.id,
      details: { intermediaryNames: input.intermediaryNames, category: input.category },
      summary: {
        en: `Registered the ${input.category === 'BROKER' ? 'broker' : 'agent'} ${input.intermediaryNames}`,
        sw: `Alisajili ${input.category === 'BROKER' ? 'dalali' : 'wakala'} ${input.intermediaryNames}`,
      },
      changes: [{ what: FIRM_STATUS_WORD, after: FIRM_STATUS_WORDS.PENDING }],
    });
    return row.id;
  });
  if (id === null) throw new AppError('conflict', INTERMEDIARY_MESSAGES.emailTaken);
  return getForAdmin(db, id);
}

/** How the audit log names a firm's status, in each language. */
const FIRM_STATUS_WORD = { en: 'Status', sw: 'Hali' };
const FIRM_STATUS_WORDS: Record<string, { en: string; sw: string }> = {
  PENDING: { en: 'Waiting for approval', sw: 'Inasubiri kuidhinishwa' },
  ACTIVE: { en: 'Active', sw: 'Hai' },
  SUSPENDED: { en: 'Suspended', sw: 'Imesimamishwa' },
};

/** PENDING or SUSPENDED → ACTIVE; 409 when the firm is already ACTIVE. */
export async function approveIntermediary(db: Database, actor: Principal, id: number) {
  const approved = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: intermediaries.status, name: intermediaries.intermediaryNames })
      .from(intermediaries)
      .where(eq(intermediaries.id, id))
      .for('update');
    if (!before) throw notFound();
    if (before.status !== 'PENDING' && before.status !== 'SUSPENDED') return false;
    await tx
      .update(intermediaries)
      .set({ status: 'ACTIVE', suspendedReason: null, suspendedAt: null, updatedAt: new Date() })
      .where(eq(intermediaries.id, id));
    await recordAudit(tx, actor, {
      action: 'admin/intermediary/approveIntermediary',
      entityType: 'intermediary',
      entityId: id,
      details: { from: before.status, to: 'ACTIVE' },
      summary: {
        en: `Approved the intermediary ${before.name}`,
        sw: `Aliidhinisha mpatanishi ${before.name}`,
      },
      changes: [
        { what: FIRM_STATUS_WORD, before: FIRM_STATUS_WORDS[before.status], after: FIRM_STATUS_WORDS.ACTIVE },
      ],
    });
    return true;
  });
  if (!approved) throw new AppError('conflict', INTERMEDIARY_MESSAGES.cannotApprove);
  return getForAdmin(db, id);
}

/**
 * ACTIVE → SUSPENDED: the firm leaves the directory and the help form, every session of its users
 * is revoked (their next call answers 403) and they cannot sign in; its open requests read SUSPENDED.
 */
export async function suspendIntermediary(
  context: { db: Database; services: { bus: ClusterBus } },
  actor: Principal,
  id: number,
  reason: string,
) {
  const { db } = context;
  const ended = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: intermediaries.status, name: intermediaries.intermediaryNames })
      .from(intermediaries)
      .where(eq(intermediaries.id, id))
      .for('update');
    if (!before) throw notFound();
    if (before.status !== 'ACTIVE') return null;
    const now = new Date();
    await tx
      .update(intermediaries)
      .set({ status: 'SUSPENDED', suspendedReason: reason, suspendedAt: now, updatedAt: now })
      .where(eq(intermediaries.id, id));
    const revoked = await revokeSessions(tx, { intermediaryId: id }, 'intermediary suspended');
    await recordAudit(tx, actor, {
      action: 'admin/intermediary/suspendIntermediary',
      entityType: 'intermediary',
      entityId: id,
      details: { from: 'ACTIVE', to: 'SUSPENDED', reason, sessionsRevoked: revoked.length },
      summary: {
        en: `Suspended the intermediary ${before.name}`,
        sw: `Alisimamisha mpatanishi ${before.name}`,
      },
      changes: [
        { what: FIRM_STATUS_WORD, before: FIRM_STATUS_WORDS.ACTIVE, after: FIRM_STATUS_WORDS.SUSPENDED },
        { what: { en: 'Reason', sw: 'Sababu' }, after: reason },
      ],
    });
    return revoked;
  });
  if (!ended) throw new AppError('conflict', INTERMEDIARY_MESSAGES.cannotSuspend);
  await announceEndedSessions(context.services.bus, ended);
  return getForAdmin(db, id);
}
