import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  assessmentShares,
  assessments,
  cartItems,
  chatMessages,
  claimEvents,
  claimSettlements,
  claims,
  clients,
  conversations,
  erasureRequests,
  files,
  helpRequests,
  identityChecks,
  invoices,
  journeyDrafts,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  loans,
  motorCertificates,
  notificationPreferences,
  notifications,
  payments,
  policies,
  quotations,
  recommendations,
  schoolChildren,
  sessions,
  unallocatedReceipts,
  users,
} from '../../db/schema';
import type { Language } from '../../lib/language';
import type { ZipEntry } from '../../lib/zip';
import type { FileStorage } from '../files/storage';
import { loadDocumentBrand } from '../policy/document-brand';
import { renderPolicySchedule } from '../policy/documents';
import { getPolicyView } from '../policy/service';
import { clientAccountsCondition } from '../wallet/service';
import { listConsents } from './consents';

/** A file name safe inside the archive: letters, digits, spaces and . _ ( ) - only (no folders). */
const safeName = (name: string) => name.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 120) || 'file';

/**
 * Everything the portal holds about a client, as data: the account and KYC, consents, quotations,
 * invoices, policies and their certificates, claims with their steps, payouts and files, payments,
 * the ledger lines of their accounts, loans, chats, help requests, recommendations, the assessment,
 * notifications and preferences, drafts, the cart, sessions (devices) and privacy requests.
 * Amounts are integer cents, as the portal keeps them.
 */
export async function collectClientData(db: Database, userId: string) {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  const [kyc] = await db.select().from(clients).where(eq(clients.userId, userId));
  const { passwordHash: _omitted, ...profile } =
    account ?? ({ passwordHash: null } as typeof users.$inferSelect);
  const claimRows = await db.select().from(claims).where(eq(claims.userId, userId)).orderBy(asc(claims.id));
  const claimIds = claimRows.map((claim) => claim.id);
  const conversationRows = await db
    .select()
    .from(conversations)
    .where(eq(conversations.clientUserId, userId))
    .orderBy(asc(conversations.id));
  const conversationIds = conversationRows.map((conversation) => conversation.id);
  const policyRows = await db
    .select()
    .from(policies)
    .where(eq(policies.userId, userId))
    .orderBy(asc(policies.id));
  const ledgerLines = await db
    .select({
      transactionId: ledgerTransactions.id,
      occurredAt: ledgerTransactions.occurredAt,
      kind: ledgerTransactions.kind,
      description: ledgerTransactions.description,
      reference: ledgerTransactions.reference,
      account: ledgerAccounts.code,
      amountCents: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(clientAccountsCondition(userId))
    .orderBy(asc(ledgerTransactions.id), asc(ledgerEntries.id));
  // Files the client uploaded and the files of their claims and chats (whoever uploaded them).
  const fileRows = await db
    .select()
    .from(files)
    .where(
      or(
        eq(files.uploadedBy, userId),
        claimIds.length
          ? and(
              eq(files.ownerKind, 'claim'),
              inArray(
                files.ownerId,
                claimIds.map((id) => String(id)),
              ),
            )
          : undefined,
        conversationIds.length
          ? and(
              eq(files.ownerKind, 'chat'),
              inArray(
                files.ownerId,
                conversationIds.map((id) => String(id)),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(files.createdAt));
  return {
    data: {
      exportedAt: new Date().toISOString(),
      about:
        'Everything Bima Portal holds about you (Data Protection Act 2019, section 26). Amounts are in cents: divide by 100 for Kenya shillings.',
      profile,
      kyc: kyc ?? null,
      consents: (await listConsents(db, userId)).history,
      identityChecks: await db
        .select()
        .from(identityChecks)
        .where(eq(identityChecks.userId, userId))
        .orderBy(asc(identityChecks.id)),
      quotations: await db
        .select()
        .from(quotations)
        .where(eq(quotations.userId, userId))
        .orderBy(asc(quotations.id)),
      invoices: await db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.id)),
      policies: policyRows,
      certificates: policyRows.length
        ? await db
            .select()
            .from(motorCertificates)
            .where(
              inArray(
                motorCertificates.policyId,
                policyRows.map((policy) => policy.id),
              ),
            )
        : [],
      claims: claimRows,
      claimEvents: claimIds.length
        ? await db
            .select()
            .from(claimEvents)
            .where(inArray(claimEvents.claimId, claimIds))
            .orderBy(asc(claimEvents.id))
        : [],
      claimSettlements: claimIds.length
        ? await db.select().from(claimSettlements).where(inArray(claimSettlements.claimId, claimIds))
        : [],
      files: fileRows.map(({ storageKey: _key, ...file }) => ({
        ...file,
        inArchive: `files/${file.id}-${safeName(file.name)}`,
      })),
      payments: await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.id)),
      unallocatedReceipts: await db
        .select()
        .from(unallocatedReceipts)
        .where(eq(unallocatedReceipts.userId, userId)),
      ledgerLines,
      loans: await db.select().from(loans).where(eq(loans.userId, userId)).orderBy(asc(loans.id)),
      conversations: conversationRows,
      chatMessages: conversationIds.length
        ? await db
            .select()
            .from(chatMessages)
            .where(inArray(chatMessages.conversationId, conversationIds))
            .orderBy(asc(chatMessages.id))
        : [],
      helpRequests: await db.select().from(helpRequests).where(eq(helpRequests.userId, userId)),
      recommendations: await db
        .select()
        .from(recommendations)
        .where(eq(recommendations.clientUserId, userId)),
      assessment: (await db.select().from(assessments).where(eq(assessments.userId, userId)))[0] ?? null,
      assessmentShares: await db
        .select()
        .from(assessmentShares)
        .where(eq(assessmentShares.clientUserId, userId)),
      notifications: await db.select().from(notifications).where(eq(notifications.userId, userId)),
      notificationPreferences: await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId)),
      journeyDrafts: await db.select().from(journeyDrafts).where(eq(journeyDrafts.userId, userId)),
      cart: await db.select().from(cartItems).where(eq(cartItems.userId, userId)),
      schoolChildren: await db.select().from(schoolChildren).where(eq(schoolChildren.userId, userId)),
      sessions: await db
        .select({
          id: sessions.id,
          device: sessions.device,
          createdAt: sessions.createdAt,
          revokedAt: sessions.revokedAt,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId)),
      privacyRequests: await db.select().from(erasureRequests).where(eq(erasureRequests.userId, userId)),
    },
    files: fileRows,
    policyIds: policyRows.map((policy) => policy.id),
  };
}

/**
 * The client's archive, entry by entry (for `writeZip`): `my-data.json`, each policy's schedule as
 * PDF under `policies/`, and every file under `files/`. One document is in memory at a time.
 */
export async function* clientArchiveEntries(options: {
  db: Database;
  storage: FileStorage;
  userId: string;
  language: Language;
}): AsyncGenerator<ZipEntry> {
  const { db, storage, userId, language } = options;
  const collected = await collectClientData(db, userId);
  yield {
    name: 'my-data.json',
    data: Buffer.from(JSON.stringify(collected.data, null, 2), 'utf8'),
  };
  for (const policyId of collected.policyIds) {
    const policy = await getPolicyView(db, userId, { id: policyId });
    const pdf = await renderPolicySchedule(policy, language, await loadDocumentBrand(db, policy));
    yield { name: `policies/policy-schedule-${policy.policyNumber.replace(/[/\\]/g, '-')}.pdf`, data: pdf };
  }
  for (const file of collected.files) {
    const bytes = await storage.get(file.storageKey).catch(() => null);
    if (bytes) yield { name: `files/${file.id}-${safeName(file.name)}`, data: bytes };
  }
}
