import {
  addCalendarDays,
  CERTIFICATE_NUMBER_PATTERN,
  type CertificateCheck,
  type CertificateType,
  certificateStatusOn,
  certificateTypeOf,
  maskInsuredName,
  normaliseRegistration,
  pickCertificateForDate,
  type VerifyCertificateQuery,
} from '@bima/domain';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  certificateStock,
  insuranceProducts,
  motorCertificates,
  policies,
  quotations,
  underwriters,
  users,
} from '../../db/schema';
import {
  DMVIC_CANCEL_REASONS,
  type Dmvic,
  type DmvicCancelReason,
  type DmvicCover,
  DmvicError,
  type DmvicStock,
} from '../../dmvic/port';
import { AppError } from '../../gateway/errors';
import { coverDatesAtPayment, kenyaToday } from '../../lib/dates';
import { type Bilingual, formatDay } from '../../lib/language';
import { notificationEmail } from '../../mail/templates';
import { notify } from '../notification/service';
import { smsTexts } from '../notification/sms-texts';
import { dmvicRequestOf, insuredNameOf, withRegisteredBody } from './dmvic-request';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

export type CertificateRow = typeof motorCertificates.$inferSelect;

/** What issuing through DMVIC needs: the database, DMVIC, the business clock and a log. */
export interface CertificateContext {
  db: Database;
  dmvic: Dmvic;
  clock: { now(): Date };
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** PUBLIC_BASE_URL: the client is e-mailed the certificate once issued (none without it). */
  publicBaseUrl?: string;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The certificate type of a quotation (null: its class has no certificate). */
export function certificateTypeOfQuotation(quotation: {
  classCode: string;
  riskDetails: Record<string, unknown>;
  vehicle: Record<string, unknown>;
}): CertificateType | null {
  const usage = (quotation.riskDetails.usageDetails ?? {}) as { primaryUse?: string };
  return certificateTypeOf({
    classCode: quotation.classCode,
    primaryUse: usage.primaryUse,
    vehicle: quotation.vehicle,
  });
}

/**
 * The certificate of a motor policy, made `pending` in the caller's transaction, once: the policy
 * row is locked first, so issuance and the start-up backfill never both make it. DMVIC is asked by
 * the job `dmvic-issue-certificates` after the commit (`issuePendingCertificates`). Other classes
 * get none (null); a policy that has one answers it unchanged (`isNew` false).
 */
export async function createPendingCertificate(
  tx: Tx,
  policyId: number,
  /** A monthly policy's paid month (issue 31): its certificate covers these days only. */
  month?: { monthNo: number; from: string; to: string },
): Promise<{ certificateNumber: string | null; isNew: boolean } | null> {
  const [row] = await tx
    .select({
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
  const type = certificateTypeOfQuotation(row);
  if (!type) return null;
  const [existing] = await tx
    .select({ certificateNumber: motorCertificates.certificateNumber })
    .from(motorCertificates)
    .where(
      and(
        eq(motorCertificates.policyId, policyId),
        month ? eq(motorCertificates.monthNo, month.monthNo) : isNull(motorCertificates.monthNo),
      ),
    );
  if (existing) return { certificateNumber: existing.certificateNumber, isNew: false };
  await tx.insert(motorCertificates).values({
    certificateNumber: null,
    policyId,
    certificateType: type,
    registrationNumber: normaliseRegistration(textOf(row.vehicle.registrationNumber)),
    make: textOf(row.vehicle.make),
    model: textOf(row.vehicle.model),
    chassisNumber: textOf(row.vehicle.chassisNumber),
    insuredName: insuredNameOf(row.clientDetails),
    insurer: row.insurer,
    monthNo: month?.monthNo ?? null,
    startDate: month?.from ?? row.startDate,
    endDate: month?.to ?? row.endDate,
    issuer: 'DMVIC',
    status: 'pending',
    pendingReason: PENDING_REASONS.queued,
  });
  return { certificateNumber: null, isNew: true };
}

/**
 * Backfill: every motor policy without a certificate (issued before certificates existed, or whose
 * issue was interrupted) gets a pending one, oldest first, each in its own transaction; the job
 * then issues them through DMVIC. Run at start-up; idempotent.
 */
export async function issueMissingCertificates(db: Database): Promise<number> {
  const missing = await db
    .select({ id: policies.id })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .leftJoin(motorCertificates, eq(motorCertificates.policyId, policies.id))
    .where(and(isNull(motorCertificates.id), inArray(quotations.classCode, ['07', '08'])))
    .orderBy(asc(policies.id));
  let made = 0;
  for (const { id } of missing) {
    const result = await db.transaction((tx) => createPendingCertificate(tx, id));
    if (result?.isNew) made += 1;
  }
  return made;
}

/** Why a certificate waits, as staff read it in the queue. */
export const PENDING_REASONS = {
  queued: 'Waiting for DMVIC',
  unavailable: 'DMVIC unavailable',
  login: 'DMVIC refused our login',
  notSetUp: (insurer: string) => `${insurer} has no DMVIC member company id: needs staff`,
  noStock: (insurer: string, type: string) => `No certificate stock for ${insurer}, type ${type}`,
  needsStaff: (message: string) => `Needs staff: ${message}`,
} as const;

/** The wait before the next attempt after `attempts` failed ones: 10 s doubling, at most 10 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}

/** A pending certificate with what issuing it needs. */
async function loadForIssue(db: Database, certificateId: number) {
  const [row] = await db
    .select({
      certificate: motorCertificates,
      policyNumber: policies.policyNumber,
      policyUserId: policies.userId,
      policyId: policies.id,
      coverType: quotations.coverType,
      vehicleValue: quotations.vehicleValue,
      vehicle: quotations.vehicle,
      riskDetails: quotations.riskDetails,
      clientDetails: quotations.clientDetails,
      memberCompanyId: underwriters.dmvicMemberCompanyId,
      underwriterId: underwriters.id,
      phone: users.phone,
      email: users.email,
    })
    .from(motorCertificates)
    .innerJoin(policies, eq(policies.id, motorCertificates.policyId))
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
    .innerJoin(underwriters, eq(underwriters.id, insuranceProducts.underwriterId))
    .innerJoin(users, eq(users.id, policies.userId))
    .where(eq(motorCertificates.id, certificateId));
  return row ?? null;
}

/**
 * The job's work: each pending certificate that is due (oldest first) is asked of DMVIC once per
 * attempt. An attempt is claimed first (attempts + 1 and the next attempt's time, in one update that
 * only one caller wins), then DMVIC is asked outside any transaction. Answers how many were issued.
 */
export async function issuePendingCertificates(context: CertificateContext, limit = 20): Promise<number> {
  const now = context.clock.now();
  const due = await context.db
    .select({ id: motorCertificates.id })
    .from(motorCertificates)
    .where(
      and(
        eq(motorCertificates.status, 'pending'),
        eq(motorCertificates.needsStaff, false),
        or(isNull(motorCertificates.nextAttemptAt), lte(motorCertificates.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(motorCertificates.id))
    .limit(limit);
  let issued = 0;
  for (const { id } of due) {
    if (await issueOne(context, id)) issued += 1;
  }
  // Issued certificates whose PDF DMVIC did not give yet get it now.
  const withoutPdf = await context.db
    .select({ id: motorCertificates.id, number: motorCertificates.certificateNumber })
    .from(motorCertificates)
    .where(
      and(
        eq(motorCertificates.status, 'issued'),
        eq(motorCertificates.issuer, 'DMVIC'),
        isNull(motorCertificates.pdf),
      ),
    )
    .orderBy(asc(motorCertificates.id))
    .limit(limit);
  for (const row of withoutPdf) {
    if (row.number) await keepPdf(context, row.id, row.number);
  }
  return issued;
}

async function keepPdf(context: CertificateContext, id: number, certificateNumber: string) {
  try {
    const pdf = await context.dmvic.getCertificatePdf(certificateNumber);
    await context.db.update(motorCertificates).set({ pdf }).where(eq(motorCertificates.id, id));
  } catch (error) {
    context.log.warn({ err: error, certificateNumber }, 'DMVIC certificate PDF not fetched; retried later');
  }
}

/** One attempt at one pending certificate; true when it was issued (or adopted) now. */
export async function issueOne(context: CertificateContext, certificateId: number): Promise<boolean> {
  const { db } = context;
  const now = context.clock.now();
  // The claim: only the caller that moves `attempts` on from what it read makes this attempt.
  const [current] = await db
    .select({
      attempts: motorCertificates.attempts,
      status: motorCertificates.status,
      nextAttemptAt: motorCertificates.nextAttemptAt,
    })
    .from(motorCertificates)
    .where(eq(motorCertificates.id, certificateId));
  if (current?.status !== 'pending') return false;
  if (current.nextAttemptAt && current.nextAttemptAt > now) return false;
  const attempts = current.attempts + 1;
  const claimed = await db
    .update(motorCertificates)
    .set({ attempts, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) })
    .where(
      and(
        eq(motorCertificates.id, certificateId),
        eq(motorCertificates.status, 'pending'),
        eq(motorCertificates.attempts, current.attempts),
      ),
    )
    .returning({ attempts: motorCertificates.attempts });
  if (claimed.length === 0) return false;
  const row = await loadForIssue(db, certificateId);
  if (!row) return false;
  const { certificate } = row;
  const wait = async (reason: string, needsStaff = false) => {
    await db
      .update(motorCertificates)
      .set({ pendingReason: reason, needsStaff })
      .where(and(eq(motorCertificates.id, certificateId), eq(motorCertificates.status, 'pending')));
  };
  if (row.memberCompanyId === null) {
    await wait(PENDING_REASONS.notSetUp(certificate.insurer), true);
    return false;
  }
  const memberCompanyId = row.memberCompanyId;
  try {
    const request = dmvicRequestOf({
      type: certificate.certificateType as CertificateType,
      memberCompanyId,
      policyNumber: row.policyNumber,
      startDate: certificate.startDate,
      endDate: certificate.endDate,
      coverType: row.coverType,
      vehicleValue: row.vehicleValue,
      vehicle: await withRegisteredBody(context.dmvic, row.vehicle),
      riskDetails: row.riskDetails,
      clientDetails: row.clientDetails,
      phone: row.phone,
      email: row.email,
    });
    // An earlier attempt may have reached DMVIC without our hearing the answer: adopt what it issued.
    const earlier = claimed[0]!.attempts > 1 ? await coverIssuedFor(context, certificate) : null;
    if (earlier) {
      await recordIssued(context, row, {
        certificateNumber: earlier.certificateNumber,
        transactionNumber: null,
        issuedAt: now,
      });
      return true;
    }
    const issued = await context.dmvic.issueCertificate(request);
    await recordIssued(context, row, issued);
    return true;
  } catch (error) {
    if (error instanceof DmvicError && error.code === 'DOUBLE_INSURANCE') {
      // Ours, issued by a call whose answer was lost? Then it is adopted, not doubled.
      const ours = await coverIssuedFor(context, certificate).catch(() => null);
      if (ours) {
        await recordIssued(context, row, {
          certificateNumber: ours.certificateNumber,
          transactionNumber: null,
          issuedAt: now,
        });
        return true;
      }
    }
    const reason = pendingReasonOf(error, certificate);
    const retryable = !(error instanceof DmvicError) || error.retryable;
    context.log.warn({ err: error, certificateId, reason }, 'DMVIC certificate not issued yet');
    await wait(reason, !retryable);
    return false;
  }
}

function pendingReasonOf(error: unknown, certificate: CertificateRow): string {
  if (!(error instanceof DmvicError)) return PENDING_REASONS.unavailable;
  switch (error.code) {
    case 'NO_STOCK':
      return PENDING_REASONS.noStock(certificate.insurer, certificate.certificateType);
    case 'TOKEN_EXPIRED':
    case 'ACCOUNT_LOCKED':
      return PENDING_REASONS.login;
    case 'TIMEOUT':
    case 'UNAVAILABLE':
      return PENDING_REASONS.unavailable;
    default:
      return PENDING_REASONS.needsStaff(
        error.details.field ? `${error.message} (${error.details.field})` : error.message,
      );
  }
}

/** The cover DMVIC holds for this certificate's vehicle and period, if it issued one (ours). */
async function coverIssuedFor(context: CertificateContext, certificate: CertificateRow) {
  const cover = await context.dmvic.validateInsurance({ registrationNumber: certificate.registrationNumber });
  if (!cover || cover.status === 'cancelled') return null;
  return cover.validFrom === certificate.startDate && cover.validTo === certificate.endDate ? cover : null;
}

async function recordIssued(
  context: CertificateContext,
  row: NonNullable<Awaited<ReturnType<typeof loadForIssue>>>,
  issued: { certificateNumber: string; transactionNumber: string | null; issuedAt: Date },
) {
  // DMVIC's PDF first (its URL is short-lived), so the e-mail can carry it; a later run fetches it if not.
  const pdf = await context.dmvic.getCertificatePdf(issued.certificateNumber).catch((error: unknown) => {
    context.log.warn(
      { err: error, certificate: issued.certificateNumber },
      'DMVIC certificate PDF not fetched yet',
    );
    return null;
  });
  await context.db.transaction(async (tx) => {
    const updated = await tx
      .update(motorCertificates)
      .set({
        status: 'issued',
        certificateNumber: issued.certificateNumber,
        dmvicTransactionNumber: issued.transactionNumber,
        issuedAt: issued.issuedAt,
        pdf,
        pendingReason: null,
        needsStaff: false,
        nextAttemptAt: null,
      })
      .where(and(eq(motorCertificates.id, row.certificate.id), eq(motorCertificates.status, 'pending')))
      .returning({ id: motorCertificates.id });
    if (updated.length === 0) return;
    const title = {
      en: `Certificate ${issued.certificateNumber} is ready`,
      sw: `Cheti ${issued.certificateNumber} kiko tayari`,
    };
    const body = {
      en: `The DMVIC certificate of insurance of policy ${row.policyNumber} is issued. Download it from the policy page.`,
      sw: `Cheti cha bima cha DMVIC cha sera ${row.policyNumber} kimetolewa. Kipakue kwenye ukurasa wa sera.`,
    };
    const link = `/newportal/products/${row.policyId}`;
    const baseUrl = context.publicBaseUrl;
    await notify(tx, {
      userId: row.policyUserId,
      kind: 'policy_issued',
      title,
      body,
      link,
      sms: smsTexts.certificateIssued({
        policyNumber: row.policyNumber,
        certificateNumber: issued.certificateNumber,
      }),
      // The certificate follows the schedule's e-mail by itself, DMVIC's PDF attached.
      ...(baseUrl
        ? {
            email: {
              baseUrl,
              compose: (recipient) => ({
                ...notificationEmail({
                  to: recipient.email,
                  firstName: recipient.firstName,
                  title: title[recipient.language],
                  body: body[recipient.language],
                  url: `${baseUrl}${link}`,
                  profileUrl: `${baseUrl}/newportal/profile`,
                  language: recipient.language,
                }),
                attachments: pdf
                  ? [
                      {
                        filename: `certificate-${issued.certificateNumber}.pdf`,
                        content: Buffer.from(pdf),
                        contentType: 'application/pdf',
                      },
                    ]
                  : [],
              }),
            },
          }
        : {}),
    });
  });
}

/**
 * The issued certificate of a policy (DMVIC's, or the portal's own from before), with its policy's
 * cancellation; null when it has none or it is still being issued.
 */
export async function findCertificateOfPolicy(db: Executor, policyId: number, today = kenyaToday()) {
  // A monthly policy has one a paid month (issue 31): the issued one covering today, else the latest.
  const [row] = await certificateQuery(db)
    .where(and(eq(motorCertificates.policyId, policyId), isNotNull(motorCertificates.certificateNumber)))
    .orderBy(
      desc(sql`(${motorCertificates.startDate} <= ${today} and ${motorCertificates.endDate} >= ${today})`),
      desc(motorCertificates.startDate),
      desc(motorCertificates.id),
    )
    .limit(1);
  if (!row?.certificate.certificateNumber) return null;
  return {
    ...row,
    certificate: { ...row.certificate, certificateNumber: row.certificate.certificateNumber },
  };
}

function certificateQuery(db: Executor) {
  return db
    .select({ certificate: motorCertificates, cancelledOn: policies.cancelledOn })
    .from(motorCertificates)
    .innerJoin(policies, eq(policies.id, motorCertificates.policyId));
}

/** Where a check's answer came from: DMVIC itself, or our own records when DMVIC did not answer. */
export type CheckSource = 'DMVIC' | 'portal-records';

/**
 * A public check, by number (its status today, Kenya time) or by plate and a date. DMVIC is asked
 * first (ValidateInsurance) and its answer is the check (`source` 'DMVIC'); when DMVIC does not
 * answer, or for a certificate of the portal's own from before DMVIC, our records answer, labelled
 * `source` 'portal-records'. The answer holds only what the certificate shows, the insured's name
 * masked; nothing else about the insured.
 */
export async function verifyCertificate(
  context: { db: Database; dmvic: Dmvic; log?: Pick<FastifyBaseLogger, 'warn'> },
  query: VerifyCertificateQuery,
  today = kenyaToday(),
): Promise<CertificateCheck & { source: CheckSource }> {
  const legacy = query.by === 'number' && CERTIFICATE_NUMBER_PATTERN.test(query.certificateNumber);
  if (!legacy) {
    try {
      const cover = await context.dmvic.validateInsurance(
        query.by === 'number'
          ? { certificateNumber: query.certificateNumber }
          : { registrationNumber: query.registrationNumber },
      );
      if (cover) return { ...(await checkOfCover(context.db, cover, query, today)), source: 'DMVIC' };
      // DMVIC has none: a portal certificate from before DMVIC may still answer for the vehicle.
      const ours = await checkOfRecords(context.db, query, today, true);
      return ours.certificate ? { ...ours, source: 'portal-records' } : { ...ours, source: 'DMVIC' };
    } catch (error) {
      context.log?.warn({ err: error }, 'DMVIC did not answer a certificate check; our records answer');
    }
  }
  return { ...(await checkOfRecords(context.db, query, today, false)), source: 'portal-records' };
}

/** DMVIC's cover as a check: its status on the day, and what our records add (make and model, the masked name). */
async function checkOfCover(
  db: Database,
  cover: DmvicCover,
  query: VerifyCertificateQuery,
  today: string,
): Promise<CertificateCheck> {
  const date = query.by === 'number' ? today : query.date;
  const [ours] = await db
    .select()
    .from(motorCertificates)
    .where(eq(motorCertificates.certificateNumber, cover.certificateNumber));
  const period = {
    startDate: cover.validFrom,
    endDate: cover.validTo,
    cancelledOn: cover.status === 'cancelled' ? cover.validFrom : null,
  };
  return {
    status: cover.status === 'cancelled' ? 'CANCELLED' : certificateStatusOn(period, date),
    checkedOn: date,
    certificate: {
      certificateNumber: cover.certificateNumber,
      registrationNumber: displayPlate(normaliseRegistration(cover.registrationNumber)),
      makeModel: ours ? `${ours.make} ${ours.model}`.trim() : '',
      // Our name of the insurer when the certificate is ours (DMVIC's register spells it its own way).
      insurer: ours?.insurer ?? cover.insurer,
      type: cover.type,
      startDate: cover.validFrom,
      endDate: cover.validTo,
      insuredName: ours ? maskInsuredName(ours.insuredName) : '',
    },
  };
}

/** Our own records' answer (issued certificates; `legacyOnly`: only the portal's own from before DMVIC). */
async function checkOfRecords(
  db: Database,
  query: VerifyCertificateQuery,
  today: string,
  legacyOnly: boolean,
): Promise<CertificateCheck> {
  const date = query.by === 'number' ? today : query.date;
  const rows = await certificateQuery(db).where(
    and(
      query.by === 'number'
        ? eq(motorCertificates.certificateNumber, query.certificateNumber)
        : eq(motorCertificates.registrationNumber, query.registrationNumber),
      ne(motorCertificates.status, 'pending'),
      legacyOnly ? eq(motorCertificates.issuer, 'BIMA') : undefined,
    ),
  );
  const candidates = rows.map((row) => ({
    ...row.certificate,
    certificateNumber: row.certificate.certificateNumber ?? '',
    cancelledOn:
      row.cancelledOn ??
      (row.certificate.status === 'cancelled' && row.certificate.cancelledAt
        ? kenyaToday(row.certificate.cancelledAt)
        : null),
  }));
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

/** What the check before an invoice needs: DMVIC and a log (DMVIC not answering never blocks a sale). */
export interface DoubleInsuranceCheck {
  dmvic: Dmvic;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** The refusal of a vehicle already insured for the period: the message in both languages and the offered start. */
export function doubleInsuranceError(existing: {
  registrationNumber: string;
  insurer: string;
  validTo: string;
}) {
  const offeredStartDate = addCalendarDays(existing.validTo, 1);
  const plate = displayPlate(normaliseRegistration(existing.registrationNumber));
  const message = `${plate} is already insured until ${formatDay(existing.validTo, 'en')} by ${existing.insurer}; your cover can start on ${formatDay(offeredStartDate, 'en')}.`;
  return new AppError('conflict', message, {
    code: 'DOUBLE_INSURANCE',
    errors: [{ field: 'startDate', message }],
    details: {
      registrationNumber: plate,
      insurer: existing.insurer,
      insuredUntil: existing.validTo,
      offeredStartDate,
    },
  });
}

/**
 * Before a motor quotation becomes an invoice (so before any payment prompt): the vehicle must not
 * be insured already for an overlapping period — in our own records (a certificate issued or still
 * pending) or at DMVIC — and its details must match NTSA's (DMVIC's validation of the certificate
 * type). Double insurance is refused with 409 DOUBLE_INSURANCE and the day the new cover can start; a
 * mismatch with 400 NTSA_MISMATCH naming the field. DMVIC not answering is logged and the sale goes
 * on: issuance after payment waits and retries.
 */
export async function refuseUninsurableVehicle(
  executor: Executor,
  check: DoubleInsuranceCheck,
  quotation: {
    systemQuotationRef: string;
    productId: number;
    classCode: string;
    coverType: string;
    vehicleValue: number;
    riskDetails: Record<string, unknown>;
    vehicle: Record<string, unknown>;
    clientDetails: Record<string, unknown>;
    userId: string;
    startDate: string;
    endDate: string;
    periodDays: number;
  },
): Promise<void> {
  // The days the cover would have if paid now: a quoted start that has passed moves to today (cover
  // is never backdated), so that is what DMVIC and our records are asked about.
  const { startDate, endDate } = coverDatesAtPayment({
    quotedStartDate: quotation.startDate,
    periodDays: quotation.periodDays,
    paidAt: new Date(),
  });
  const type = certificateTypeOfQuotation(quotation);
  const plate = normaliseRegistration(textOf(quotation.vehicle.registrationNumber));
  if (!type || plate === '') return;
  const [ours] = await executor
    .select({ insurer: motorCertificates.insurer, endDate: motorCertificates.endDate })
    .from(motorCertificates)
    .innerJoin(policies, eq(policies.id, motorCertificates.policyId))
    .where(
      and(
        eq(motorCertificates.registrationNumber, plate),
        inArray(motorCertificates.status, ['pending', 'issued']),
        isNull(policies.cancelledOn),
        lte(motorCertificates.startDate, endDate),
        gte(motorCertificates.endDate, startDate),
      ),
    )
    .orderBy(desc(motorCertificates.endDate))
    .limit(1);
  if (ours)
    throw doubleInsuranceError({ registrationNumber: plate, insurer: ours.insurer, validTo: ours.endDate });
  const [who] = await executor
    .select({ memberCompanyId: underwriters.dmvicMemberCompanyId, phone: users.phone, email: users.email })
    .from(insuranceProducts)
    .innerJoin(underwriters, eq(underwriters.id, insuranceProducts.underwriterId))
    .innerJoin(users, eq(users.id, sql`${quotation.userId}::uuid`))
    .where(eq(insuranceProducts.id, quotation.productId));
  if (!who || who.memberCompanyId === null) return;
  const memberCompanyId = who.memberCompanyId;
  try {
    const request = dmvicRequestOf({
      type,
      memberCompanyId,
      policyNumber: quotation.systemQuotationRef,
      startDate,
      endDate,
      coverType: quotation.coverType,
      vehicleValue: quotation.vehicleValue,
      vehicle: await withRegisteredBody(check.dmvic, quotation.vehicle),
      riskDetails: quotation.riskDetails,
      clientDetails: quotation.clientDetails,
      phone: who.phone,
      email: who.email,
    });
    await check.dmvic.validateCertificate(request);
  } catch (error) {
    if (!(error instanceof DmvicError) || error.retryable) {
      check.log.warn({ err: error, plate }, 'DMVIC did not validate before the invoice; the sale goes on');
      return;
    }
    if (error.code === 'DOUBLE_INSURANCE') {
      const existing =
        error.details.existingCover ??
        (await check.dmvic
          .validateInsurance({ registrationNumber: plate })
          .then((cover) => (cover ? { insurer: cover.insurer, validTo: cover.validTo } : null))
          .catch(() => null));
      if (existing)
        throw doubleInsuranceError({
          registrationNumber: plate,
          insurer: existing.insurer,
          validTo: existing.validTo,
        });
      throw new AppError('conflict', error.message, { code: 'DOUBLE_INSURANCE' });
    }
    const field = error.details.field ?? 'registrationNumber';
    if (error.code === 'NTSA_MISMATCH' || error.code === 'NTSA_NOT_FOUND') {
      const message =
        error.code === 'NTSA_NOT_FOUND'
          ? `${displayPlate(plate)} is not in NTSA's records. Check the registration number.`
          : `The ${NTSA_FIELD_NAMES[field] ?? field} does not match NTSA's records for ${displayPlate(plate)}.`;
      throw new AppError('invalid', message, {
        code: 'NTSA_MISMATCH',
        errors: [{ field: `vehicleDetails.${field}`, message }],
      });
    }
    if (error.code === 'INVALID_REQUEST') {
      // Something DMVIC will not take that the buyer can still correct: refused now, naming it, so
      // no paid certificate is left waiting for staff.
      const where = BUYER_FIELDS[field] ?? {
        path: `vehicleDetails.${field}`,
        words: NTSA_FIELD_NAMES[field] ?? field,
      };
      const message =
        field === 'phoneNumber'
          ? 'The certificate needs a Kenyan mobile number: change the phone in your details.'
          : `DMVIC needs a valid ${where.words} for the certificate of ${displayPlate(plate)}.`;
      throw new AppError('invalid', message, {
        code: 'DMVIC_DETAILS',
        errors: [{ field: where.path, message }],
      });
    }
    // A coverage gap, or anything else DMVIC says of its own: the sale goes on and issuance waits
    // for a person with DMVIC's reason.
    check.log.warn(
      { err: error, plate },
      'DMVIC refused the certificate before the invoice; the sale goes on',
    );
  }
}

/** The buyer's own details DMVIC may refuse, where the buyer corrects them. */
const BUYER_FIELDS: Record<string, { path: string; words: string }> = {
  phoneNumber: { path: 'kyc.phone', words: 'phone number' },
  email: { path: 'email', words: 'e-mail address' },
  kraPin: { path: 'kyc.kraPin', words: 'KRA PIN' },
  insuredName: { path: 'names', words: 'name' },
  sumInsured: { path: 'value', words: 'vehicle value' },
};

/** The vehicle's fields as DMVIC names them, in words. */
const NTSA_FIELD_NAMES: Record<string, string> = {
  registrationNumber: 'registration number',
  chassisNumber: 'chassis number',
  engineNumber: 'engine number',
  make: 'make',
  model: 'model',
  bodyType: 'body type',
  passengers: 'number of passengers',
  tonnage: 'tonnage',
};

/** DMVIC lets an intermediary cancel a certificate itself only this long after issue; later the insurer does. */
export const DMVIC_CANCEL_WINDOW_MS = 6 * 3_600_000;

/** The reasons as staff read them. */
const CANCEL_REASON_WORDS: Record<DmvicCancelReason, Bilingual> = {
  notTakenUp: { en: 'not taken up', sw: 'haikuchukuliwa' },
  vehicleSold: { en: 'vehicle sold', sw: 'gari limeuzwa' },
  nonPayment: { en: 'non-payment', sw: 'kutolipwa' },
  clientRequest: { en: 'at the insured’s request', sw: 'kwa ombi la mwenye bima' },
  writtenOff: { en: 'written off', sw: 'limeharibika kabisa' },
  stolen: { en: 'stolen', sw: 'limeibiwa' },
  suspectedFraud: { en: 'suspected fraud', sw: 'udanganyifu unaoshukiwa' },
  missingKyc: { en: 'missing KYC', sw: 'KYC haijakamilika' },
};

/** Certificates with their policy's number and insurer: what a cancellation tells staff and DMVIC. */
function certificatesWithInsurer(executor: Executor) {
  return executor
    .select({
      certificate: motorCertificates,
      underwriterId: insuranceProducts.underwriterId,
      policyNumber: policies.policyNumber,
    })
    .from(motorCertificates)
    .innerJoin(policies, eq(policies.id, motorCertificates.policyId))
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId));
}

/**
 * A motor policy's cancellation reaches its certificate, in the cancelling transaction (the one
 * function every cancellation calls: arrears, refund, the client's request): a certificate still
 * pending is simply not issued; one DMVIC issued under 6 hours ago is cancelled at DMVIC by the job
 * (with DMVIC's reason code); an older one becomes `cancel_requested` and the insurer's staff (and
 * admins) are asked to cancel it with DMVIC. The portal's own certificates from before DMVIC are cancelled.
 */
export async function cancelCertificateOfPolicy(
  tx: Tx,
  input: { policyId: number; reason: DmvicCancelReason; now: Date },
): Promise<CertificateRow['status'] | null> {
  // A monthly policy has a certificate a paid month (issue 31): each is cancelled, the last answered;
  // a past month's certificate has expired and needs nothing.
  const rows = await certificatesWithInsurer(tx)
    .where(eq(motorCertificates.policyId, input.policyId))
    .orderBy(asc(motorCertificates.id))
    .for('update', { of: motorCertificates });
  const today = kenyaToday(input.now);
  let last: CertificateRow['status'] | null = null;
  for (const row of rows) {
    if (row.certificate.monthNo !== null && row.certificate.endDate < today) continue;
    last = await cancelOneCertificate(tx, row, input);
  }
  return last ?? (rows.length > 0 ? rows.at(-1)!.certificate.status : null);
}

async function cancelOneCertificate(
  tx: Tx,
  row: { certificate: CertificateRow; underwriterId: string; policyNumber: string },
  input: { policyId: number; reason: DmvicCancelReason; now: Date },
): Promise<CertificateRow['status']> {
  const { certificate } = row;
  if (certificate.status === 'cancelled' || certificate.status === 'cancel_requested')
    return certificate.status;
  const set = (status: string, cancelledAt: Date | null) =>
    tx
      .update(motorCertificates)
      .set({ status, cancelledAt, cancelReason: input.reason, pendingReason: null, needsStaff: false })
      .where(eq(motorCertificates.id, certificate.id));
  if (certificate.status === 'pending' || certificate.issuer === 'BIMA') {
    await set('cancelled', input.now);
    return 'cancelled';
  }
  const issuedAt = certificate.issuedAt ?? certificate.createdAt;
  if (input.now.getTime() - issuedAt.getTime() < DMVIC_CANCEL_WINDOW_MS) {
    // Still ours to cancel: the job asks DMVIC after this commits (issued, with a cancel reason).
    await tx
      .update(motorCertificates)
      .set({ cancelReason: input.reason })
      .where(eq(motorCertificates.id, certificate.id));
    return 'issued';
  }
  await set('cancel_requested', null);
  await askInsurerToCancel(tx, { ...row, reason: input.reason });
  return 'cancel_requested';
}

async function askInsurerToCancel(
  tx: Executor,
  row: {
    certificate: CertificateRow;
    underwriterId: string;
    policyNumber: string;
    reason: DmvicCancelReason;
  },
) {
  const words = CANCEL_REASON_WORDS[row.reason];
  const number = row.certificate.certificateNumber ?? '';
  await notifyCertificateDesk(tx, row.underwriterId, {
    title: { en: `Cancel certificate ${number} with DMVIC`, sw: `Futa cheti ${number} kwenye DMVIC` },
    body: {
      en: `Policy ${row.policyNumber} was cancelled (${words.en}, DMVIC reason ${DMVIC_CANCEL_REASONS[row.reason]}). It was issued more than 6 hours ago, so only the insurer can cancel certificate ${number} with DMVIC.`,
      sw: `Sera ${row.policyNumber} imefutwa (${words.sw}, sababu ya DMVIC ${DMVIC_CANCEL_REASONS[row.reason]}). Cheti ${number} kilitolewa zaidi ya saa 6 zilizopita, kwa hivyo ni kampuni ya bima pekee inayoweza kukifuta kwenye DMVIC.`,
    },
  });
}

/** Tells the insurer's staff and the admins about certificates (low stock, a cancellation to make). */
async function notifyCertificateDesk(
  tx: Executor,
  underwriterId: string,
  message: { title: Bilingual; body: Bilingual },
) {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        or(
          and(eq(users.role, 'underwriter'), eq(users.underwriterId, underwriterId)),
          eq(users.role, 'admin'),
        ),
      ),
    );
  for (const person of staff) {
    await notify(tx, {
      userId: person.id,
      kind: 'certificate_desk',
      ...message,
      link: '/staff/policies#certificates',
    });
  }
}

/** The job's cancellations: certificates of cancelled policies issued under 6 hours ago, cancelled at DMVIC. */
export async function cancelCertificatesAtDmvic(context: CertificateContext): Promise<number> {
  const rows = await certificatesWithInsurer(context.db)
    .where(and(eq(motorCertificates.status, 'issued'), isNotNull(motorCertificates.cancelReason)))
    .orderBy(asc(motorCertificates.id))
    .limit(20);
  let cancelled = 0;
  for (const row of rows) {
    const reason = row.certificate.cancelReason as DmvicCancelReason;
    const number = row.certificate.certificateNumber!;
    const issuedAt = row.certificate.issuedAt ?? row.certificate.createdAt;
    const within = context.clock.now().getTime() - issuedAt.getTime() < DMVIC_CANCEL_WINDOW_MS;
    try {
      if (!within) throw new DmvicError('CANCEL_WINDOW_PASSED', 'The 6 hours after issue have passed.');
      await context.dmvic.cancelCertificate(number, reason);
      await context.db
        .update(motorCertificates)
        .set({ status: 'cancelled', cancelledAt: context.clock.now() })
        .where(and(eq(motorCertificates.id, row.certificate.id), eq(motorCertificates.status, 'issued')));
      cancelled += 1;
    } catch (error) {
      if (error instanceof DmvicError && error.retryable) {
        context.log.warn(
          { err: error, certificate: number },
          'DMVIC did not cancel the certificate yet; retried',
        );
        continue;
      }
      // The window passed (or DMVIC refused): the insurer cancels it.
      await context.db.transaction(async (tx) => {
        await tx
          .update(motorCertificates)
          .set({ status: 'cancel_requested' })
          .where(eq(motorCertificates.id, row.certificate.id));
        await askInsurerToCancel(tx, { ...row, reason });
      });
    }
  }
  return cancelled;
}

/** Certificate stock below this (per insurer and type) alerts the insurer's staff and the admins, once per low spell. */
export const LOW_CERTIFICATE_STOCK = 50;

/**
 * The stock job: each insurer's stock per type as DMVIC's MemberCompanyStock answers it, kept for
 * the staff page; a type falling below LOW_CERTIFICATE_STOCK alerts once until it is back above.
 */
export async function refreshCertificateStock(context: CertificateContext): Promise<void> {
  const insurers = await context.db
    .select({
      id: underwriters.id,
      name: underwriters.name,
      memberCompanyId: underwriters.dmvicMemberCompanyId,
    })
    .from(underwriters)
    .where(and(eq(underwriters.active, true), isNotNull(underwriters.dmvicMemberCompanyId)));
  for (const insurer of insurers) {
    let stock: DmvicStock[];
    try {
      stock = await context.dmvic.memberCompanyStock(insurer.memberCompanyId!);
    } catch (error) {
      context.log.warn({ err: error, insurer: insurer.id }, 'DMVIC stock not read; kept as last seen');
      continue;
    }
    const now = context.clock.now();
    for (const line of stock) {
      await context.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(certificateStock)
          .where(
            and(
              eq(certificateStock.underwriterId, insurer.id),
              eq(certificateStock.certificateType, line.type),
            ),
          )
          .for('update');
        const low = line.remaining < LOW_CERTIFICATE_STOCK;
        const lowSince = low ? (before?.lowSince ?? now) : null;
        await tx
          .insert(certificateStock)
          .values({
            underwriterId: insurer.id,
            certificateType: line.type,
            remaining: line.remaining,
            checkedAt: now,
            lowSince,
          })
          .onConflictDoUpdate({
            target: [certificateStock.underwriterId, certificateStock.certificateType],
            set: { remaining: line.remaining, checkedAt: now, lowSince },
          });
        if (low && !before?.lowSince) {
          await notifyCertificateDesk(tx, insurer.id, {
            title: {
              en: `${insurer.name}: ${line.remaining} type ${line.type} certificates left`,
              sw: `${insurer.name}: vyeti ${line.remaining} vya aina ${line.type} vimebaki`,
            },
            body: {
              en: `DMVIC certificate stock of type ${line.type} for ${insurer.name} is below ${LOW_CERTIFICATE_STOCK}. Allocate more at DMVIC before it runs out: certificates wait in the queue without stock.`,
              sw: `Vyeti vya DMVIC vya aina ${line.type} vya ${insurer.name} ni chini ya ${LOW_CERTIFICATE_STOCK}. Ongeza kwenye DMVIC kabla havijaisha: vyeti husubiri foleni bila akiba.`,
            },
          });
        }
      });
    }
  }
}

/** Staff's view of certificates: the queue of pending ones (with why) and the stock per insurer and type. */
export async function certificateDesk(db: Database, scope: { underwriterId: string | null }) {
  const mine = scope.underwriterId ? eq(insuranceProducts.underwriterId, scope.underwriterId) : undefined;
  const queue = await db
    .select({
      id: motorCertificates.id,
      policyNumber: policies.policyNumber,
      registrationNumber: motorCertificates.registrationNumber,
      insurer: motorCertificates.insurer,
      type: motorCertificates.certificateType,
      status: motorCertificates.status,
      reason: motorCertificates.pendingReason,
      needsStaff: motorCertificates.needsStaff,
      attempts: motorCertificates.attempts,
      nextAttemptAt: motorCertificates.nextAttemptAt,
      certificateNumber: motorCertificates.certificateNumber,
      createdAt: motorCertificates.createdAt,
    })
    .from(motorCertificates)
    .innerJoin(policies, eq(policies.id, motorCertificates.policyId))
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
    .where(and(inArray(motorCertificates.status, ['pending', 'cancel_requested']), mine))
    .orderBy(asc(motorCertificates.id))
    .limit(200);
  const stock = await db
    .select({
      underwriterId: certificateStock.underwriterId,
      insurer: underwriters.name,
      type: certificateStock.certificateType,
      remaining: certificateStock.remaining,
      checkedAt: certificateStock.checkedAt,
      low: sql<boolean>`${certificateStock.lowSince} is not null`,
    })
    .from(certificateStock)
    .innerJoin(underwriters, eq(underwriters.id, certificateStock.underwriterId))
    .where(scope.underwriterId ? eq(certificateStock.underwriterId, scope.underwriterId) : undefined)
    .orderBy(asc(underwriters.name), asc(certificateStock.certificateType));
  return {
    lowStockThreshold: LOW_CERTIFICATE_STOCK,
    queue: queue.map((row) => ({
      ...row,
      registrationNumber: displayPlate(row.registrationNumber),
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    stock: stock.map((row) => ({ ...row, checkedAt: row.checkedAt.toISOString() })),
  };
}

/** Staff's "Retry now": the pending certificate is due at once (and no longer waits for a person). */
export async function retryCertificateNow(db: Database, scope: { underwriterId: string | null }, id: number) {
  const [row] = await db
    .select({ id: motorCertificates.id, underwriterId: insuranceProducts.underwriterId })
    .from(motorCertificates)
    .innerJoin(policies, eq(policies.id, motorCertificates.policyId))
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
    .where(and(eq(motorCertificates.id, id), eq(motorCertificates.status, 'pending')));
  if (!row || (scope.underwriterId && row.underwriterId !== scope.underwriterId))
    throw new AppError('not_found', 'No pending certificate with this id.');
  await db
    .update(motorCertificates)
    .set({ nextAttemptAt: null, needsStaff: false })
    .where(eq(motorCertificates.id, id));
  return { id, status: 'pending' as const };
}
