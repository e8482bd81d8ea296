import {
  checkCoverStartDate,
  MOTOR_PRIVATE_CLASS_CODE,
  normaliseRegistration,
  type PriceProductsInput,
  RECOMMENDATION_MESSAGES,
  type RecommendationItemInput,
  type SendRecommendationInput,
} from '@bima/domain';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  helpRequestEvents,
  helpRequestIntermediaries,
  helpRequests,
  intermediaries,
  quotations,
  recommendations,
  users,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { coverEndDate, kenyaToday } from '../../lib/dates';
import { makeRef } from '../../lib/refs';
import { pageInfo, pageWindow } from '../../lib/search';
import { recommendationEmail } from '../../mail/templates';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';
import type { DoubleInsuranceCheck } from '../certificate/service';
import { getClientDetails } from '../client/service';
import { inboxScope } from '../help-request/service';
import { type NotificationText, notify } from '../notification/service';
import { createAccountSetupLink } from '../password-setup/service';
import { presentQuote, storedQuote } from '../product/present';
import { type LoadedProduct, loadProducts, productInLanguage } from '../product/service';
import {
  invoiceQuotation,
  isQuotationExpired,
  presentQuotationRow,
  priceChoices,
  quotationQuery,
  storedChoices,
} from '../quotation/service';

const M = RECOMMENDATION_MESSAGES;
const requestRows = helpRequestIntermediaries;

export interface RecommendationContext {
  db: Database;
  config: Config;
  services: Services;
  log?: FastifyBaseLogger;
}

/** The caller's firm's request row (every row for an admin) with its request and firm; else 404. */
async function findScopedRow(db: Database, principal: Principal, id: number) {
  const [found] = await db
    .select({ row: requestRows, request: helpRequests, firm: intermediaries })
    .from(requestRows)
    .innerJoin(helpRequests, eq(helpRequests.id, requestRows.helpRequestId))
    .innerJoin(intermediaries, eq(intermediaries.id, requestRows.intermediaryId))
    .where(and(eq(requestRows.id, id), inboxScope(principal)));
  if (!found) throw new AppError('not_found', 'Request not found.');
  return found;
}

/** Loads a product and prices the intermediary's choices for the request's vehicle value (cents). */
async function priceItem(
  db: Database,
  vehicleValue: number,
  item: { productSystemRef: string; coverPeriod: number } & Pick<
    RecommendationItemInput,
    'additionalBenefits' | 'excesses'
  >,
  field: string,
): Promise<{ loaded: LoadedProduct; quote: ReturnType<typeof priceChoices>; vehicleValue: number }> {
  const [loaded] = await loadProducts(db, { productSystemRef: item.productSystemRef });
  if (!loaded) {
    const message = 'This product is no longer available.';
    throw new AppError('invalid', message, { errors: [{ field: `${field}.productSystemRef`, message }] });
  }
  // A help request describes a private vehicle (plate, chassis, value): other classes' products
  // need a risk of their own to be priced and a policy of their class to be issued.
  if (loaded.product.classCode !== MOTOR_PRIVATE_CLASS_CODE) {
    const message = M.motorPrivateOnly;
    throw new AppError('invalid', message, { errors: [{ field: `${field}.productSystemRef`, message }] });
  }
  const value = loaded.product.coverType === 'third-party' ? 0 : vehicleValue;
  try {
    const quote = priceChoices(loaded, value, { ...item, valueField: `${field}.productSystemRef` });
    return { loaded, quote, vehicleValue: value };
  } catch (error) {
    // The engine names its own fields (e.g. 'excesses.0.amount'): put them under the item.
    if (error instanceof AppError && error.kind === 'invalid') {
      throw new AppError('invalid', error.message, {
        errors: error.errors.map((entry) => ({
          field: entry.field.startsWith(field) ? entry.field : `${field}.${entry.field}`,
          message: entry.message,
        })),
      });
    }
    throw error;
  }
}

/**
 * Prices products for a request's vehicle, as the client's own quote would (same engine path, the
 * product's live version), one answer per product: the quote, or why it cannot be offered.
 */
export async function priceProducts(db: Database, principal: Principal, input: PriceProductsInput) {
  const { request } = await findScopedRow(db, principal, input.requestId);
  const choicesOf = new Map(input.choices.map((choice) => [choice.productSystemRef, choice]));
  const quotes = [];
  for (const [index, productSystemRef] of input.productSystemRefs.entries()) {
    const choice = choicesOf.get(productSystemRef);
    try {
      const { loaded, quote } = await priceItem(
        db,
        request.riskValue,
        {
          productSystemRef,
          coverPeriod: input.coverPeriod,
          additionalBenefits: choice?.additionalBenefits ?? [],
          excesses: choice?.excesses ?? [],
        },
        `productSystemRefs.${index}`,
      );
      quotes.push({
        productSystemRef,
        ok: true as const,
        productVersion: loaded.product.version,
        quote: presentQuote(loaded, quote),
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'invalid') throw error;
      quotes.push({ productSystemRef, ok: false as const, message: error.message, errors: error.errors });
    }
  }
  return {
    requestId: input.requestId,
    vehicleValue: request.riskValue,
    coverPeriod: input.coverPeriod,
    quotes,
  };
}

/**
 * The client a recommendation goes to: the signed-in client who sent the request or, for a request
 * from a signed-out visitor (who proved the e-mail with a code), the client account of that e-mail.
 * A visitor without one gets a pending client account (no password, the request's names): signing
 * up with that e-mail proves it again with a code and completes that same account, so the
 * recommendation is waiting in its portal. An e-mail that belongs to staff, or to a disabled
 * client, is a 409.
 */
async function recipientOf(db: Database, request: typeof helpRequests.$inferSelect) {
  const find = async () =>
    (
      await db
        .select()
        .from(users)
        .where(request.userId ? eq(users.id, request.userId) : eq(users.email, request.clientEmail))
    )[0];
  let user = await find();
  if (!user && !request.userId) {
    await db
      .insert(users)
      .values({
        email: request.clientEmail,
        firstName: request.clientFirstName,
        lastName: request.clientLastName,
      })
      .onConflictDoNothing();
    user = await find();
  }
  if (user?.role !== 'client' || user.status === 'DISABLED') {
    throw new AppError('conflict', M.clientUnavailable(request.clientEmail), {
      code: 'CLIENT_UNAVAILABLE',
    });
  }
  return user;
}

const cannotQuote = () => new AppError('conflict', M.cannotQuote, { code: 'INVALID_TRANSITION' });

/**
 * Sends the client a recommendation: one system quotation per item, priced on the server with the
 * product's live version for the request's vehicle, marked with the firm and purchase type
 * 'recommendation'. The request row goes PENDING | IN_REVIEW → QUOTED (409 from any other state,
 * past its expiry or for a suspended firm), with its history and an audit entry; then the client
 * is e-mailed a link to /review/<id>.
 */
export async function sendRecommendation(
  context: RecommendationContext,
  principal: Principal,
  input: SendRecommendationInput,
) {
  const { db, config, services } = context;
  const { request, firm } = await findScopedRow(db, principal, input.requestId);
  const today = kenyaToday();
  if (request.expiry < today || firm.status !== 'ACTIVE') throw cannotQuote();
  const client = await recipientOf(db, request);

  const priced: Array<{ item: RecommendationItemInput } & Awaited<ReturnType<typeof priceItem>>> = [];
  for (const [index, item] of input.items.entries()) {
    const problem = checkCoverStartDate({ startDate: item.startDate, today });
    if (problem) {
      throw new AppError('invalid', problem, {
        errors: [{ field: `items.${index}.startDate`, message: problem }],
      });
    }
    priced.push({ item, ...(await priceItem(db, request.riskValue, item, `items.${index}`)) });
  }
  const kyc = await getClientDetails(db, client.id);
  const validDays = config.QUOTATION_VALID_DAYS;

  const base = config.PUBLIC_BASE_URL.replace(/\/$/, '');
  const { recommendation, rows, mailId } = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(requestRows)
      .where(eq(requestRows.id, input.requestId))
      .for('update');
    if (!row || (row.status !== 'PENDING' && row.status !== 'IN_REVIEW')) throw cannotQuote();
    await tx
      .update(requestRows)
      .set({ status: 'QUOTED', updatedAt: new Date() })
      .where(eq(requestRows.id, row.id));
    await tx.insert(helpRequestEvents).values({
      requestIntermediaryId: row.id,
      fromStatus: row.status,
      toStatus: 'QUOTED',
      actorUserId: principal.userId,
    });
    const [recommendation] = await tx
      .insert(recommendations)
      .values({
        systemRef: makeRef('REC'),
        helpRequestIntermediaryId: row.id,
        intermediaryId: row.intermediaryId,
        clientUserId: client.id,
        clientEmail: request.clientEmail,
        note: input.note,
        sentBy: principal.userId,
      })
      .returning();
    const rows = await tx
      .insert(quotations)
      .values(
        priced.map(({ item, loaded, quote, vehicleValue }) => ({
          systemQuotationRef: makeRef('QT'),
          userId: client.id,
          productId: loaded.product.id,
          productSystemRef: loaded.product.productSystemRef,
          productVersion: loaded.product.version,
          productName: loaded.product.name,
          underwriterName: loaded.underwriter.name,
          classCode: loaded.product.classCode,
          coverType: loaded.product.coverType,
          vehicleValue,
          periodDays: item.coverPeriod,
          startDate: item.startDate,
          endDate: coverEndDate(item.startDate, item.coverPeriod),
          expiresAt: new Date(Date.now() + validDays * 86_400_000),
          ...storedChoices(item),
          breakdown: storedQuote(loaded, quote),
          total: quote.total,
          vehicle: {
            registrationNumber: normaliseRegistration(request.regNo),
            chassisNumber: request.chassisNumber,
          },
          clientDetails: {
            email: kyc.email,
            names: kyc.names,
            kraPin: kyc.kraPin && kyc.kraPin !== 'N/A' ? kyc.kraPin : request.clientKraPin,
            phone: kyc.phone,
            address: kyc.address,
            clientType: kyc.clientType,
          },
          purchaseType: 'recommendation',
          recommendationId: recommendation!.id,
          intermediaryId: row.intermediaryId,
        })),
      )
      .returning();
    await recordAudit(tx, principal, {
      action: 'intermediary/recommendation/sendRecommendation',
      entityType: 'recommendation',
      entityId: recommendation!.id,
      details: {
        requestIntermediaryId: row.id,
        intermediaryId: row.intermediaryId,
        from: row.status,
        to: 'QUOTED',
        quotations: rows.map((quotation) => ({
          systemQuotationRef: quotation.systemQuotationRef,
          productSystemRef: quotation.productSystemRef,
          productVersion: quotation.productVersion,
          total: quotation.total,
        })),
      },
    });
    // A client without a password (an account this request created) gets a single-use link that
    // sets one and then opens the review; others follow the review link (through sign-in).
    const reviewLink = client.passwordHash
      ? `${base}/review/${recommendation!.id}`
      : await createAccountSetupLink(tx, context, {
          userId: client.id,
          email: client.email,
          next: `/review/${recommendation!.id}`,
          now: services.clock.now(),
        });
    // The e-mail is queued with the recommendation (unless the client switched it off) and sent below.
    const { mailId } = await notify(tx, {
      userId: client.id,
      kind: 'recommendation_received',
      title: {
        en: `${firm.intermediaryNames} sent you a recommendation`,
        sw: `${firm.intermediaryNames} amekutumia pendekezo`,
      },
      body: {
        en: `${firm.intermediaryNames} answered your quotation request ${request.requestSystemRef} with ${rows.length} ${rows.length === 1 ? 'quotation' : 'quotations'}. Review it to accept and pay, or decline it.`,
        sw: `${firm.intermediaryNames} amejibu ombi lako la nukuu ${request.requestSystemRef} kwa ${rows.length === 1 ? 'nukuu 1' : `nukuu ${rows.length}`}. Lipitie ili ulikubali na kulipa, au ulikatae.`,
      },
      link: `/newportal/client-quotation-review/${recommendation!.id}`,
      email: {
        baseUrl: base,
        compose: (recipient) =>
          recommendationEmail({
            to: client.email,
            firstName: client.firstName,
            intermediaryNames: firm.intermediaryNames,
            requestSystemRef: request.requestSystemRef,
            note: recommendation!.note,
            // The underwriter's product name in the recipient's language (issue 14); rows follow `priced`.
            products: rows.map((quotation, index) => ({
              productName:
                recipient.language === 'sw' && priced[index]
                  ? productInLanguage(priced[index].loaded, 'sw').product.name
                  : quotation.productName,
              underwriter: quotation.underwriterName,
              premium: quotation.total,
            })),
            reviewUrl: reviewLink,
            needsAccount: !client.passwordHash,
            language: recipient.language,
          }),
      },
    });
    return { recommendation: recommendation!, rows, mailId };
  });

  // Sent at once after the commit; a mail server that fails leaves it queued for the worker.
  if (mailId !== null)
    await services.mailer.deliver([mailId]).catch((err: unknown) => {
      context.log?.error(
        { err, recommendationId: recommendation.id },
        'could not send a recommendation e-mail',
      );
    });
  return {
    id: recommendation.id,
    systemRef: recommendation.systemRef,
    status: recommendation.status,
    requestId: input.requestId,
    requestStatus: 'QUOTED' as const,
    reviewUrl: `${base}/review/${recommendation.id}`,
    quotations: rows.map((quotation) => ({
      systemQuotationRef: quotation.systemQuotationRef,
      productSystemRef: quotation.productSystemRef,
      productName: quotation.productName,
      underwriter: quotation.underwriterName,
      premium: quotation.total,
      period: quotation.periodDays,
      startDate: quotation.startDate,
      expiresAt: quotation.expiresAt.toISOString(),
    })),
  };
}

type RecommendationHead = {
  recommendation: typeof recommendations.$inferSelect;
  firm: { id: number; intermediaryNames: string; profileImage: string | null };
  requestSystemRef: string;
};

function headQuery(db: Database) {
  return db
    .select({
      recommendation: recommendations,
      firm: {
        id: intermediaries.id,
        intermediaryNames: intermediaries.intermediaryNames,
        profileImage: intermediaries.profileImage,
      },
      requestSystemRef: helpRequests.requestSystemRef,
    })
    .from(recommendations)
    .innerJoin(intermediaries, eq(intermediaries.id, recommendations.intermediaryId))
    .innerJoin(requestRows, eq(requestRows.id, recommendations.helpRequestIntermediaryId))
    .innerJoin(helpRequests, eq(helpRequests.id, requestRows.helpRequestId));
}

function presentHead(head: RecommendationHead) {
  const { recommendation } = head;
  return {
    id: recommendation.id,
    systemRef: recommendation.systemRef,
    status: recommendation.status,
    requestSystemRef: head.requestSystemRef,
    intermediary: head.firm,
    note: recommendation.note,
    rejectionReason: recommendation.rejectionReason,
    createdAt: recommendation.createdAt.toISOString(),
    decidedAt: recommendation.decidedAt?.toISOString() ?? null,
  };
}

/** The client's received recommendations, newest first, each with its quotations in brief. */
export async function listClientRecommendations(
  db: Database,
  userId: string,
  paging: { page: number; pageSize: number },
) {
  const { limit, offset } = pageWindow(paging);
  const heads = await headQuery(db)
    .where(eq(recommendations.clientUserId, userId))
    .orderBy(desc(recommendations.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db
    .select({ total: count() })
    .from(recommendations)
    .where(eq(recommendations.clientUserId, userId));
  const ids = heads.map((head) => head.recommendation.id);
  const items =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(quotations)
          .where(inArray(quotations.recommendationId, ids))
          .orderBy(asc(quotations.id));
  return {
    items: heads.map((head) => ({
      ...presentHead(head),
      quotations: items
        .filter((quotation) => quotation.recommendationId === head.recommendation.id)
        .map((quotation) => ({
          systemQuotationRef: quotation.systemQuotationRef,
          productSystemRef: quotation.productSystemRef,
          productName: quotation.productName,
          underwriter: quotation.underwriterName,
          coverType: quotation.coverType,
          premium: quotation.total,
          period: quotation.periodDays,
          startDate: quotation.startDate,
          expiresAt: quotation.expiresAt.toISOString(),
          isExpired: isQuotationExpired(quotation),
          accepted: head.recommendation.acceptedQuotationId === quotation.id,
        })),
    })),
    ...pageInfo(Number(counted?.total ?? 0), paging),
  };
}

const notFound = () => new AppError('not_found', M.notFound);

/** One of the client's recommendations with its quotations in full; anyone else's is 404. */
export async function getClientRecommendation(db: Database, userId: string, id: number) {
  const [head] = await headQuery(db).where(
    and(eq(recommendations.id, id), eq(recommendations.clientUserId, userId)),
  );
  if (!head) throw notFound();
  const rows = await quotationQuery(db)
    .where(and(eq(quotations.recommendationId, id), eq(quotations.userId, userId)))
    .orderBy(asc(quotations.id));
  return {
    ...presentHead(head),
    quotations: rows.map((row) => ({
      ...presentQuotationRow(row),
      accepted: head.recommendation.acceptedQuotationId === row.quotation.id,
    })),
  };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Locks the client's recommendation for a decision; anyone else's is 404. */
async function lockOwn(tx: Tx, userId: string, id: number) {
  const [recommendation] = await tx
    .select()
    .from(recommendations)
    .where(and(eq(recommendations.id, id), eq(recommendations.clientUserId, userId)))
    .for('update');
  if (!recommendation) throw notFound();
  return recommendation;
}

/** Tells every active user of the recommending firm (in the app and by e-mail) what the client decided. */
async function notifyFirm(
  tx: Tx,
  recommendation: { intermediaryId: number; helpRequestIntermediaryId: number },
  baseUrl: string,
  message: {
    kind: 'recommendation_accepted' | 'recommendation_rejected';
    title: NotificationText;
    body: NotificationText;
  },
) {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.intermediaryId, recommendation.intermediaryId), eq(users.status, 'ACTIVE')));
  for (const member of staff) {
    await notify(tx, {
      userId: member.id,
      ...message,
      link: `/staff/requests/${recommendation.helpRequestIntermediaryId}`,
      email: { baseUrl },
    });
  }
}

/** QUOTED → ACCEPTED | REJECTED on the firm's request row, with its history. */
async function decideRequestRow(tx: Tx, rowId: number, to: 'ACCEPTED' | 'REJECTED', userId: string) {
  const moved = await tx
    .update(requestRows)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(requestRows.id, rowId), eq(requestRows.status, 'QUOTED')))
    .returning({ id: requestRows.id });
  if (moved.length > 0) {
    await tx
      .insert(helpRequestEvents)
      .values({ requestIntermediaryId: rowId, fromStatus: 'QUOTED', toStatus: to, actorUserId: userId });
  }
}

const accepted = (id: number, invoice: Awaited<ReturnType<typeof invoiceQuotation>>) => ({
  id,
  status: 'ACCEPTED' as const,
  systemQuotationRef: invoice.systemQuotationRef,
  invoiceSystemRef: invoice.invoiceSystemRef,
  amount: invoice.amount,
  invoiceStatus: invoice.status,
});

/**
 * Accepts one quotation of a recommendation: the recommendation ACCEPTED, the request row ACCEPTED
 * and the invoice made from the system quotation (completeQuotation's rule: an expired quotation is
 * 409 QUOTATION_EXPIRED and nothing changes). Accepting the accepted quotation again answers its
 * invoice; another quotation of an accepted recommendation, or a rejected one, is 409.
 */
export async function acceptRecommendation(
  db: Database,
  principal: Principal,
  input: { id: number; systemQuotationRef: string },
  baseUrl: string,
  check: DoubleInsuranceCheck,
) {
  return db.transaction(async (tx) => {
    const recommendation = await lockOwn(tx, principal.userId, input.id);
    const [quotation] = await tx
      .select()
      .from(quotations)
      .where(
        and(
          eq(quotations.recommendationId, recommendation.id),
          eq(quotations.systemQuotationRef, input.systemQuotationRef),
        ),
      );
    if (!quotation) {
      throw new AppError('not_found', M.notInRecommendation, {
        errors: [{ field: 'systemQuotationRef', message: M.notInRecommendation }],
      });
    }
    if (recommendation.status === 'REJECTED') {
      throw new AppError('conflict', M.alreadyRejected, { code: 'INVALID_TRANSITION' });
    }
    if (recommendation.status === 'ACCEPTED') {
      if (recommendation.acceptedQuotationId !== quotation.id) {
        throw new AppError('conflict', M.alreadyAccepted, { code: 'INVALID_TRANSITION' });
      }
      return accepted(recommendation.id, await invoiceQuotation(tx, quotation, check));
    }
    await tx
      .update(recommendations)
      .set({ status: 'ACCEPTED', decidedAt: new Date(), acceptedQuotationId: quotation.id })
      .where(eq(recommendations.id, recommendation.id));
    await decideRequestRow(tx, recommendation.helpRequestIntermediaryId, 'ACCEPTED', principal.userId);
    // Throws QUOTATION_EXPIRED for an expired price, which rolls the acceptance back.
    const invoice = await invoiceQuotation(tx, quotation, check);
    await notifyFirm(tx, recommendation, baseUrl, {
      kind: 'recommendation_accepted',
      title: {
        en: `Recommendation ${recommendation.systemRef} accepted`,
        sw: `Pendekezo ${recommendation.systemRef} limekubaliwa`,
      },
      body: {
        en: `The client accepted ${quotation.productName} (${quotation.underwriterName}) from recommendation ${recommendation.systemRef}; invoice ${invoice.invoiceSystemRef} awaits payment.`,
        sw: `Mteja amekubali ${quotation.productName} (${quotation.underwriterName}) kutoka kwa pendekezo ${recommendation.systemRef}; ankara ${invoice.invoiceSystemRef} inasubiri malipo.`,
      },
    });
    await recordAudit(tx, principal, {
      action: 'underwriting/quotation/acceptReccommendation',
      entityType: 'recommendation',
      entityId: recommendation.id,
      details: {
        systemQuotationRef: quotation.systemQuotationRef,
        invoiceSystemRef: invoice.invoiceSystemRef,
      },
    });
    return accepted(recommendation.id, invoice);
  });
}

/**
 * Rejects a recommendation with the client's reason (shown to the intermediary in getRequest): the
 * recommendation and the request row REJECTED. An accepted or already rejected one is 409.
 */
export async function rejectRecommendation(
  db: Database,
  principal: Principal,
  input: { id: number; reason: string },
  baseUrl: string,
) {
  await db.transaction(async (tx) => {
    const recommendation = await lockOwn(tx, principal.userId, input.id);
    if (recommendation.status === 'ACCEPTED') {
      throw new AppError('conflict', M.alreadyAccepted, { code: 'INVALID_TRANSITION' });
    }
    if (recommendation.status === 'REJECTED') {
      throw new AppError('conflict', M.alreadyRejected, { code: 'INVALID_TRANSITION' });
    }
    await tx
      .update(recommendations)
      .set({ status: 'REJECTED', decidedAt: new Date(), rejectionReason: input.reason })
      .where(eq(recommendations.id, recommendation.id));
    await decideRequestRow(tx, recommendation.helpRequestIntermediaryId, 'REJECTED', principal.userId);
    await notifyFirm(tx, recommendation, baseUrl, {
      kind: 'recommendation_rejected',
      title: {
        en: `Recommendation ${recommendation.systemRef} declined`,
        sw: `Pendekezo ${recommendation.systemRef} limekataliwa`,
      },
      body: {
        en: `The client declined recommendation ${recommendation.systemRef}: ${input.reason}`,
        sw: `Mteja amekataa pendekezo ${recommendation.systemRef}: ${input.reason}`,
      },
    });
    await recordAudit(tx, principal, {
      action: 'underwriting/quotation/acceptOrRejectQuotationRequest',
      entityType: 'recommendation',
      entityId: recommendation.id,
      details: { decision: 'REJECT', reason: input.reason },
    });
  });
  return getClientRecommendation(db, principal.userId, input.id);
}
