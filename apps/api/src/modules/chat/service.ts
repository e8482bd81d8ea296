import {
  type AttachmentLinkInput,
  CHAT_FILE_OWNER_KIND,
  CHAT_MESSAGES,
  type ChatAttachment,
  type ChatMarks,
  type ChatMessageView,
  type ChatSide,
  type ConversationKind,
  hasMessageContent,
  type ListMessagesInput,
  type MarkReadInput,
  messageMark,
  type SendMessageInput,
  type StartConversationInput,
  type StartWithClientInput,
} from '@bima/domain';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  chatMessageFiles,
  chatMessages,
  chatPresence,
  conversations,
  files,
  helpRequestIntermediaries,
  helpRequests,
  intermediaries,
  notifications,
  policies,
  recommendations,
  users,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { pageInfo } from '../../lib/search';
import { type LinkReader, signFileLink } from '../files/links';
import { type NotificationText, notify } from '../notification/service';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Whose conversations a caller reaches: a client its own, a firm's user the firm's, an admin support's. */
export type ChatScope =
  | { side: 'client'; userId: string }
  | { side: 'staff'; intermediaryId: number; userId: string }
  | { side: 'staff'; support: true; userId: string };

/** The caller's chat scope; an underwriter (or a firm user without a firm) has none: 403. */
export function chatScopeOf(principal: Principal): ChatScope {
  if (principal.role === 'client') return { side: 'client', userId: principal.userId };
  if (principal.role === 'intermediary' && principal.intermediaryId !== null)
    return { side: 'staff', intermediaryId: principal.intermediaryId, userId: principal.userId };
  if (principal.role === 'admin') return { side: 'staff', support: true, userId: principal.userId };
  throw new AppError('forbidden', CHAT_MESSAGES.notAllowed);
}

function scopeCondition(scope: ChatScope): SQL {
  if (scope.side === 'client') return eq(conversations.clientUserId, scope.userId);
  if ('intermediaryId' in scope)
    return and(eq(conversations.kind, 'firm'), eq(conversations.intermediaryId, scope.intermediaryId)) as SQL;
  return eq(conversations.kind, 'support');
}

/** Whether a conversation row is in the scope (the socket hub checks each event with it). */
export function isInScope(
  scope: ChatScope,
  conversation: { kind: string; clientUserId: string; intermediaryId: number | null },
): boolean {
  if (scope.side === 'client') return conversation.clientUserId === scope.userId;
  if ('intermediaryId' in scope)
    return conversation.kind === 'firm' && conversation.intermediaryId === scope.intermediaryId;
  return conversation.kind === 'support';
}

type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

export function marksOf(row: ConversationRow): ChatMarks {
  return {
    conversationId: row.id,
    clientDeliveredId: row.clientDeliveredId,
    clientReadId: row.clientReadId,
    staffDeliveredId: row.staffDeliveredId,
    staffReadId: row.staffReadId,
  };
}

/** What a message row keeps of each of its files (`chat_messages.attachments`). */
type StoredAttachment = Omit<ChatAttachment, 'url'>;

/** Signs a file's download link for one reader (their user id and session are in the link). */
export type SignLink = (fileId: string) => string;

/** Links to chat files signed for a reader's session (the files module's signed links, 10 minutes). */
export const linkSigner =
  (secret: string, reader: LinkReader): SignLink =>
  (fileId) =>
    signFileLink(secret, fileId, reader);

/** A stored message as a viewer on `viewerSide` reads it, its files' links signed for that viewer. */
export function presentMessage(
  row: MessageRow & { senderName: string },
  marks: ChatMarks,
  viewerSide: ChatSide,
  signLink: SignLink,
): ChatMessageView {
  const side = row.senderSide as ChatSide;
  const isMine = side === viewerSide;
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderSide: side,
    senderName: row.senderName,
    isMine,
    body: row.body,
    attachments: (row.attachments as StoredAttachment[]).map((file) => ({
      ...file,
      url: signLink(file.fileId),
    })),
    createdAt: row.createdAt.toISOString(),
    mark: isMine ? messageMark({ id: row.id, side, marks }) : null,
    clientMessageId: isMine ? row.clientMessageId : null,
  };
}

const senderName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

async function findConversation(db: Database | Tx, scope: ChatScope, id: number, lock = false) {
  const query = db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), scopeCondition(scope)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', CHAT_MESSAGES.notFound);
  return row;
}

/** The firm a client may chat with: an ACTIVE one; anything else reads as unavailable (404). */
async function activeFirm(db: Database, intermediaryId: number) {
  const [firm] = await db
    .select({ id: intermediaries.id, name: intermediaries.intermediaryNames })
    .from(intermediaries)
    .where(and(eq(intermediaries.id, intermediaryId), eq(intermediaries.status, 'ACTIVE')));
  if (!firm) throw new AppError('not_found', CHAT_MESSAGES.firmUnavailable);
  return firm;
}

/** Who the client's chat is with, and its topic, from what it was started from. */
async function resolveTarget(db: Database, userId: string, input: StartConversationInput) {
  switch (input.with) {
    case 'support':
      return { intermediaryId: null, topic: null };
    case 'intermediary':
      return { intermediaryId: (await activeFirm(db, input.intermediaryId)).id, topic: null };
    case 'helpRequest': {
      const [row] = await db
        .select({ id: helpRequestIntermediaries.id })
        .from(helpRequestIntermediaries)
        .innerJoin(helpRequests, eq(helpRequests.id, helpRequestIntermediaries.helpRequestId))
        .where(
          and(
            eq(helpRequests.requestSystemRef, input.requestSystemRef),
            eq(helpRequests.userId, userId),
            eq(helpRequestIntermediaries.intermediaryId, input.intermediaryId),
          ),
        );
      if (!row) throw new AppError('not_found', 'Help request not found.');
      await activeFirm(db, input.intermediaryId);
      return { intermediaryId: input.intermediaryId, topic: `Help request ${input.requestSystemRef}` };
    }
    case 'recommendation': {
      const [row] = await db
        .select({ intermediaryId: recommendations.intermediaryId, systemRef: recommendations.systemRef })
        .from(recommendations)
        .where(and(eq(recommendations.id, input.recommendationId), eq(recommendations.clientUserId, userId)));
      if (!row) throw new AppError('not_found', 'Recommendation not found.');
      await activeFirm(db, row.intermediaryId);
      return { intermediaryId: row.intermediaryId, topic: `Recommendation ${row.systemRef}` };
    }
    case 'policy': {
      const [row] = await db
        .select({ intermediaryId: policies.intermediaryId, policyNumber: policies.policyNumber })
        .from(policies)
        .where(and(eq(policies.policyNumber, input.policyNumber), eq(policies.userId, userId)));
      if (!row) throw new AppError('not_found', 'Policy not found.');
      if (row.intermediaryId === null) return { intermediaryId: null, topic: `Policy ${row.policyNumber}` };
      await activeFirm(db, row.intermediaryId);
      return { intermediaryId: row.intermediaryId, topic: `Policy ${row.policyNumber}` };
    }
  }
}

/**
 * Opens the client's conversation with a firm or support (the existing one when there is one; its
 * topic becomes what it was started from this time). Answers the conversation as listed.
 */
export async function startConversation(db: Database, principal: Principal, input: StartConversationInput) {
  const scope = chatScopeOf(principal);
  if (scope.side !== 'client') throw new AppError('forbidden', 'Only clients start conversations.');
  const target = await resolveTarget(db, scope.userId, input);
  const kind = target.intermediaryId === null ? 'support' : 'firm';
  const existing = and(
    eq(conversations.clientUserId, scope.userId),
    target.intermediaryId === null
      ? eq(conversations.kind, 'support')
      : eq(conversations.intermediaryId, target.intermediaryId),
  );
  await db
    .insert(conversations)
    .values({ kind, clientUserId: scope.userId, intermediaryId: target.intermediaryId, topic: target.topic })
    .onConflictDoNothing();
  if (target.topic) await db.update(conversations).set({ topic: target.topic }).where(existing);
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(existing);
  return getConversation(db, principal, row!.id);
}

/**
 * An intermediary opens the conversation with the client of one of its firm's help requests (the
 * request's account, or the client account of its verified e-mail); 404 outside the firm, 409 when
 * the client has no account to chat with.
 */
export async function startWithClient(db: Database, principal: Principal, input: StartWithClientInput) {
  const scope = chatScopeOf(principal);
  if (scope.side !== 'staff' || !('intermediaryId' in scope))
    throw new AppError('forbidden', 'Only intermediaries start a chat from a request.');
  const [row] = await db
    .select({
      userId: helpRequests.userId,
      email: helpRequests.clientEmail,
      ref: helpRequests.requestSystemRef,
    })
    .from(helpRequestIntermediaries)
    .innerJoin(helpRequests, eq(helpRequests.id, helpRequestIntermediaries.helpRequestId))
    .where(
      and(
        eq(helpRequestIntermediaries.id, input.requestId),
        eq(helpRequestIntermediaries.intermediaryId, scope.intermediaryId),
      ),
    );
  if (!row) throw new AppError('not_found', 'Request not found.');
  let clientUserId = row.userId;
  if (!clientUserId) {
    const [account] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.email, row.email.toLowerCase()), eq(users.role, 'client'), eq(users.status, 'ACTIVE')),
      );
    clientUserId = account?.id ?? null;
  }
  if (!clientUserId) throw new AppError('conflict', CHAT_MESSAGES.clientWithoutAccount);
  const topic = `Help request ${row.ref}`;
  await db
    .insert(conversations)
    .values({ kind: 'firm', clientUserId, intermediaryId: scope.intermediaryId, topic })
    .onConflictDoNothing();
  const [conversation] = await db
    .update(conversations)
    .set({ topic })
    .where(
      and(
        eq(conversations.kind, 'firm'),
        eq(conversations.clientUserId, clientUserId),
        eq(conversations.intermediaryId, scope.intermediaryId),
      ),
    )
    .returning({ id: conversations.id });
  return getConversation(db, principal, conversation!.id);
}

function listSelection(scope: ChatScope) {
  const mySide = scope.side;
  const myRead = mySide === 'client' ? conversations.clientReadId : conversations.staffReadId;
  const otherSide = mySide === 'client' ? 'staff' : 'client';
  return {
    id: conversations.id,
    kind: conversations.kind,
    topic: conversations.topic,
    intermediaryId: conversations.intermediaryId,
    firmName: intermediaries.intermediaryNames,
    clientName: senderName,
    clientEmail: users.email,
    lastMessageAt: conversations.lastMessageAt,
    createdAt: conversations.createdAt,
    unreadCount: sql<number>`(select count(*)::int from ${chatMessages} m where m.conversation_id = ${conversations.id} and m.sender_side = ${otherSide} and m.id > ${myRead})`,
    lastMessage: sql<
      string | null
    >`(select coalesce(nullif(m.body, ''), 'Attachment: ' || (m.attachments->0->>'name')) from ${chatMessages} m where m.conversation_id = ${conversations.id} order by m.id desc limit 1)`,
  };
}

type ListedRow = {
  id: number;
  kind: string;
  topic: string | null;
  intermediaryId: number | null;
  firmName: string | null;
  clientName: string;
  clientEmail: string;
  lastMessageAt: Date | null;
  createdAt: Date;
  unreadCount: number;
  lastMessage: string | null;
};

function presentConversation(row: ListedRow, scope: ChatScope) {
  const withName = row.kind === 'support' ? 'Bima Portal support' : (row.firmName ?? '');
  return {
    id: row.id,
    kind: row.kind as ConversationKind,
    topic: row.topic,
    intermediaryId: row.intermediaryId,
    /** Who the other side is, as the caller sees it. */
    title: scope.side === 'client' ? withName : row.clientName,
    subtitle:
      scope.side === 'client' ? null : withName === 'Bima Portal support' ? row.clientEmail : withName,
    unreadCount: Number(row.unreadCount),
    lastMessage: row.lastMessage,
    lastMessageAt: (row.lastMessageAt ?? row.createdAt).toISOString(),
  };
}

function conversationsQuery(db: Database, scope: ChatScope) {
  return db
    .select(listSelection(scope))
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.clientUserId))
    .leftJoin(intermediaries, eq(intermediaries.id, conversations.intermediaryId));
}

/** One conversation in the caller's scope, as listed; someone else's answers 404. */
export async function getConversation(db: Database, principal: Principal, id: number) {
  const scope = chatScopeOf(principal);
  const [row] = await conversationsQuery(db, scope).where(
    and(eq(conversations.id, id), scopeCondition(scope)),
  );
  if (!row) throw new AppError('not_found', CHAT_MESSAGES.notFound);
  return presentConversation(row, scope);
}

/** The caller's conversations, latest activity first, with unread counts (and the total unread). */
export async function listConversations(
  db: Database,
  principal: Principal,
  input: { page: number; pageSize: number },
) {
  const scope = chatScopeOf(principal);
  const where = scopeCondition(scope);
  const rows = await conversationsQuery(db, scope)
    .where(where)
    .orderBy(
      desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`),
      desc(conversations.id),
    )
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const myRead = scope.side === 'client' ? conversations.clientReadId : conversations.staffReadId;
  const otherSide = scope.side === 'client' ? 'staff' : 'client';
  const [totals] = await db
    .select({
      total: count(),
      unread: sql<number>`coalesce(sum((select count(*)::int from ${chatMessages} m where m.conversation_id = ${conversations.id} and m.sender_side = ${otherSide} and m.id > ${myRead})), 0)::int`,
    })
    .from(conversations)
    .where(where);
  return {
    items: rows.map((row) => presentConversation(row, scope)),
    totalUnread: Number(totals?.unread ?? 0),
    ...pageInfo(Number(totals?.total ?? 0), input),
  };
}

const messageSelection = { message: chatMessages, senderName };

/**
 * A page of history: newest first before the cursor (`nextBefore` pages further back, null at the
 * start), or the messages after `after` oldest first (catch-up). Reading history on a device marks
 * the other side's messages delivered to this side.
 */
export async function listMessages(
  db: Database,
  principal: Principal,
  input: ListMessagesInput,
  secret: string,
) {
  const scope = chatScopeOf(principal);
  const signLink = linkSigner(secret, principal);
  const conversation = await findConversation(db, scope, input.conversationId);
  const inConversation = eq(chatMessages.conversationId, conversation.id);
  const rows =
    input.after !== undefined
      ? await db
          .select(messageSelection)
          .from(chatMessages)
          .innerJoin(users, eq(users.id, chatMessages.senderUserId))
          .where(and(inConversation, gt(chatMessages.id, input.after)))
          .orderBy(asc(chatMessages.id))
          .limit(input.limit + 1)
      : await db
          .select(messageSelection)
          .from(chatMessages)
          .innerJoin(users, eq(users.id, chatMessages.senderUserId))
          .where(
            input.before !== undefined
              ? and(inConversation, lt(chatMessages.id, input.before))
              : inConversation,
          )
          .orderBy(desc(chatMessages.id))
          .limit(input.limit + 1);
  const hasMore = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  const newest = page.reduce((max, row) => Math.max(max, row.message.id), 0);
  const moved = await markUpTo(db, scope, conversation.id, newest, 'delivered');
  const marks = moved ?? marksOf(conversation);
  const items = page.map((row) =>
    presentMessage({ ...row.message, senderName: row.senderName }, marks, scope.side, signLink),
  );
  const result = {
    conversationId: conversation.id,
    items,
    hasMore,
    nextBefore: input.after === undefined && hasMore ? (items.at(-1)?.id ?? null) : null,
    marks,
  };
  return { result, marksMoved: moved !== null };
}

/**
 * Moves the caller's side's delivered (and for 'read' also read) pointer up to `upTo` — never back,
 * never past the conversation's last message. Answers the new marks when they moved, else null.
 */
async function markUpTo(
  db: Database | Tx,
  scope: ChatScope,
  conversationId: number,
  upTo: number,
  what: 'delivered' | 'read',
): Promise<ChatMarks | null> {
  if (upTo <= 0) return null;
  const delivered =
    scope.side === 'client' ? conversations.clientDeliveredId : conversations.staffDeliveredId;
  const read = scope.side === 'client' ? conversations.clientReadId : conversations.staffReadId;
  const last = sql`(select coalesce(max(m.id), 0) from ${chatMessages} m where m.conversation_id = ${conversationId})`;
  const target = sql`least(${upTo}::bigint, ${last})`;
  const moved =
    what === 'read' ? sql`(${read} < ${target} or ${delivered} < ${target})` : sql`${delivered} < ${target}`;
  const set =
    what === 'read'
      ? { [scope.side === 'client' ? 'clientReadId' : 'staffReadId']: sql`greatest(${read}, ${target})` }
      : {};
  const [row] = await db
    .update(conversations)
    .set({
      ...set,
      [scope.side === 'client' ? 'clientDeliveredId' : 'staffDeliveredId']:
        sql`greatest(${delivered}, ${target})`,
    })
    .where(and(eq(conversations.id, conversationId), scopeCondition(scope), moved))
    .returning();
  return row ? marksOf(row) : null;
}

/** Marks the conversation read (or only delivered) up to a message id; 404 outside the scope. */
export async function markConversation(
  db: Database,
  principal: Principal,
  input: MarkReadInput,
  what: 'delivered' | 'read',
) {
  const scope = chatScopeOf(principal);
  const conversation = await findConversation(db, scope, input.conversationId);
  const moved = await markUpTo(db, scope, conversation.id, input.upToMessageId, what);
  return { marks: moved ?? marksOf(conversation), moved: moved !== null };
}

/** The users on the side that receives a message: the client, the firm's active users, or the admins. */
async function recipientsOf(tx: Tx, conversation: ConversationRow, senderSide: ChatSide): Promise<string[]> {
  if (senderSide === 'staff') return [conversation.clientUserId];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        conversation.kind === 'firm'
          ? and(eq(users.role, 'intermediary'), eq(users.intermediaryId, conversation.intermediaryId!))
          : eq(users.role, 'admin'),
      ),
    );
  return rows.map((row) => row.id);
}

export interface SendOptions {
  /** How long a socket's presence row counts as online without a heartbeat (ms). */
  presenceTtlMs: number;
  /** PUBLIC_BASE_URL: the offline notification's e-mail links to the conversation. */
  baseUrl: string;
  /** The server's secret: the answer's file links are signed for the sender. */
  secret: string;
}

const notFoundFile = () =>
  new AppError('not_found', CHAT_MESSAGES.attachmentNotFound, {
    errors: [{ field: 'fileIds', message: CHAT_MESSAGES.attachmentNotFound }],
  });

/**
 * The files a message will carry, in the order given: each must be a file of this conversation
 * uploaded by the sender (anything else — someone else's upload, another conversation's, an unknown
 * id — answers 404) and not yet attached to a message (409).
 */
async function filesToAttach(
  tx: Tx,
  scope: ChatScope,
  conversationId: number,
  fileIds: readonly string[],
): Promise<StoredAttachment[]> {
  if (fileIds.length === 0) return [];
  const rows = await tx
    .select()
    .from(files)
    .where(
      and(
        inArray(files.id, [...fileIds]),
        eq(files.ownerKind, CHAT_FILE_OWNER_KIND),
        eq(files.ownerId, String(conversationId)),
        eq(files.uploadedBy, scope.userId),
      ),
    );
  if (rows.length !== fileIds.length) throw notFoundFile();
  const used = await tx
    .select({ fileId: chatMessageFiles.fileId })
    .from(chatMessageFiles)
    .where(inArray(chatMessageFiles.fileId, [...fileIds]));
  if (used.length > 0) throw attachmentUsed();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return fileIds.map((id) => {
    const row = byId.get(id)!;
    return { fileId: row.id, name: row.name, contentType: row.contentType, size: row.size };
  });
}

const attachmentUsed = () =>
  new AppError('conflict', CHAT_MESSAGES.attachmentUsed, {
    errors: [{ field: 'fileIds', message: CHAT_MESSAGES.attachmentUsed }],
  });

/**
 * Stores a message (a retry with the same `clientMessageId` answers the stored one). The sender has
 * read the conversation up to it. When no one on the receiving side has a chat socket open (on any
 * instance), each of them gets a `chat_message` notification in the same transaction — one unread
 * notification per conversation at a time.
 */
export async function sendMessage(
  db: Database,
  principal: Principal,
  input: SendMessageInput,
  options: SendOptions,
): Promise<{ message: ChatMessageView; isNew: boolean }> {
  const scope = chatScopeOf(principal);
  const signLink = linkSigner(options.secret, principal);
  // The socket's frame is not refined by the schema: the rule is checked here for both ways in.
  if (!hasMessageContent(input))
    throw new AppError('invalid', CHAT_MESSAGES.contentRequired, {
      errors: [{ field: 'body', message: CHAT_MESSAGES.contentRequired }],
    });
  return db.transaction(async (tx) => {
    const conversation = await findConversation(tx, scope, input.conversationId, true);
    if (input.clientMessageId) {
      const [previous] = await tx
        .select(messageSelection)
        .from(chatMessages)
        .innerJoin(users, eq(users.id, chatMessages.senderUserId))
        .where(
          and(
            eq(chatMessages.senderUserId, scope.userId),
            eq(chatMessages.clientMessageId, input.clientMessageId),
            eq(chatMessages.conversationId, conversation.id),
          ),
        );
      if (previous) {
        const message = presentMessage(
          { ...previous.message, senderName: previous.senderName },
          marksOf(conversation),
          scope.side,
          signLink,
        );
        return { message, isNew: false };
      }
    }
    const attachments = await filesToAttach(tx, scope, conversation.id, input.fileIds);
    const [stored] = await tx
      .insert(chatMessages)
      .values({
        conversationId: conversation.id,
        senderUserId: scope.userId,
        senderSide: scope.side,
        body: input.body,
        attachments,
        clientMessageId: input.clientMessageId ?? null,
      })
      .returning();
    const message = stored!;
    if (attachments.length > 0) {
      const attached = await tx
        .insert(chatMessageFiles)
        .values(
          attachments.map((file) => ({
            fileId: file.fileId,
            messageId: message.id,
            conversationId: conversation.id,
          })),
        )
        .onConflictDoNothing()
        .returning({ fileId: chatMessageFiles.fileId });
      // Each file is attached once (the primary key): a race lost here undoes the whole message.
      if (attached.length !== attachments.length) throw attachmentUsed();
    }
    const mine =
      scope.side === 'client'
        ? { clientReadId: message.id, clientDeliveredId: message.id }
        : { staffReadId: message.id, staffDeliveredId: message.id };
    const [updated] = await tx
      .update(conversations)
      .set({ ...mine, lastMessageAt: message.createdAt })
      .where(eq(conversations.id, conversation.id))
      .returning();
    const [sender] = await tx.select({ name: senderName }).from(users).where(eq(users.id, scope.userId));
    await notifyOffline(tx, updated!, message, sender!.name, options);
    return {
      message: presentMessage(
        { ...message, senderName: sender!.name },
        marksOf(updated!),
        scope.side,
        signLink,
      ),
      isNew: true,
    };
  });
}

async function notifyOffline(
  tx: Tx,
  conversation: ConversationRow,
  message: MessageRow,
  from: string,
  options: SendOptions,
): Promise<void> {
  const side = message.senderSide as ChatSide;
  const recipients = await recipientsOf(tx, conversation, side);
  if (recipients.length === 0) return;
  const freshSince = new Date(Date.now() - options.presenceTtlMs);
  const online = await tx
    .select({ userId: chatPresence.userId })
    .from(chatPresence)
    .where(and(inArray(chatPresence.userId, recipients), gt(chatPresence.seenAt, freshSince)))
    .limit(1);
  if (online.length > 0) return;
  const link = side === 'staff' ? `/newportal/chats/${conversation.id}` : `/staff/chats/${conversation.id}`;
  const pending = await tx
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, recipients),
        eq(notifications.kind, 'chat_message'),
        eq(notifications.link, link),
        isNull(notifications.readAt),
      ),
    );
  const alreadyTold = new Set(pending.map((row) => row.userId));
  const names = (message.attachments as StoredAttachment[]).map((file) => file.name);
  const shorten = (text: string) => (text.length > 140 ? `${text.slice(0, 137)}…` : text);
  // The message itself is the sender's words, shown as written; only a files-only message is ours to say.
  const preview: NotificationText = message.body
    ? shorten(message.body)
    : {
        en: shorten(`Sent ${names.length === 1 ? 'a file' : `${names.length} files`}: ${names.join(', ')}`),
        sw: shorten(`Ametuma ${names.length === 1 ? 'faili' : `faili ${names.length}`}: ${names.join(', ')}`),
      };
  for (const userId of recipients) {
    if (alreadyTold.has(userId)) continue;
    await notify(tx, {
      userId,
      kind: 'chat_message',
      title: { en: `New chat message from ${from}`, sw: `Ujumbe mpya wa gumzo kutoka kwa ${from}` },
      body: preview,
      link,
      // Also by e-mail (queued in this transaction) unless the user switched chat e-mails off.
      email: { baseUrl: options.baseUrl },
    });
  }
}

/** A stored message with its conversation, as the socket hub delivers it. */
export async function loadMessage(db: Database, id: number) {
  const [row] = await db
    .select({ ...messageSelection, conversation: conversations })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderUserId))
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(eq(chatMessages.id, id));
  return row
    ? { message: { ...row.message, senderName: row.senderName }, conversation: row.conversation }
    : null;
}

export async function loadConversation(db: Database, id: number) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row ?? null;
}

/** Messages after `lastSeenId` in every conversation of the scope, oldest first: a socket's catch-up. */
export async function messagesSince(
  db: Database,
  scope: ChatScope,
  lastSeenId: number,
  signLink: SignLink,
  limit = 500,
) {
  const rows = await db
    .select({ ...messageSelection, conversation: conversations })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderUserId))
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(gt(chatMessages.id, lastSeenId), scopeCondition(scope)))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
  return rows.map((row) =>
    presentMessage(
      { ...row.message, senderName: row.senderName },
      marksOf(row.conversation),
      scope.side,
      signLink,
    ),
  );
}

/**
 * How many of the caller's conversations have messages from the other side they have not read, and
 * how many such messages in all (the Chats badge shows the conversations).
 */
export async function getUnreadCount(db: Database, principal: Principal) {
  const scope = chatScopeOf(principal);
  const myRead = scope.side === 'client' ? conversations.clientReadId : conversations.staffReadId;
  const otherSide = scope.side === 'client' ? 'staff' : 'client';
  const unread = sql<number>`(select count(*)::int from ${chatMessages} m where m.conversation_id = ${conversations.id} and m.sender_side = ${otherSide} and m.id > ${myRead})`;
  const [row] = await db
    .select({
      conversations: sql<number>`count(*) filter (where ${unread} > 0)::int`,
      messages: sql<number>`coalesce(sum(${unread}), 0)::int`,
    })
    .from(conversations)
    .where(scopeCondition(scope));
  return { conversations: Number(row?.conversations ?? 0), messages: Number(row?.messages ?? 0) };
}

/** Whether a caller reaches a conversation (by the files module's owner id); never throws. */
export async function reachesConversation(
  db: Database,
  principal: Principal,
  ownerId: string,
): Promise<boolean> {
  if (!/^\d{1,9}$/.test(ownerId)) return false;
  let scope: ChatScope;
  try {
    scope = chatScopeOf(principal);
  } catch {
    return false;
  }
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, Number(ownerId)), scopeCondition(scope)));
  return row !== undefined;
}

/** Whether a chat file was sent in a message of its conversation. */
export async function isAttached(db: Database, fileId: string, conversationId: number): Promise<boolean> {
  const [row] = await db
    .select({ fileId: chatMessageFiles.fileId })
    .from(chatMessageFiles)
    .where(and(eq(chatMessageFiles.fileId, fileId), eq(chatMessageFiles.conversationId, conversationId)));
  return row !== undefined;
}

/**
 * A fresh signed link to a file of a message in one of the caller's conversations (a thread left
 * open outlives the links it was given). A file that was never sent, or someone else's, is 404.
 */
export async function attachmentLink(
  db: Database,
  principal: Principal,
  input: AttachmentLinkInput,
  secret: string,
) {
  const scope = chatScopeOf(principal);
  const conversation = await findConversation(db, scope, input.conversationId);
  if (!(await isAttached(db, input.fileId, conversation.id)))
    throw new AppError('not_found', CHAT_MESSAGES.attachmentNotFound);
  return { url: signFileLink(secret, input.fileId, principal) };
}
