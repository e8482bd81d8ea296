import { CHAT_FILE_CATEGORY, CHAT_FILE_OWNER_KIND, type StartConversationInput } from '@bima/domain';
import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';
import { UPLOAD_PATH } from '../../../lib/upload';

/** A page of the caller's conversations (`chat / conversation / listConversations`). */
export type ConversationPage = ActionOutput<'chat/conversation/listConversations'>;
/** A conversation as `listConversations` lists it. */
export type ConversationItem = ConversationPage['items'][number];
/** A page of a conversation's history (`chat / message / listMessages`). */
export type MessagePage = ActionOutput<'chat/message/listMessages'>;

export const CONVERSATION_PAGE_SIZE = 10;

/** Where a conversation's attachments are uploaded (the files module; then named in the message). */
export const chatUploadUrl = (conversationId: number) =>
  `${UPLOAD_PATH}?${new URLSearchParams({
    ownerKind: CHAT_FILE_OWNER_KIND,
    ownerId: String(conversationId),
    category: CHAT_FILE_CATEGORY,
  })}`;

/** Secured and silent: each chat screen shows its own error beside what failed. */
const options = { secure: true, silent: true } as const;

export const conversationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['chat', 'conversations', page],
    queryFn: ({ signal }) =>
      callAction(
        'chat/conversation/listConversations',
        { page, pageSize: CONVERSATION_PAGE_SIZE },
        { ...options, signal },
      ),
  });

export function fetchMessages(conversationId: number, before?: number, signal?: AbortSignal) {
  return callAction(
    'chat/message/listMessages',
    { conversationId, limit: 30, ...(before ? { before } : {}) },
    { ...options, signal },
  );
}

export function startConversation(input: StartConversationInput) {
  return callAction('chat/conversation/startConversation', input, options);
}

/** The HTTP way to send (when the socket is not open); the same clientMessageId makes it retry-safe. */
export function sendMessageOverHttp(input: {
  conversationId: number;
  body: string;
  clientMessageId: string;
  fileIds: string[];
}) {
  return callAction('chat/message/sendMessage', input, options);
}

export function markReadOverHttp(input: { conversationId: number; upToMessageId: number }) {
  return callAction('chat/message/markRead', input, options);
}

/** A fresh signed link to a file sent in the conversation (the message's own link lasts minutes). */
export function fetchAttachmentLink(input: { conversationId: number; fileId: string }) {
  return callAction('chat/message/attachmentLink', input, options);
}
