import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { codeBudgets } from '../db/schema';
import type { Clock } from '../lib/clock';

const DAY_MS = 86_400_000;

/**
 * The account's budget of one-time-code guesses, across all its references (sign-up, reset, e-mail
 * and phone change): at most `wrongPerDay` wrong codes per business day, after which no code of the
 * account is compared for a day (the right one included). Kept in the database row of the account
 * (table code_budgets) and counted by one conditional upsert before any comparison, so concurrent
 * guesses on any number of instances cannot outrun it; days and the pause follow the business clock.
 */
export interface CodeBudget {
  db: Database;
  clock: Clock;
  wrongPerDay: number;
}

export interface Charge {
  subject: string;
  day: string;
  /** Guesses counted so far on this day, this one included. */
  count: number;
}

/** Counts one guess before it is compared; null when the budget is spent or paused (compare nothing). */
export async function chargeCodeGuess(budget: CodeBudget, subject: string): Promise<Charge | null> {
  const day = budget.clock.today();
  const now = budget.clock.now();
  const [row] = await budget.db
    .insert(codeBudgets)
    .values({ subject, day, wrong: 1 })
    .onConflictDoUpdate({
      target: codeBudgets.subject,
      set: {
        wrong: sql`case when ${codeBudgets.day} = excluded.day then ${codeBudgets.wrong} + 1 else 1 end`,
        day: sql`excluded.day`,
      },
      setWhere: and(
        or(isNull(codeBudgets.pausedUntil), lte(codeBudgets.pausedUntil, now)),
        or(sql`${codeBudgets.day} <> excluded.day`, sql`${codeBudgets.wrong} < ${budget.wrongPerDay}`),
      ),
    })
    .returning({ wrong: codeBudgets.wrong });
  return row ? { subject, day, count: row.wrong } : null;
}

/** Takes back a counted guess that was right, or never compared. */
export async function refundCodeGuess(budget: CodeBudget, charge: Charge): Promise<void> {
  await budget.db
    .update(codeBudgets)
    .set({ wrong: sql`${codeBudgets.wrong} - 1` })
    .where(
      and(eq(codeBudgets.subject, charge.subject), eq(codeBudgets.day, charge.day), gt(codeBudgets.wrong, 0)),
    );
}

/**
 * After a wrong guess that used up the day's budget: pauses the account's codes for a business day.
 * True only for the one call that started the pause (so the owner is told once).
 */
export async function pauseWhenSpent(budget: CodeBudget, charge: Charge): Promise<boolean> {
  if (charge.count < budget.wrongPerDay) return false;
  const now = budget.clock.now();
  const started = await budget.db
    .update(codeBudgets)
    .set({ pausedUntil: new Date(now.getTime() + DAY_MS) })
    .where(
      and(
        eq(codeBudgets.subject, charge.subject),
        or(isNull(codeBudgets.pausedUntil), lte(codeBudgets.pausedUntil, now)),
      ),
    )
    .returning({ subject: codeBudgets.subject });
  return started.length > 0;
}
