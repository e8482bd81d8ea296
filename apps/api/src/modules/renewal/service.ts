import { and, asc, eq, gte, isNull, lte, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { policies, policyReminders, quotations, users } from '../../db/schema';
import { coverEndDate, kenyaToday } from '../../lib/dates';
import type { Services } from '../../services';
import { notify } from '../notification/service';

export interface RenewalContext {
  db: Database;
  services: Services;
  log: FastifyBaseLogger;
}

/** Whole days from one calendar date to another (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The reminder stage a policy is in: the smallest of `stages` (days before the end) that the days
 * left have reached, or null while the end is further away than every stage (or has passed).
 */
export function dueStage(daysLeft: number, stages: readonly number[]): number | null {
  if (daysLeft < 0) return null;
  const reached = stages.filter((stage) => daysLeft <= stage);
  return reached.length ? Math.min(...reached) : null;
}

const whenItEnds = (daysLeft: number) =>
  daysLeft === 0 ? 'ends today' : daysLeft === 1 ? 'ends tomorrow' : `ends in ${daysLeft} days`;

const readableDate = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/**
 * Tells clients whose policies end soon, once per policy and stage (30, 14 and 3 days before by
 * default): an in-app notification and its e-mail. A stage is recorded in the same transaction as
 * its notification, keyed by (policy, stage), so running the job again — or on several instances at
 * once — never repeats a reminder; a policy first seen inside a later stage gets only that one.
 * Returns how many reminders were sent.
 */
export async function sendRenewalReminders(
  context: RenewalContext,
  options: { stages: readonly number[]; today?: string },
): Promise<number> {
  const { db, services } = context;
  if (options.stages.length === 0) return 0;
  const today = options.today ?? kenyaToday();
  const horizon = coverEndDate(today, Math.max(...options.stages) + 1);
  const ending = await db
    .select({
      id: policies.id,
      policyNumber: policies.policyNumber,
      userId: policies.userId,
      endDate: policies.endDate,
      productName: quotations.productName,
      vehicle: quotations.vehicle,
    })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(users, eq(users.id, policies.userId))
    .where(
      and(
        gte(policies.endDate, today),
        lte(policies.endDate, horizon),
        ne(users.status, 'DISABLED'),
        // A cancelled policy has nothing to renew.
        isNull(policies.cancelledAt),
      ),
    )
    .orderBy(asc(policies.endDate), asc(policies.id));

  let sent = 0;
  for (const policy of ending) {
    const daysLeft = daysBetween(today, policy.endDate);
    const stage = dueStage(daysLeft, options.stages);
    if (stage === null) continue;
    const wasSent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(policyReminders)
        .values({ policyId: policy.id, daysBefore: stage })
        .onConflictDoNothing()
        .returning({ policyId: policyReminders.policyId });
      if (!claimed) return false;
      const registration = policy.vehicle.registrationNumber;
      const what = typeof registration === 'string' && registration ? ` for ${registration}` : '';
      await notify(tx, {
        userId: policy.userId,
        kind: 'renewal_due',
        title: `Policy ${policy.policyNumber} ${whenItEnds(daysLeft)}`,
        body: `Your ${policy.productName} cover${what} ends on ${readableDate(policy.endDate)}. Renew before then to stay covered: get this year's prices and pay by M-Pesa.`,
        link: `/newportal/products/${policy.id}`,
        email: { baseUrl: services.publicBaseUrl },
      });
      return true;
    });
    if (wasSent) sent += 1;
  }
  if (sent > 0) context.log.info({ sent, today }, 'renewal reminders sent');
  return sent;
}
