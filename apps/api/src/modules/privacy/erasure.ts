import { randomBytes } from 'node:crypto';
import { type ErasureRefusal, PRIVACY_MESSAGES } from '@bima/domain';
import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { verifyPassword } from '../../auth/passwords';
import { AUTH_RATE_RULES } from '../../auth/rate-limiter';
import { announceEndedSessions, revokeSessions } from '../../auth/sessions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  assessments,
  auditLog,
  cartItems,
  chatMessageFiles,
  chatMessages,
  chatPresence,
  claimSettlements,
  claims,
  clients,
  consents,
  conversations,
  erasureRequests,
  files,
  helpRequests,
  identityChecks,
  invoices,
  journeyDrafts,
  loans,
  mailQueue,
  motorCertificates,
  notificationPreferences,
  notifications,
  outboxEmails,
  outboxSms,
  payments,
  policies,
  productInterest,
  quotations,
  recommendations,
  refreshTokens,
  schoolChildren,
  sessions,
  smsQueue,
  standingOrders,
  unallocatedReceipts,
  users,
  ussdPhones,
  ussdSessions,
  verifications,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';
import { createFileStorage } from '../files/storage';
import { walletBalance } from '../ledger/service';

const OPEN_CLAIM_STATUSES = ['REPORTED', 'DOCUMENTS_PENDING', 'UNDER_ASSESSMENT', 'APPROVED'];
const OPEN_LOAN_STATUSES = ['AWAITING_DEPOSIT', 'PENDING', 'ACTIVE'];

/** The name kept records carry once the person is erased. */
export const erasedName = (reference: string) => ({ firstName: 'Erased client', lastName: reference });
const erasedEmail = (reference: string) => `erased-${reference.toLowerCase()}@erased.invalid`;

const REFUSAL_WORDS: Record<ErasureRefusal, { en: string; sw: string }> = {
  OPEN_CLAIM: { en: 'a claim is open', sw: 'dai liko wazi' },
  OPEN_LOAN: { en: 'a loan is open', sw: 'mkopo uko wazi' },
  MONEY_HELD: { en: 'the portal holds money for them', sw: 'tovuti inamshikilia pesa' },
  PENDING_PAYMENT: { en: 'a payment is being confirmed', sw: 'malipo yanathibitishwa' },
};

/** What stops an erasure now, or null: an open claim, an open loan, money held for the client, a payment in flight. */
async function refusalOf(db: Database, userId: string): Promise<ErasureRefusal | null> {
  const [openClaim] = await db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.userId, userId), inArray(claims.status, OPEN_CLAIM_STATUSES)))
    .limit(1);
  if (openClaim) return 'OPEN_CLAIM';
  const [openLoan] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.status, OPEN_LOAN_STATUSES)))
    .limit(1);
  if (openLoan) return 'OPEN_LOAN';
  const [pending] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')))
    .limit(1);
  if (pending) return 'PENDING_PAYMENT';
  const [heldReceipt] = await db
    .select({ id: unallocatedReceipts.id })
    .from(unallocatedReceipts)
    .where(and(eq(unallocatedReceipts.userId, userId), eq(unallocatedReceipts.status, 'OPEN')))
    .limit(1);
  if (heldReceipt || (await walletBalance(db, userId)) !== 0) return 'MONEY_HELD';
  return null;
}

/**
 * Closes the signed-in client's account and erases their personal data (Data Protection Act 2019,
 * s. 40), after their password. Refused, with nothing changed but the refused request recorded, while
 * a claim or loan is open, money is held for them or a payment is in flight.
 *
 * Kept, with the person replaced by the reference "Erased client C-…": the account row (so policies,
 * claims, payments and the ledger still point somewhere), policies and their certificates, the
 * quotations and invoices behind them, claims with their steps, payouts and files, payments (phone
 * hashed), the ledger (untouched, so it stays balanced), loans, help requests and recommendations
 * (names, e-mail and KRA PIN replaced), consent decisions and the audit log (profile details emptied).
 * Deleted: sign-in (password, e-mail, phone; sessions revoked, refresh tokens and codes removed), the
 * KYC details (KRA PIN, ID, phone, address), quotations never invoiced, the cart, drafts, the
 * assessment and its shares, chats with their files, other uploads not tied to a kept claim,
 * notifications and preferences, school links, product-interest sign-ups and the mail and text
 * messages kept for the address and phone.
 */
export async function closeAccount(
  context: { db: Database; services: Services; config: Config; principal: Principal },
  input: { password: string },
) {
  const { db, services, config, principal } = context;
  const userId = principal.userId;
  const limitKey = `privacy:close:${userId}`;
  await services.limiter.hit(AUTH_RATE_RULES.passwordChangePerAccount, [limitKey]);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('invalid', PRIVACY_MESSAGES.passwordWrong, {
      errors: [{ field: 'password', message: PRIVACY_MESSAGES.passwordWrong }],
    });
  }
  await services.limiter.reset([limitKey]);
  const [client] = await db.select().from(clients).where(eq(clients.userId, userId));
  const reference = `C-${randomBytes(4).toString('hex').toUpperCase()}`;
  const requested = {
    action: 'client/privacy/requestErasure',
    entityType: 'user',
    entityId: userId,
  } as const;

  const refusal = await refusalOf(db, userId);
  if (refusal) {
    await db.transaction(async (tx) => {
      await tx.insert(erasureRequests).values({ userId, reference, status: 'REFUSED', refusalCode: refusal });
      await recordAudit(tx, principal, {
        ...requested,
        details: { refused: refusal },
        summary: {
          en: `Asked for their account to be closed and their personal data erased: refused for now, as ${REFUSAL_WORDS[refusal].en}`,
          sw: `Aliomba akaunti yake ifungwe na data yake binafsi ifutwe: imekataliwa kwa sasa, kwa kuwa ${REFUSAL_WORDS[refusal].sw}`,
        },
      });
    });
    throw new AppError('conflict', PRIVACY_MESSAGES[refusal], { code: refusal });
  }

  const storage = createFileStorage(config);
  const name = erasedName(reference);
  const email = erasedEmail(reference);
  const phones = [user.phone, client?.phone].filter((phone): phone is string => Boolean(phone));
  const { removedKeys, ended } = await db.transaction(async (tx) => {
    await recordAudit(tx, principal, {
      ...requested,
      summary: {
        en: 'Asked for their account to be closed and their personal data erased',
        sw: 'Aliomba akaunti yake ifungwe na data yake binafsi ifutwe',
      },
    });
    // Sign-in ends: the account can no longer be found by its e-mail, has no password, and every session is revoked.
    await tx
      .update(users)
      .set({
        ...name,
        email,
        passwordHash: null,
        status: 'ERASED',
        phone: null,
        phoneVerifiedAt: null,
        disabledAt: new Date(),
      })
      .where(eq(users.id, userId));
    const sessionIds = tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    await tx.delete(refreshTokens).where(inArray(refreshTokens.sessionId, sessionIds));
    const ended = await revokeSessions(tx, { userId }, 'account closed');
    await tx.update(sessions).set({ device: {} }).where(eq(sessions.userId, userId));
    await tx.delete(verifications).where(eq(verifications.userId, userId));
    await tx
      .update(clients)
      .set({ kraPin: 'N/A', phone: null, address: null, idType: null, idNumber: null, updatedAt: new Date() })
      .where(eq(clients.userId, userId));

    // What the client was quoted but never invoiced goes; what an invoice, policy or claim rests on stays.
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    const invoiced = tx
      .select({ id: invoices.quotationId })
      .from(invoices)
      .where(eq(invoices.userId, userId));
    await tx
      .delete(quotations)
      .where(and(eq(quotations.userId, userId), notInArray(quotations.id, invoiced)));
    await tx
      .update(quotations)
      .set({
        clientDetails: sql`jsonb_build_object('email', ${email}::text, 'names', jsonb_build_object('firstName', ${name.firstName}::text, 'lastName', ${name.lastName}::text), 'kraPin', 'N/A', 'clientType', ${quotations.clientDetails}->'clientType')`,
      })
      .where(eq(quotations.userId, userId));
    const policyIds = tx.select({ id: policies.id }).from(policies).where(eq(policies.userId, userId));
    await tx
      .update(motorCertificates)
      .set({ insuredName: `${name.firstName} ${name.lastName}` })
      .where(inArray(motorCertificates.policyId, policyIds));
    // A phone kept on a money record (an M-Pesa payment or payout) is replaced by its SHA-256.
    await tx
      .update(payments)
      .set({ phone: sql`'sha256:' || encode(sha256(convert_to(${payments.phone}, 'UTF8')), 'hex')` })
      .where(and(eq(payments.userId, userId), sql`${payments.phone} not like 'sha256:%'`));
    // So is a monthly policy's standing order's (issue 31): its debits are matched by reference, not phone.
    await tx
      .update(standingOrders)
      .set({ phone: sql`'sha256:' || encode(sha256(convert_to(${standingOrders.phone}, 'UTF8')), 'hex')` })
      .where(and(eq(standingOrders.userId, userId), sql`${standingOrders.phone} not like 'sha256:%'`));
    const claimIds = tx.select({ id: claims.id }).from(claims).where(eq(claims.userId, userId));
    await tx
      .update(claimSettlements)
      .set({ phone: sql`'sha256:' || encode(sha256(convert_to(${claimSettlements.phone}, 'UTF8')), 'hex')` })
      .where(and(inArray(claimSettlements.claimId, claimIds), sql`${claimSettlements.phone} is not null`));
    await tx
      .update(helpRequests)
      .set({
        clientFirstName: name.firstName,
        clientLastName: name.lastName,
        clientEmail: email,
        clientKraPin: 'N/A',
      })
      .where(or(eq(helpRequests.userId, userId), eq(helpRequests.clientEmail, user.email)));
    await tx
      .update(recommendations)
      .set({ clientEmail: email })
      .where(eq(recommendations.clientUserId, userId));

    // Chats go with their files; other uploads not tied to a kept claim go too.
    const conversationIds = (
      await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.clientUserId, userId))
    ).map((row) => row.id);
    const keptClaimIds = (
      await tx.select({ id: claims.id }).from(claims).where(eq(claims.userId, userId))
    ).map((row) => String(row.id));
    const goneFiles = await tx
      .select({ id: files.id, storageKey: files.storageKey })
      .from(files)
      .where(
        or(
          conversationIds.length
            ? and(
                eq(files.ownerKind, 'chat'),
                inArray(
                  files.ownerId,
                  conversationIds.map((id) => String(id)),
                ),
              )
            : undefined,
          and(
            eq(files.uploadedBy, userId),
            keptClaimIds.length
              ? sql`not (${files.ownerKind} = 'claim' and ${inArray(files.ownerId, keptClaimIds)})`
              : undefined,
          ),
        ),
      );
    if (conversationIds.length) {
      await tx.delete(chatMessageFiles).where(inArray(chatMessageFiles.conversationId, conversationIds));
    }
    if (goneFiles.length) {
      await tx.delete(chatMessageFiles).where(
        inArray(
          chatMessageFiles.fileId,
          goneFiles.map((file) => file.id),
        ),
      );
      await tx.delete(files).where(
        inArray(
          files.id,
          goneFiles.map((file) => file.id),
        ),
      );
    }
    if (conversationIds.length) {
      await tx.delete(chatMessages).where(inArray(chatMessages.conversationId, conversationIds));
      await tx.delete(conversations).where(inArray(conversations.id, conversationIds));
    }
    await tx.delete(chatPresence).where(eq(chatPresence.userId, userId));

    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(journeyDrafts).where(eq(journeyDrafts.userId, userId));
    await tx.delete(assessments).where(eq(assessments.userId, userId));
    await tx.delete(identityChecks).where(eq(identityChecks.userId, userId));
    await tx.delete(schoolChildren).where(eq(schoolChildren.userId, userId));
    await tx.delete(productInterest).where(eq(productInterest.email, user.email));
    await tx.delete(mailQueue).where(eq(mailQueue.to, user.email));
    await tx.delete(outboxEmails).where(eq(outboxEmails.to, user.email));
    if (phones.length) await tx.delete(outboxSms).where(inArray(outboxSms.to, phones));
    // The text messages queued for the account or its phones (a retry row first: it points at its original).
    const theirTexts = phones.length
      ? or(eq(smsQueue.userId, userId), inArray(smsQueue.to, phones))
      : eq(smsQueue.userId, userId);
    await tx.delete(smsQueue).where(and(theirTexts, sql`${smsQueue.retryOf} is not null`));
    await tx.delete(smsQueue).where(theirTexts);
    // What the phones did on USSD (sessions, the language chosen). A STOP stays: it is the phone's wish.
    if (phones.length) {
      await tx.delete(ussdSessions).where(inArray(ussdSessions.phone, phones));
      await tx.delete(ussdPhones).where(inArray(ussdPhones.phone, phones));
    }
    // The client's own profile changes in the audit log keep what happened, not the old names or addresses.
    await tx
      .update(auditLog)
      .set({ details: {}, changes: [] })
      .where(
        and(
          eq(auditLog.entityType, 'user'),
          eq(auditLog.entityId, userId),
          sql`${auditLog.action} like 'client/profile/%'`,
        ),
      );
    // Consents given end with the account; the decisions stay as the proof of what was agreed.
    const given = await tx
      .select({
        purpose: consents.purpose,
        scope: consents.scope,
        granted: consents.granted,
        id: consents.id,
      })
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(consents.id);
    const latest = new Map(given.map((row) => [`${row.purpose}:${row.scope}`, row]));
    for (const row of latest.values()) {
      if (!row.granted) continue;
      await tx.insert(consents).values({
        userId,
        purpose: row.purpose,
        scope: row.scope,
        granted: false,
        channel: 'privacy',
        wordingVersion: 'account-closed',
      });
    }
    await tx
      .insert(erasureRequests)
      .values({ userId, reference, status: 'COMPLETED', completedAt: new Date() });
    await recordAudit(tx, null, {
      action: 'client/privacy/erasureCompleted',
      entityType: 'user',
      entityId: userId,
      details: { reference },
      summary: {
        en: `Closed the account and erased the personal data of a client: policies, claims, payments and the ledger are kept under ${reference}`,
        sw: `Akaunti ya mteja imefungwa na data yake binafsi imefutwa: sera, madai, malipo na leja zimehifadhiwa chini ya ${reference}`,
      },
    });
    return { removedKeys: goneFiles.map((file) => file.storageKey), ended };
  });
  // Chat sockets open on any instance close now, not when their token expires.
  await announceEndedSessions(services.bus, ended);
  // The bytes go after the rows (a failure leaves only unreachable bytes, never a row without its file).
  for (const key of removedKeys) await storage.delete(key).catch(() => undefined);
  return { closed: true, reference };
}

/** The client's privacy requests, newest first (the Privacy screen shows a refused one's reason). */
export async function listErasureRequests(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.userId, userId))
    .orderBy(sql`${erasureRequests.id} desc`)
    .limit(10);
  return rows.map((row) => ({
    reference: row.reference,
    status: row.status as 'COMPLETED' | 'REFUSED',
    refusal: row.refusalCode as ErasureRefusal | null,
    message: row.refusalCode ? PRIVACY_MESSAGES[row.refusalCode as ErasureRefusal] : null,
    requestedAt: row.requestedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  }));
}
