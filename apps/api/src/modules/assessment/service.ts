import {
  ASSESSMENT_COVER_LABELS,
  ASSESSMENT_MESSAGES,
  type AssessmentAnswers,
  type AssessmentPricing,
  assessmentAnswersSchema,
  assessNeeds,
  budgetVerdict,
  type CoverType,
  mapAssessmentAmounts,
} from '@bima/domain';
import { centsToWholeShillings, shillingsToCents } from '@bima/domain/money';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  assessmentShares,
  assessments,
  conversations,
  helpRequestIntermediaries,
  helpRequests,
  intermediaries,
  quotations,
  users,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { pageInfo } from '../../lib/search';
import { recordConsent } from '../privacy/consents';
import { coversRisk, defaultPeriod, loadProducts, priceProduct } from '../product/service';

/** The cheapest live product's premium for a suggestion, in whole shillings, or null when none can price it. */
async function estimate(db: Database, pricing: AssessmentPricing) {
  const products = await loadProducts(db, {
    classCode: pricing.insuranceClass,
    coverTypes: [pricing.coverType as CoverType],
  });
  let best: { premium: number; productName: string; underwriter: string; periodDays: number } | null = null;
  for (const loaded of products) {
    if (!coversRisk(loaded.product, pricing.sumInsured)) continue;
    try {
      const quote = priceProduct(loaded, {
        vehicleValue: pricing.sumInsured,
        risk: pricing.risk,
        periodDays: defaultPeriod(loaded.rating),
        selectedBenefits: [],
        excesses: [],
      });
      const premium = centsToWholeShillings(quote.total);
      if (!best || premium < best.premium) {
        best = {
          premium,
          productName: loaded.product.name,
          underwriter: loaded.underwriter.name,
          periodDays: quote.periodDays,
        };
      }
    } catch (error) {
      // A product whose rules refuse this risk simply does not offer it.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return best;
}

/**
 * The answers and result as the API answers them (issue 29: cents on the wire): the one presenter of
 * an assessment. The answers are kept, and the result worked out, in whole shillings.
 */
async function presentAssessment(db: Database, answers: AssessmentAnswers) {
  const result = await evaluateAssessment(db, answers);
  const cents = (shillings: number | null) => (shillings === null ? null : shillingsToCents(shillings));
  return {
    answers: mapAssessmentAmounts(answers, shillingsToCents),
    result: {
      suggestions: result.suggestions.map((suggestion) => ({
        ...suggestion,
        sumInsured: shillingsToCents(suggestion.sumInsured),
        estimate: suggestion.estimate
          ? { ...suggestion.estimate, premium: shillingsToCents(suggestion.estimate.premium) }
          : null,
      })),
      annualTotal: cents(result.annualTotal),
      budget: {
        ...result.budget,
        monthlyBudget: shillingsToCents(result.budget.monthlyBudget),
        monthlyEquivalent: cents(result.budget.monthlyEquivalent),
      },
    },
  };
}

/**
 * The assessment's result: each suggested cover with why, what is missing, its "Get a quote" link
 * and, where our engine can price it, the cheapest live product's annual premium; then whether the
 * covers the client lacks fit the monthly budget.
 */
export async function evaluateAssessment(db: Database, answers: AssessmentAnswers) {
  const suggestions = await Promise.all(
    assessNeeds({ answers }).map(async ({ pricing, ...suggestion }) => ({
      ...suggestion,
      name: ASSESSMENT_COVER_LABELS[suggestion.cover],
      estimate: pricing ? await estimate(db, pricing) : null,
    })),
  );
  const priced = suggestions.filter((suggestion) => !suggestion.isCovered && suggestion.estimate);
  const annualTotal = priced.length
    ? priced.reduce((sum, suggestion) => sum + (suggestion.estimate?.premium ?? 0), 0)
    : null;
  return {
    suggestions,
    annualTotal,
    budget: {
      monthlyBudget: answers.monthlyBudget,
      ...budgetVerdict({ annualTotal, monthlyBudget: answers.monthlyBudget }),
    },
  };
}

/** The ACTIVE firms a client already works with: a help request, a chat or a recommended quotation. */
async function linkedFirms(db: Database, userId: string) {
  const [requested, chatted, quoted] = await Promise.all([
    db
      .select({ id: helpRequestIntermediaries.intermediaryId })
      .from(helpRequestIntermediaries)
      .innerJoin(helpRequests, eq(helpRequests.id, helpRequestIntermediaries.helpRequestId))
      .where(eq(helpRequests.userId, userId)),
    db
      .select({ id: conversations.intermediaryId })
      .from(conversations)
      .where(and(eq(conversations.clientUserId, userId), eq(conversations.kind, 'firm'))),
    db
      .select({ id: quotations.intermediaryId })
      .from(quotations)
      .where(and(eq(quotations.userId, userId), isNotNull(quotations.intermediaryId))),
  ]);
  const ids = [...new Set([...requested, ...chatted, ...quoted].map((row) => row.id))].filter(
    (id): id is number => id !== null,
  );
  if (ids.length === 0) return [];
  return db
    .select({
      id: intermediaries.id,
      name: intermediaries.intermediaryNames,
      category: intermediaries.category,
    })
    .from(intermediaries)
    .where(and(inArray(intermediaries.id, ids), eq(intermediaries.status, 'ACTIVE')))
    .orderBy(asc(intermediaries.intermediaryNames));
}

/** The client's own assessment (answers null before the first save), its result and its shares. */
export async function getAssessment(db: Database, userId: string) {
  const [row] = await db.select().from(assessments).where(eq(assessments.userId, userId));
  const firms = await linkedFirms(db, userId);
  const shares = row
    ? await db
        .select({ intermediaryId: assessmentShares.intermediaryId, sharedAt: assessmentShares.sharedAt })
        .from(assessmentShares)
        .where(and(eq(assessmentShares.clientUserId, userId), isNull(assessmentShares.revokedAt)))
    : [];
  const sharedAt = new Map(shares.map((share) => [share.intermediaryId, share.sharedAt.toISOString()]));
  const kept = row ? assessmentAnswersSchema.parse(row.answers) : null;
  const presented = kept ? await presentAssessment(db, kept) : null;
  return {
    answers: presented?.answers ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    result: presented?.result ?? null,
    intermediaries: firms.map((firm) => ({
      ...firm,
      isShared: sharedAt.has(firm.id),
      sharedAt: sharedAt.get(firm.id) ?? null,
    })),
  };
}

/**
 * Saves (creates or replaces) the client's answers, sent in cents and kept in whole shillings, then
 * answers as `getAssessment`.
 */
export async function saveAssessment(db: Database, userId: string, sent: AssessmentAnswers) {
  const answers = mapAssessmentAmounts(sent, centsToWholeShillings);
  await db
    .insert(assessments)
    .values({ userId, answers })
    .onConflictDoUpdate({ target: assessments.userId, set: { answers, updatedAt: sql`now()` } });
  return getAssessment(db, userId);
}

/**
 * Shares the assessment with a firm the client works with (consent recorded, again after a revoke
 * starts a new consent). No assessment yet: 404; a firm the client does not work with: 409.
 */
export async function shareAssessment(db: Database, userId: string, intermediaryId: number) {
  const [row] = await db
    .select({ userId: assessments.userId })
    .from(assessments)
    .where(eq(assessments.userId, userId));
  if (!row) throw new AppError('not_found', ASSESSMENT_MESSAGES.notFound);
  const firms = await linkedFirms(db, userId);
  if (!firms.some((firm) => firm.id === intermediaryId)) {
    throw new AppError('conflict', ASSESSMENT_MESSAGES.notLinked, { code: 'NOT_LINKED' });
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(assessmentShares)
      .values({ clientUserId: userId, intermediaryId })
      .onConflictDoUpdate({
        target: [assessmentShares.clientUserId, assessmentShares.intermediaryId],
        set: { sharedAt: sql`now()`, revokedAt: null },
        setWhere: sql`${assessmentShares.revokedAt} is not null`,
      });
    await recordConsent(tx, {
      userId,
      purpose: 'assessment_sharing',
      scope: intermediaryId,
      granted: true,
      channel: 'assessment',
    });
  });
  return getAssessment(db, userId);
}

/**
 * Withdraws the client's consent for a firm (nothing shared: no change), from the Assessment screen
 * or the Privacy screen (`channel`).
 */
export async function unshareAssessment(
  db: Database,
  userId: string,
  intermediaryId: number,
  channel: 'assessment' | 'privacy' = 'assessment',
) {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(assessmentShares)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(assessmentShares.clientUserId, userId),
          eq(assessmentShares.intermediaryId, intermediaryId),
          isNull(assessmentShares.revokedAt),
        ),
      )
      .returning({ id: assessmentShares.id });
    if (ended.length > 0)
      await recordConsent(tx, {
        userId,
        purpose: 'assessment_sharing',
        scope: intermediaryId,
        granted: false,
        channel,
      });
  });
  return getAssessment(db, userId);
}

const sharedWith = (firmId: number) =>
  and(eq(assessmentShares.intermediaryId, firmId), isNull(assessmentShares.revokedAt));

/** An intermediary's firm's shared assessments, most recently shared first, paged. */
export async function listSharedAssessments(
  db: Database,
  principal: Principal,
  paging: { page: number; pageSize: number },
) {
  const firmId = principal.intermediaryId ?? -1;
  const [{ total = 0 } = {}] = await db
    .select({ total: count() })
    .from(assessmentShares)
    .where(sharedWith(firmId));
  const rows = await db
    .select({
      id: assessmentShares.id,
      sharedAt: assessmentShares.sharedAt,
      updatedAt: assessments.updatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(assessmentShares)
    .innerJoin(assessments, eq(assessments.userId, assessmentShares.clientUserId))
    .innerJoin(users, eq(users.id, assessmentShares.clientUserId))
    .where(sharedWith(firmId))
    .orderBy(desc(assessmentShares.sharedAt), desc(assessmentShares.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return {
    items: rows.map((row) => ({
      id: row.id,
      clientName: `${row.firstName} ${row.lastName}`,
      email: row.email,
      sharedAt: row.sharedAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    ...pageInfo(total, paging),
  };
}

/** One assessment shared with the caller's firm, read-only; another firm's or a revoked one is 404. */
export async function getSharedAssessment(db: Database, principal: Principal, id: number) {
  const [row] = await db
    .select({
      id: assessmentShares.id,
      sharedAt: assessmentShares.sharedAt,
      answers: assessments.answers,
      updatedAt: assessments.updatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(assessmentShares)
    .innerJoin(assessments, eq(assessments.userId, assessmentShares.clientUserId))
    .innerJoin(users, eq(users.id, assessmentShares.clientUserId))
    .where(and(eq(assessmentShares.id, id), sharedWith(principal.intermediaryId ?? -1)));
  if (!row) throw new AppError('not_found', ASSESSMENT_MESSAGES.sharedNotFound);
  const presented = await presentAssessment(db, assessmentAnswersSchema.parse(row.answers));
  return {
    id: row.id,
    clientName: `${row.firstName} ${row.lastName}`,
    email: row.email,
    sharedAt: row.sharedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...presented,
  };
}

/**
 * The share id of a client's assessment shared with a firm (the firm's link to it from the client's
 * help request), or null when the client has not shared it or stopped sharing.
 */
export async function sharedAssessmentIdOf(db: Database, clientUserId: string | null, firmId: number) {
  if (!clientUserId) return null;
  const [share] = await db
    .select({ id: assessmentShares.id })
    .from(assessmentShares)
    .where(and(eq(assessmentShares.clientUserId, clientUserId), sharedWith(firmId)));
  return share?.id ?? null;
}
