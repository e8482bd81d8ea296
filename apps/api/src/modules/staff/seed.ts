import { inArray } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { Database } from '../../db/client';
import { intermediaries, lenders, users } from '../../db/schema';
import { SAMPLE_STAFF, SAMPLE_STAFF_PASSWORD } from './seed-data';

/** One hash for every sample account, made once per process (argon2 is slow on purpose). */
let sampleHash: Promise<string> | undefined;

/**
 * Inserts the sample staff accounts that are missing (by e-mail), ACTIVE with the sample password.
 * Local use only: the caller never runs it in production. Needs the sample intermediaries and
 * underwriters seeded first.
 */
export async function seedSampleStaff(db: Database): Promise<void> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        SAMPLE_STAFF.map((staff) => staff.email),
      ),
    );
  const present = new Set(existing.map((row) => row.email));
  const missing = SAMPLE_STAFF.filter((staff) => !present.has(staff.email));
  if (missing.length === 0) return;
  sampleHash ??= hashPassword(SAMPLE_STAFF_PASSWORD);
  const passwordHash = await sampleHash;
  const firms = await db
    .select({ id: intermediaries.id, systemRef: intermediaries.systemRef })
    .from(intermediaries);
  const firmId = new Map(firms.map((firm) => [firm.systemRef, firm.id]));
  const lenderRows = await db.select({ id: lenders.id, systemRef: lenders.systemRef }).from(lenders);
  const lenderId = new Map(lenderRows.map((lender) => [lender.systemRef, lender.id]));
  const rows = missing.flatMap((staff) => {
    const intermediaryId = staff.intermediarySystemRef ? firmId.get(staff.intermediarySystemRef) : null;
    // A sample firm removed from the database leaves its sample user out rather than failing the seed.
    if (staff.intermediarySystemRef && intermediaryId === undefined) return [];
    const lender = staff.lenderSystemRef ? lenderId.get(staff.lenderSystemRef) : null;
    if (staff.lenderSystemRef && lender === undefined) return [];
    return [
      {
        email: staff.email,
        firstName: staff.firstName,
        lastName: staff.lastName,
        role: staff.role,
        status: 'ACTIVE',
        passwordHash,
        passwordChangedAt: new Date(),
        intermediaryId: intermediaryId ?? null,
        underwriterId: staff.underwriterId ?? null,
        lenderId: lender ?? null,
      },
    ];
  });
  if (rows.length > 0) await db.insert(users).values(rows).onConflictDoNothing();
}

/**
 * The sample staff accounts that still sign in with the public sample password: production refuses
 * to start while there is any.
 */
export async function findSampleStaffWithSamplePassword(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.email,
        SAMPLE_STAFF.map((staff) => staff.email),
      ),
    );
  const exposed: string[] = [];
  for (const row of rows) {
    if (row.passwordHash && (await verifyPassword(row.passwordHash, SAMPLE_STAFF_PASSWORD)))
      exposed.push(row.email);
  }
  return exposed;
}
