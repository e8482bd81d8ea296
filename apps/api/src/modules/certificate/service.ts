import {
  type CertificateCheck,
  type CertificateType,
  certificateStatusOn,
  certificateTypeOf,
  formatCertificateNumber,
  maskInsuredName,
  normaliseRegistration,
  pickCertificateForDate,
  type VerifyCertificateQuery,
} from '@bima/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { certificateSequences, motorCertificates, policies, quotations } from '../../db/schema';
import { kenyaToday } from '../../lib/dates';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

export type CertificateRow = typeof motorCertificates.$inferSelect;

/** The next number of `year`: one upsert on the year's row, which holds concurrent issues in line. */
async function allocateCertificateNumber(tx: Tx, year: number): Promise<string> {
  const [row] = await tx
    .insert(certificateSequences)
    .values({ year, lastValue: 1 })
    .onConflictDoUpdate({
      target: certificateSequences.year,
      set: { lastValue: sql`${certificateSequences.lastValue} + 1` },
    })
    .returning({ lastValue: certificateSequences.lastValue });
  return formatCertificateNumber({ year, sequence: row!.lastValue });
}

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The insured's name as the policy was bought: the class KYC's full name, else first and last names. */
function insuredNameOf(clientDetails: Record<string, unknown>): string {
  const kyc = clientDetails.kyc as { fullName?: string } | undefined;
  if (textOf(kyc?.fullName)) return textOf(kyc?.fullName);
  const names = (clientDetails.names ?? {}) as { firstName?: string; lastName?: string };
  return `${textOf(names.firstName)} ${textOf(names.lastName)}`.trim();
}

/**
 * Issues the certificate of a motor policy in the caller's transaction, once: the policy row is
 * locked first, so issuance and the start-up backfill never both number it. Other classes get none
 * (null); a policy that has one answers it unchanged (`isNew` false).
 */
export async function issueCertificate(
  tx: Tx,
  policyId: number,
): Promise<{ certificateNumber: string; isNew: boolean } | null> {
  const [row] = await tx
    .select({
      issuedAt: policies.issuedAt,
      startDate: policies.startDate,
      endDate: policies.endDate,
      classCode: quotations.classCode,
      riskDetails: quotations.riskDetails,
      vehicle: quotations.vehicle,
      clientDetails: quotations.clientDetails,
      insurer: quotations.underwriterName,
    })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .where(eq(policies.id, policyId))
    .for('update', { of: policies });
  if (!row) return null;
  const usage = (row.riskDetails.usageDetails ?? {}) as { primaryUse?: string };
  const type = certificateTypeOf({ classCode: row.classCode, primaryUse: usage.primaryUse });
  if (!type) return null;
  const [existing] = await tx
    .select({ certificateNumber: motorCertificates.certificateNumber })
    .from(motorCertificates)
    .where(eq(motorCertificates.policyId, policyId));
  if (existing) return { certificateNumber: existing.certificateNumber, isNew: false };
  const year = Number(kenyaToday(row.issuedAt).slice(0, 4));
  const certificateNumber = await allocateCertificateNumber(tx, year);
  await tx.insert(motorCertificates).values({
    certificateNumber,
    policyId,
    certificateType: type,
    registrationNumber: normaliseRegistration(textOf(row.vehicle.registrationNumber)),
    make: textOf(row.vehicle.make),
    model: textOf(row.vehicle.model),
    chassisNumber: textOf(row.vehicle.chassisNumber),
    insuredName: insuredNameOf(row.clientDetails),
    insurer: row.insurer,
    startDate: row.startDate,
    endDate: row.endDate,
  });
  return { certificateNumber, isNew: true };
}

/**
 * Backfill: every motor policy issued before certificates existed (or whose issue was interrupted)
 * gets one, oldest first, each in its own transaction. Run at start-up; idempotent.
 */
export async function issueMissingCertificates(db: Database): Promise<number> {
  const missing = await db
    .select({ id: policies.id })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .leftJoin(motorCertificates, eq(motorCertificates.policyId, policies.id))
    .where(and(isNull(motorCertificates.id), inArray(quotations.classCode, ['07', '08'])))
    .orderBy(asc(policies.id));
  let issued = 0;
  for (const { id } of missing) {
    const result = await db.transaction((tx) => issueCertificate(tx, id));
    if (result?.isNew) issued += 1;
  }
  return issued;
}

/** The certificate of a policy, with its policy's cancellation; null when it has none. */
export async function findCertificateOfPolicy(db: Executor, policyId: number) {
  const [row] = await certificateQuery(db).where(eq(motorCertificates.policyId, policyId));
  return row ?? null;
}

function certificateQuery(db: Executor) {
  return db
    .select({ certificate: motorCertificates, cancelledOn: policies.cancelledOn })
    .from(motorCertificates)
    .innerJoin(policies, eq(policies.id, motorCertificates.policyId));
}

/**
 * A public check, by number (its status today, Kenya time) or by plate and a date. The answer holds
 * only what the certificate shows, the insured's name masked; nothing else about the insured.
 */
export async function verifyCertificate(
  db: Database,
  query: VerifyCertificateQuery,
  today = kenyaToday(),
): Promise<CertificateCheck> {
  const date = query.by === 'number' ? today : query.date;
  const rows = await certificateQuery(db).where(
    query.by === 'number'
      ? eq(motorCertificates.certificateNumber, query.certificateNumber)
      : eq(motorCertificates.registrationNumber, query.registrationNumber),
  );
  const candidates = rows.map((row) => ({ ...row.certificate, cancelledOn: row.cancelledOn }));
  const found = query.by === 'number' ? (candidates[0] ?? null) : pickCertificateForDate(candidates, date);
  if (!found) return { status: 'UNKNOWN', checkedOn: date, certificate: null };
  return {
    status: certificateStatusOn(found, date),
    checkedOn: date,
    certificate: {
      certificateNumber: found.certificateNumber,
      registrationNumber: displayPlate(found.registrationNumber),
      makeModel: `${found.make} ${found.model}`.trim(),
      insurer: found.insurer,
      type: found.certificateType as CertificateType,
      startDate: found.startDate,
      endDate: found.endDate,
      insuredName: maskInsuredName(found.insuredName),
    },
  };
}

/** KCR442X → KCR 442X (plates are stored without the space, shown with it). */
export function displayPlate(plate: string): string {
  const match = /^([A-Z]{3})(\d{3}[A-Z])$/.exec(plate);
  return match ? `${match[1]} ${match[2]}` : plate;
}
