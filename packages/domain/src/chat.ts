import { z } from 'zod';
import { pageInputSchema } from './intermediaries';

/** Who a conversation is with: an intermediary firm, or Bima Portal's support (admins answer). */
export const CONVERSATION_KINDS = ['firm', 'support'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** The two sides of every conversation: the client, and the firm's or support's staff. */
export type ChatSide = 'client' | 'staff';

/** A message's mark as its sender sees it: stored, reached a device of the other side, read there. */
export type MessageMark = 'sent' | 'delivered' | 'read';

export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** Files one message may carry (each within the upload limits of `UPLOAD_LIMITS`). */
export const CHAT_MAX_ATTACHMENTS = 5;

/**
 * The files module's owner kind and category of chat attachments: uploaded to
 * `/v2/api/files?ownerKind=chat&ownerId=<conversation id>&category=attachment`, then named by id in
 * the message that carries them.
 */
export const CHAT_FILE_OWNER_KIND = 'chat';
export const CHAT_FILE_CATEGORY = 'attachment';

export const CHAT_MESSAGES = {
  notFound: 'Conversation not found.',
  bodyRequired: 'Type a message.',
  bodyTooLong: `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  firmUnavailable: 'This intermediary cannot take chats at the moment.',
  clientWithoutAccount: 'The client has no Bima Portal account to chat with yet.',
  notAllowed: 'Chats are for clients, intermediaries and support.',
  contentRequired: 'Type a message or attach a file.',
  tooManyFiles: `A message can carry at most ${CHAT_MAX_ATTACHMENTS} files.`,
  sameFileTwice: 'The same file is attached twice.',
  attachmentNotFound: 'An attached file was not found. Upload it again.',
  attachmentUsed: 'This file is already attached to a message. Upload it again to send it once more.',
} as const;

const idNumber = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

const conversationId = idNumber(CHAT_MESSAGES.notFound);
const messageId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * An attachment of a message as a reader gets it: the stored file's id, its name, type and size in
 * bytes (as stored: a photo after re-encoding), and a download link signed for that reader (valid a
 * few minutes; `chat / message / attachmentLink` gives a fresh one).
 */
export interface ChatAttachment {
  fileId: string;
  name: string;
  contentType: string;
  size: number;
  url: string;
}

/**
 * `chat / conversation / startConversation` (clients): with support, with a firm (from its page),
 * or from the thing the chat is about — a help request sent to the firm, a recommendation, a
 * policy (its intermediary, or support when bought direct). One conversation per client and firm
 * (or support): starting again opens the same one.
 */
export const startConversationSchema = z.discriminatedUnion(
  'with',
  [
    z.object({ with: z.literal('support') }),
    z.object({ with: z.literal('intermediary'), intermediaryId: idNumber('Intermediary not found.') }),
    z.object({
      with: z.literal('helpRequest'),
      requestSystemRef: z.string().trim().min(1).max(60),
      intermediaryId: idNumber('Intermediary not found.'),
    }),
    z.object({ with: z.literal('recommendation'), recommendationId: idNumber('Recommendation not found.') }),
    z.object({ with: z.literal('policy'), policyNumber: z.string().trim().min(1).max(60) }),
  ],
  { error: 'Say who the chat is with.' },
);
export type StartConversationInput = z.infer<typeof startConversationSchema>;

/** `chat / conversation / startWithClient` (intermediaries): the firm's help request row (its inbox id). */
export const startWithClientSchema = z.object({ requestId: idNumber('Request not found.') });
export type StartWithClientInput = z.infer<typeof startWithClientSchema>;

/** `chat / conversation / listConversations`: newest activity first. */
export const listConversationsSchema = pageInputSchema;

/**
 * `chat / message / listMessages`: a page of history, newest first, before the cursor `before` (a
 * message id; none = the latest); or, with `after`, the messages after it, oldest first (catch-up).
 */
export const listMessagesSchema = z.object({
  conversationId,
  before: messageId.optional(),
  after: messageId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type ListMessagesInput = z.infer<typeof listMessagesSchema>;

const fileIdsSchema = z
  .array(z.uuid(CHAT_MESSAGES.attachmentNotFound), { error: CHAT_MESSAGES.attachmentNotFound })
  .max(CHAT_MAX_ATTACHMENTS, CHAT_MESSAGES.tooManyFiles)
  .refine((ids) => new Set(ids).size === ids.length, CHAT_MESSAGES.sameFileTwice)
  .default([]);

/**
 * The fields of a message to send (the socket's `send` frame spreads them): a body (may be empty
 * when files are attached), the ids of files the sender uploaded to this conversation and not yet
 * sent, and `clientMessageId`, which makes a retry safe. `hasMessageContent` is the rule that a
 * message has a body or a file.
 */
const sendMessageShape = {
  conversationId,
  body: z
    .string({ error: CHAT_MESSAGES.bodyRequired })
    .trim()
    .max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES.bodyTooLong)
    .default(''),
  clientMessageId: z.string().trim().min(8).max(64).optional(),
  fileIds: fileIdsSchema,
};

/** Whether a message has something to send: a body, a file, or both. */
export function hasMessageContent(input: { body: string; fileIds: readonly string[] }): boolean {
  return input.body.length > 0 || input.fileIds.length > 0;
}

/** `chat / message / sendMessage` (and the socket's `send`). */
export const sendMessageSchema = z.object(sendMessageShape).refine(hasMessageContent, {
  message: CHAT_MESSAGES.contentRequired,
  path: ['body'],
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** `chat / message / attachmentLink`: a fresh signed link to a file of a message the caller can read. */
export const attachmentLinkSchema = z.object({
  conversationId,
  fileId: z.uuid(CHAT_MESSAGES.attachmentNotFound),
});
export type AttachmentLinkInput = z.infer<typeof attachmentLinkSchema>;

/** `chat / message / markRead` (and the socket's `read`): everything up to a message id was read. */
export const markReadSchema = z.object({ conversationId, upToMessageId: messageId });
export type MarkReadInput = z.infer<typeof markReadSchema>;

/** What a browser sends on the chat socket. */
export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4000), lastSeenId: messageId.optional() }),
  z.object({ type: z.literal('send'), ...sendMessageShape }),
  z.object({ type: z.literal('read'), ...markReadSchema.shape }),
  z.object({ type: z.literal('delivered'), ...markReadSchema.shape }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

/** A message as both sides read it. */
export interface ChatMessageView {
  id: number;
  conversationId: number;
  senderSide: ChatSide;
  senderName: string;
  isMine: boolean;
  body: string;
  attachments: ChatAttachment[];
  createdAt: string;
  /** The mark of one's own message; null on the other side's. */
  mark: MessageMark | null;
  clientMessageId: string | null;
}

/** The marks of one conversation: up to which message id each side has received and read. */
export interface ChatMarks {
  conversationId: number;
  clientDeliveredId: number;
  clientReadId: number;
  staffDeliveredId: number;
  staffReadId: number;
}

/** What the server sends on the chat socket. */
export type ChatServerFrame =
  | { type: 'ready'; userId: string; expiresAt: number }
  | { type: 'message'; message: ChatMessageView }
  | { type: 'ack'; clientMessageId: string | null; message: ChatMessageView }
  | { type: 'marks'; marks: ChatMarks }
  | {
      type: 'error';
      code: 'unauthorized' | 'invalid' | 'not-found' | 'conflict' | 'rate-limited' | 'internal';
      message: string;
      /** The refused `send`'s own id, so the browser marks that message failed. */
      clientMessageId?: string | null;
    }
  | { type: 'pong' };

/**
 * Close codes of the chat socket: 4401 asks the browser to sign in again (a fresh token) and
 * reconnect — also when the session ended elsewhere (signed out, password changed, account disabled),
 * where the refresh fails and the browser goes to sign-in; 4429 says the user has too many sockets
 * open (the browser retries later, with backoff).
 */
export const CHAT_CLOSE_CODES = { unauthorized: 4401, forbidden: 4403, tooMany: 4429 } as const;

/** The mark of a message sent by `side`, from the other side's pointers. */
export function messageMark(options: { id: number; side: ChatSide; marks: ChatMarks }): MessageMark {
  const { id, side, marks } = options;
  const read = side === 'client' ? marks.staffReadId : marks.clientReadId;
  const delivered = side === 'client' ? marks.staffDeliveredId : marks.clientDeliveredId;
  if (id <= read) return 'read';
  if (id <= delivered) return 'delivered';
  return 'sent';
}

/**
 * The chat socket's address from the page's location (spec-1 §7.3 derives it from the hostname): a
 * configured chat host wins; otherwise the same origin (localhost, an IP, or one host serving both),
 * `ws:` under `http:` and `wss:` under `https:`.
 */
export function chatSocketUrl(options: {
  protocol: string;
  host: string;
  configuredHost?: string | null;
  path?: string;
}): string {
  const path = options.path ?? CHAT_SOCKET_PATH;
  const scheme = options.protocol === 'https:' ? 'wss:' : 'ws:';
  const configured = options.configuredHost?.trim();
  if (configured) {
    if (/^wss?:\/\//i.test(configured)) return `${configured.replace(/\/+$/, '')}${path}`;
    return `${scheme}//${configured.replace(/\/+$/, '')}${path}`;
  }
  return `${scheme}//${options.host}${path}`;
}

export const CHAT_SOCKET_PATH = '/v2/api/chat/socket';
