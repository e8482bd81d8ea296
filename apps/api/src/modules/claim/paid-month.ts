import { coveredFrom, coverMonths } from '@bima/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { policies } from '../../db/schema';
import { kenyaToday } from '../../lib/dates';
import { monthInvoicesOf } from '../monthly/months';

/*
 * The claims desk's check of a monthly-paid policy (issue 31): cover runs month by month as it is
 * paid, so a claim's incident falls either within a paid month's cover or in a month not paid (the
 * desk sees it flagged "Not in a paid month"). A month's cover runs from its first day — or, paid
 * late within the grace, from the day it was paid (cover is never backdated) — to its last day.
 */

/** The days each paid month covers, from the policy's dates and its paid month invoices. */
export function paidCover(
  policy: { startDate: string; endDate: string },
  paid: ReadonlyArray<{ monthNo: number; paidAt: Date | null }>,
): Array<{ from: string; to: string }> {
  const months = coverMonths(policy.startDate, policy.endDate);
  return paid.flatMap((invoice) => {
    const month = months[invoice.monthNo - 1];
    if (!month) return [];
    return [
      { from: coveredFrom(month, invoice.paidAt ? kenyaToday(invoice.paidAt) : month.from), to: month.to },
    ];
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
  const monthInvoices = await monthInvoicesOf(db, monthly);
  const cover = new Map(
    monthly.map((policy) => [
      policy.id,
      paidCover(
        policy,
        (monthInvoices.get(policy.id) ?? [])
          .filter((invoice) => invoice.status === 'PAID')
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
