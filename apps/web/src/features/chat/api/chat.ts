import {
  CHAT_FILE_CATEGORY,
  CHAT_FILE_OWNER_KIND,
  type ChatMarks,
  type ChatMessageView,
  type ConversationKind,
  type StartConversationInput,
} from '@bima/domain';
import { queryOptions } from '@tanstack/react-query';
import { callGateway, type GatewayCall, unwrapData } from '../../../lib/api-client';
import { UPLOAD_PATH } from '../../../lib/upload';

/** A conversation as `listConversations` lists it. */
export interface ConversationItem {
  id: number;
  kind: ConversationKind;
  topic: string | null;
  intermediaryId: number | null;
  title: string;
  subtitle: string | null;
  unreadCount: number;
  lastMessage: string | null;
  lastMessageAt: string;
}

export interface ConversationPage {
  items: ConversationItem[];
  total: number;
  totalUnread: number;
  page: number;
  pageSize: number;
}

export interface MessagePage {
  conversationId: number;
  items: ChatMessageView[];
  hasMore: boolean;
  nextBefore: number | null;
  marks: ChatMarks;
}

export const CONVERSATION_PAGE_SIZE = 10;

/** Where a conversation's attachments are uploaded (the files module; then named in the message). */
export const chatUploadUrl = (conversationId: number) =>
  `${UPLOAD_PATH}?${new URLSearchParams({
    ownerKind: CHAT_FILE_OWNER_KIND,
    ownerId: String(conversationId),
    category: CHAT_FILE_CATEGORY,
  })}`;

/** Secured and silent: each chat screen shows its own error beside what failed. */
async function call<T>(action: Omit<GatewayCall, 'service'>, signal?: AbortSignal): Promise<T> {
  return unwrapData(
    await callGateway<T>({ service: 'chat', ...action }, { secure: true, silent: true, signal }),
  );
}

export const conversationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['chat', 'conversations', page],
    queryFn: ({ signal }) =>
      call<ConversationPage>(
        {
          resource: 'conversation',
          action: 'listConversations',
          data: { page, pageSize: CONVERSATION_PAGE_SIZE },
        },
        signal,
      ),
  });

export function fetchMessages(conversationId: number, before?: number, signal?: AbortSignal) {
  return call<MessagePage>(
    {
      resource: 'message',
      action: 'listMessages',
      data: { conversationId, limit: 30, ...(before ? { before } : {}) },
    },
    signal,
  );
}

export function startConversation(input: StartConversationInput) {
  return call<ConversationItem>({ resource: 'conversation', action: 'startConversation', data: input });
}

/** The HTTP way to send (when the socket is not open); the same clientMessageId makes it retry-safe. */
export function sendMessageOverHttp(input: {
  conversationId: number;
  body: string;
  clientMessageId: string;
  fileIds: string[];
}) {
  return call<ChatMessageView>({ resource: 'message', action: 'sendMessage', data: input });
}

export function markReadOverHttp(input: { conversationId: number; upToMessageId: number }) {
  return call<{ marks: ChatMarks; moved: boolean }>({ resource: 'message', action: 'markRead', data: input });
}

/** A fresh signed link to a file sent in the conversation (the message's own link lasts minutes). */
export function fetchAttachmentLink(input: { conversationId: number; fileId: string }) {
  return call<{ url: string }>({ resource: 'message', action: 'attachmentLink', data: input });
}
