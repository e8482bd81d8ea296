import { COMMISSION_MESSAGES, formatBasisPoints } from '@bima/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { commissionRates } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { recordAudit } from '../audit/service';
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
    });
    return after!;
  });
  return presentRate(row);
}
