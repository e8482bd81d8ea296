import { coverMonths } from '@bima/domain';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, policies } from '../../db/schema';
import { kenyaToday } from '../../lib/dates';

/*
 * The claims desk's check of a monthly-paid policy (issue 31): cover runs month by month as it is
 * paid, so a claim's incident falls either within a paid month's cover or in a month not paid (the
 * desk sees it flagged "Not in a paid month"). A month's cover runs from its first day — or, paid
 * late within the grace, from the day it was paid (cover is never backdated) — to its last day.
 */

/** A day's months covered, from the policy's dates and its paid month invoices. */
export function paidCover(
  policy: { startDate: string; endDate: string },
  paid: ReadonlyArray<{ monthNo: number; paidAt: Date | null }>,
): Array<{ from: string; to: string }> {
  const months = coverMonths(policy.startDate, policy.endDate);
  return paid.flatMap((invoice) => {
    const month = months[invoice.monthNo - 1];
    if (!month) return [];
    const paidDay = invoice.paidAt ? kenyaToday(invoice.paidAt) : month.from;
    // Month 1 is paid before its cover starts (the policy is issued from the payment); a later month paid late covers from the pay day.
    const from = invoice.monthNo > 1 && paidDay > month.from ? paidDay : month.from;
    return from <= month.to ? [{ from, to: month.to }] : [];
  });
}

/**
 * For each claim, whether its incident date is within a paid month's cover of its monthly policy
 * (true), in a month not paid (false), or null when the policy is paid annually.
 */
export async function incidentsInPaidMonths(
  db: Database,
  claimsToCheck: ReadonlyArray<{ id: number; policyId: number; incidentDate: string }>,
): Promise<Map<number, boolean | null>> {
  const answer = new Map<number, boolean | null>(claimsToCheck.map((claim) => [claim.id, null]));
  const policyIds = [...new Set(claimsToCheck.map((claim) => claim.policyId))];
  if (policyIds.length === 0) return answer;
  const monthly = await db
    .select({
      id: policies.id,
      invoiceId: policies.invoiceId,
      startDate: policies.startDate,
      endDate: policies.endDate,
    })
    .from(policies)
    .where(and(inArray(policies.id, policyIds), eq(policies.paymentPlan, 'monthly')));
  if (monthly.length === 0) return answer;
  const paid = await db
    .select({
      id: invoices.id,
      policyId: invoices.policyId,
      monthNo: invoices.monthNo,
      paidAt: invoices.paidAt,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.status, 'PAID'),
        or(
          inArray(
            invoices.policyId,
            monthly.map((policy) => policy.id),
          ),
          inArray(
            invoices.id,
            monthly.map((policy) => policy.invoiceId),
          ),
        ),
      ),
    );
  const cover = new Map(
    monthly.map((policy) => [
      policy.id,
      paidCover(
        policy,
        paid
          .filter((invoice) => invoice.policyId === policy.id || invoice.id === policy.invoiceId)
          .map((invoice) => ({ monthNo: invoice.monthNo ?? 1, paidAt: invoice.paidAt })),
      ),
    ]),
  );
  for (const claim of claimsToCheck) {
    const months = cover.get(claim.policyId);
    if (!months) continue;
    answer.set(
      claim.id,
      months.some((month) => month.from <= claim.incidentDate && claim.incidentDate <= month.to),
    );
  }
  return answer;
}
