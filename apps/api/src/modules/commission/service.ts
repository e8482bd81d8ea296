import { addCalendarDays, COMMISSION_MESSAGES, formatBasisPoints } from '@bima/domain';
import { translateText } from '@bima/domain/i18n';
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { commissionRates, commissions, intermediaries, policies, quotations } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { pageInfo, pageWindow } from '../../lib/search';
import { recordAudit } from '../audit/service';
import { percentWords } from '../audit/words';
import { COMMISSION_DISCLAIMER, COMMISSION_SEED } from './seed-data';

type RateRow = typeof commissionRates.$inferSelect;

function presentRate(row: RateRow) {
  return {
    classCode: row.classCode,
    className: row.className,
    rateBps: row.rateBps,
    capBps: row.capBps,
    rate: formatBasisPoints(row.rateBps),
    cap: formatBasisPoints(row.capBps),
    isSampleData: row.isSample,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Inserts the sample rates that are missing; running it again changes nothing. */
export async function seedCommissionRates(db: Database): Promise<void> {
  await db
    .insert(commissionRates)
    .values(COMMISSION_SEED.map((rate) => ({ ...rate, isSample: true })))
    .onConflictDoNothing();
}

/** Every class's commission rate and cap, by class code. */
export async function listRates(db: Database) {
  const rows = await db.select().from(commissionRates).orderBy(asc(commissionRates.classCode));
  return { items: rows.map(presentRate), disclaimer: COMMISSION_DISCLAIMER };
}

/** Sets a class's rate, never above its cap (400); 404 for a class with no rate set up. */
export async function setRate(db: Database, actor: Principal, input: { classCode: string; rateBps: number }) {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(commissionRates)
      .where(eq(commissionRates.classCode, input.classCode))
      .for('update');
    if (!before) throw new AppError('not_found', COMMISSION_MESSAGES.classNotFound);
    if (input.rateBps > before.capBps) {
      const message = COMMISSION_MESSAGES.aboveCap(before.capBps);
      throw new AppError('invalid', message, { errors: [{ field: 'rateBps', message }] });
    }
    const [after] = await tx
      .update(commissionRates)
      .set({ rateBps: input.rateBps, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(commissionRates.classCode, input.classCode))
      .returning();
    await recordAudit(tx, actor, {
      action: 'admin/commission/setRate',
      entityType: 'commission_rate',
      entityId: input.classCode,
      details: { fromBps: before.rateBps, toBps: input.rateBps, capBps: before.capBps },
      summary: {
        en: `Changed the commission rate of ${before.className}: ${percentWords({ bps: before.rateBps })} → ${percentWords({ bps: input.rateBps })}`,
        sw: `Alibadilisha kiwango cha kamisheni cha ${translateText(before.className, 'sw')}: ${percentWords({ bps: before.rateBps })} → ${percentWords({ bps: input.rateBps })}`,
      },
      changes: [
        {
          what: {
            en: `Commission rate of ${before.className}`,
            sw: `Kiwango cha kamisheni cha ${translateText(before.className, 'sw')}`,
          },
          before: percentWords({ bps: before.rateBps }),
          after: percentWords({ bps: input.rateBps }),
        },
      ],
    });
    return after!;
  });
  return presentRate(row);
}

/** The start of a Kenyan calendar day (UTC+3, no daylight saving) as an instant. */
const kenyaMidnight = (date: string) => new Date(`${date}T00:00:00+03:00`);

/**
 * A firm's commission statement (an intermediary: its own firm, whatever `firmId` says; an admin:
 * the firm asked for, or every firm), newest first, between two Kenyan dates (both included), with
 * the totals of the whole period. Amounts in cents and in shillings (cents / 100).
 */
export async function getStatement(
  db: Database,
  principal: Principal,
  input: { page: number; pageSize: number; from?: string; to?: string; firmId?: number },
) {
  const firmId = principal.role === 'admin' ? input.firmId : (principal.intermediaryId ?? -1);
  const where = and(
    firmId === undefined ? undefined : eq(commissions.intermediaryId, firmId),
    input.from ? gte(commissions.createdAt, kenyaMidnight(input.from)) : undefined,
    input.to ? lt(commissions.createdAt, kenyaMidnight(addCalendarDays(input.to, 1))) : undefined,
  ) as SQL | undefined;
  const { limit, offset } = pageWindow(input);
  const rows = await db
    .select({
      commission: commissions,
      policyNumber: policies.policyNumber,
      clientDetails: quotations.clientDetails,
      productName: quotations.productName,
      className: commissionRates.className,
      firm: { id: intermediaries.id, intermediaryNames: intermediaries.intermediaryNames },
    })
    .from(commissions)
    .innerJoin(policies, eq(policies.id, commissions.policyId))
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(intermediaries, eq(intermediaries.id, commissions.intermediaryId))
    .leftJoin(commissionRates, eq(commissionRates.classCode, commissions.classCode))
    .where(where)
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await db
    .select({
      count: count(),
      premium: sql<string>`coalesce(sum(${commissions.premium}), 0)`,
      commission: sql<string>`coalesce(sum(${commissions.amount}), 0)`,
    })
    .from(commissions)
    .where(where);
  const premiumCents = Number(totals?.premium ?? 0);
  const commissionCents = Number(totals?.commission ?? 0);
  return {
    items: rows.map((row) => {
      const client = row.clientDetails as {
        names?: { firstName?: string; lastName?: string };
        email?: string;
      };
      return {
        policyNumber: row.policyNumber,
        client: {
          names: { firstName: client.names?.firstName ?? '', lastName: client.names?.lastName ?? '' },
          email: client.email ?? null,
        },
        productName: row.productName,
        classCode: row.commission.classCode,
        className: row.className ?? row.commission.classCode,
        premium: row.commission.premium,
        rateBps: row.commission.rateBps,
        rate: formatBasisPoints(row.commission.rateBps),
        commission: row.commission.amount,
        date: row.commission.createdAt.toISOString(),
        intermediary: row.firm,
      };
    }),
    totals: {
      count: Number(totals?.count ?? 0),
      premium: premiumCents,
      commission: commissionCents,
    },
    ...pageInfo(Number(totals?.count ?? 0), input),
    firmId: firmId ?? null,
  };
}
