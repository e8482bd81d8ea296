import { type JourneyProductLine, journeyStateSchemaOf, type SaveJourneyDraftInput } from '@bima/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { journeyDrafts } from '../../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface JourneyDraftView {
  productLine: JourneyProductLine;
  /** The line's journey, as its own schema reads it. */
  state: SaveJourneyDraftInput['state'];
  updatedAt: string;
}

/** Keeps the client's latest journey of a product line (one row each; a newer one replaces it). */
export async function saveDraft(
  db: Database,
  userId: string,
  input: SaveJourneyDraftInput,
): Promise<{ productLine: JourneyProductLine; updatedAt: string }> {
  const now = new Date();
  await db
    .insert(journeyDrafts)
    .values({ userId, productLine: input.productLine, state: input.state, updatedAt: now })
    .onConflictDoUpdate({
      target: [journeyDrafts.userId, journeyDrafts.productLine],
      set: { state: input.state, updatedAt: now },
    });
  return { productLine: input.productLine, updatedAt: now.toISOString() };
}

/**
 * The client's draft of a product line, or null. A stored journey the schema no longer accepts (an
 * older shape, or one of another line) is read as none and removed, so a client never restores half of one.
 */
export async function getDraft(
  db: Database,
  userId: string,
  productLine: JourneyProductLine,
): Promise<{ draft: JourneyDraftView | null }> {
  const where = and(eq(journeyDrafts.userId, userId), eq(journeyDrafts.productLine, productLine));
  const [row] = await db.select().from(journeyDrafts).where(where);
  if (!row) return { draft: null };
  const state = journeyStateSchemaOf(productLine).safeParse(row.state);
  if (!state.success) {
    await db.delete(journeyDrafts).where(where);
    return { draft: null };
  }
  return { draft: { productLine, state: state.data, updatedAt: row.updatedAt.toISOString() } };
}

export async function deleteDraft(
  db: Database | Tx,
  userId: string,
  productLine: JourneyProductLine,
): Promise<{ deleted: boolean }> {
  const removed = await db
    .delete(journeyDrafts)
    .where(and(eq(journeyDrafts.userId, userId), eq(journeyDrafts.productLine, productLine)))
    .returning({ userId: journeyDrafts.userId });
  return { deleted: removed.length > 0 };
}
