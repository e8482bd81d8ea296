import type { NotificationKind } from '@bima/domain';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationPreferences, notifications, smsOptOuts, users } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { type Bilingual, type Language, languageOf } from '../../lib/language';
import { pageInfo, pageWindow } from '../../lib/search';
import { enqueueMail } from '../../mail/queue';
import { type EmailMessage, notificationEmail } from '../../mail/templates';
import { enqueueSms } from '../../sms/queue';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The e-mail part of a notification; sent only when the user has not switched the kind's e-mail off. */
export interface NotificationEmailOption {
  /** PUBLIC_BASE_URL: links in the e-mail are absolute. */
  baseUrl: string;
  /** A message of its own (e.g. the recommendation's); by default the title, body and link. */
  compose?: (recipient: { email: string; firstName: string; language: Language }) => EmailMessage;
}

/**
 * A notification's text: in both languages (written in the recipient's at creation), or a plain
 * string shown as it is to everyone (text that is not ours to translate, e.g. a chat preview).
 */
export type NotificationText = Bilingual | string;

/** `text` in `language`. */
export function textIn(text: NotificationText, language: Language): string {
  return typeof text === 'string' ? text : text[language];
}

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  /** One line, e.g. "Claim CLM-… approved". */
  title: NotificationText;
  /** A sentence or two of what happened and what to do next. */
  body: NotificationText;
  /** The web path of the thing it is about. */
  link?: string | null;
  /** Also by e-mail (queued in the same transaction), unless the user switched this kind off. */
  email?: NotificationEmailOption;
  /**
   * Also by text message (queued in the same transaction, once per notification): a short text in
   * both languages, one SMS segment (`notification/sms-texts.ts` writes them), sent in the account's
   * language to its verified phone, unless the user switched this kind's texts off in Profile or the
   * phone replied STOP.
   */
  sms?: Bilingual;
}

/** What notify() did: the notification's id, the queued e-mail's and text's ids, if any were queued. */
export interface NotifyResult {
  notificationId: number;
  mailId: number | null;
  smsId: number | null;
}

/** Whether the user wants this kind by e-mail: yes unless switched off in Profile. */
export async function wantsEmail(executor: Database | Tx, userId: string, kind: NotificationKind) {
  const [preference] = await executor
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return preference?.email ?? true;
}

/** Whether the user wants this kind by text message: yes unless switched off in Profile. */
export async function wantsSms(executor: Database | Tx, userId: string, kind: NotificationKind) {
  const [preference] = await executor
    .select({ sms: notificationPreferences.sms })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return preference?.sms ?? true;
}

/** Whether `phone` (E.164) replied STOP to our sender (Africa's Talking's opt-out callback). */
export async function optedOutOfSms(executor: Database | Tx, phone: string) {
  const [row] = await executor
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, phone));
  return row !== undefined;
}

/**
 * Tells a user something happened: an in-app notification row, written in the caller's
 * transaction when it passes one (so a change is never kept without its notification), and with
 * `email`, the e-mail queued in that same transaction unless the user switched the kind off.
 *
 * Both are written once, in the recipient's language as stored now (users.language): a notification
 * is a message sent at a moment, like the e-mail beside it, so it keeps the words (amounts, dates,
 * names) it was sent with; a language switched later applies to what comes next.
 */
export async function notify(executor: Database | Tx, input: NotificationInput): Promise<NotifyResult> {
  const [user] = await executor
    .select({
      email: users.email,
      firstName: users.firstName,
      status: users.status,
      language: users.language,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, input.userId));
  const language = languageOf(user?.language);
  const title = textIn(input.title, language);
  const body = textIn(input.body, language);
  const [notification] = await executor
    .insert(notifications)
    .values({ userId: input.userId, kind: input.kind, title, body, link: input.link ?? null })
    .returning({ id: notifications.id });
  const notificationId = notification!.id;
  const active = user !== undefined && user.status !== 'DISABLED';
  let smsId: number | null = null;
  if (input.sms && active && user.phone && user.phoneVerifiedAt) {
    const wanted =
      (await wantsSms(executor, input.userId, input.kind)) && !(await optedOutOfSms(executor, user.phone));
    if (wanted) {
      const row = await enqueueSms(executor, {
        to: user.phone,
        text: input.sms[language],
        kind: input.kind,
        userId: input.userId,
        dedupeKey: `notification:${notificationId}`,
      });
      smsId = row?.id ?? null;
    }
  }
  if (!input.email || !active || !(await wantsEmail(executor, input.userId, input.kind)))
    return { notificationId, mailId: null, smsId };
  const base = input.email.baseUrl.replace(/\/$/, '');
  const message =
    input.email.compose?.({ email: user.email, firstName: user.firstName, language }) ??
    notificationEmail({
      to: user.email,
      firstName: user.firstName,
      title,
      body,
      url: input.link ? `${base}${input.link}` : null,
      profileUrl: `${base}/newportal/profile`,
      language,
    });
  const row = await enqueueMail(executor, message);
  return { notificationId, mailId: row.id, smsId };
}

const present = (row: typeof notifications.$inferSelect) => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  isRead: row.readAt !== null,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The caller's notifications, newest first, optionally only the unread ones; with the unread count. */
export async function listNotifications(
  db: Database,
  userId: string,
  query: { page: number; pageSize: number; unreadOnly: boolean },
) {
  const mine = eq(notifications.userId, userId);
  const where = query.unreadOnly ? and(mine, isNull(notifications.readAt)) : mine;
  const [counted] = await db.select({ total: count() }).from(notifications).where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map(present),
    unread: await countUnread(db, userId),
    ...pageInfo(Number(counted?.total ?? 0), query),
  };
}

/** How many of the caller's notifications are unread (the header's bell). */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const [counted] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(counted?.total ?? 0);
}

/** Marks one of the caller's notifications read (again: no change); anyone else's is 404. */
export async function markRead(db: Database, userId: string, id: number) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!row) throw new AppError('not_found', 'Notification not found.');
  if (row.readAt) return { notification: present(row), unread: await countUnread(db, userId) };
  const [updated] = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), isNull(notifications.readAt)))
    .returning();
  return { notification: present(updated ?? row), unread: await countUnread(db, userId) };
}

/** Marks every unread notification of the caller read. */
export async function markAllRead(db: Database, userId: string) {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: updated.length, unread: 0 };
}

/** Every kind with whether its e-mail and its text message are on for the caller (in-app is always on). */
export async function getPreferences(db: Database, userId: string, kinds: readonly NotificationKind[]) {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return {
    preferences: kinds.map((kind) => ({
      kind,
      email: chosen.get(kind)?.email ?? true,
      sms: chosen.get(kind)?.sms ?? true,
      inApp: true,
    })),
  };
}

/** Switches kinds' e-mails and/or text messages on or off for the caller (what is not named stays). */
export async function updatePreferences(
  db: Database,
  userId: string,
  preferences: Array<{ kind: NotificationKind; email?: boolean; sms?: boolean }>,
  kinds: readonly NotificationKind[],
) {
  await db.transaction(async (tx) => {
    for (const preference of preferences) {
      const changed = {
        ...(preference.email === undefined ? {} : { email: preference.email }),
        ...(preference.sms === undefined ? {} : { sms: preference.sms }),
      };
      await tx
        .insert(notificationPreferences)
        .values({ userId, kind: preference.kind, email: true, sms: true, ...changed })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { ...changed, updatedAt: new Date() },
        });
    }
  });
  return getPreferences(db, userId, kinds);
}
