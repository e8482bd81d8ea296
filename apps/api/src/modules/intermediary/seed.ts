import type { Database } from '../../db/client';
import { intermediaries } from '../../db/schema';
import { INTERMEDIARY_SEED } from './seed-data';

/** Inserts the sample intermediaries that are missing (by systemRef); running it again changes nothing. */
export async function seedIntermediaries(db: Database): Promise<void> {
  await db
    .insert(intermediaries)
    .values(
      INTERMEDIARY_SEED.map((firm) => ({
        ...firm,
        isSample: true,
        suspendedAt: firm.status === 'SUSPENDED' ? new Date() : null,
        suspendedReason: firm.suspendedReason ?? null,
      })),
    )
    .onConflictDoNothing();
}
