import {
  attachmentLinkSchema,
  listConversationsSchema,
  listMessagesSchema,
  markReadSchema,
  sendMessageSchema,
  startConversationSchema,
  startWithClientSchema,
} from '@bima/domain';
import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import {
  attachmentLink,
  getUnreadCount,
  listConversations,
  listMessages,
  markConversation,
  sendMessage,
  startConversation,
  startWithClient,
} from './service';

const SCOPE =
  'A client reaches its own conversations, an intermediary its firm’s, an admin support’s; another’s answers 404; an underwriter 403.';

/** Chats between clients and intermediary firms or support; the live side is the chat socket. */
export const chatActions = [
  defineAction({
    service: 'chat',
    resource: 'conversation',
    action: 'listConversations',
    auth: 'signedIn',
    rateLimit: 'read',
    description: `The caller's conversations, latest activity first, with the unread messages of them all. ${SCOPE}`,
    input: listConversationsSchema,
    handler: ({ db, principal, input }) => listConversations(db, principal!, input),
  }),
  defineAction({
    service: 'chat',
    resource: 'conversation',
    action: 'getUnreadCount',
    auth: 'signedIn',
    rateLimit: 'read',
    description: `What the Chats badge shows: how many conversations have messages from the other side not yet read, and how many such messages. ${SCOPE}`,
    input: z.object({}),
    handler: ({ db, principal }) => getUnreadCount(db, principal!),
  }),
  defineAction({
    service: 'chat',
    resource: 'conversation',
    action: 'startConversation',
    auth: 'client',
    description: `Opens the client's conversation (the same one again when it exists) with support, a firm, or about a help request, a recommendation or a policy (its intermediary, or support when bought direct). A firm that is not ACTIVE, or someone else's request, recommendation or policy, answers 404.`,
    input: startConversationSchema,
    handler: ({ db, principal, input }) => startConversation(db, principal!, input),
  }),
  defineAction({
    service: 'chat',
    resource: 'conversation',
    action: 'startWithClient',
    auth: 'staff',
    roles: ['intermediary'],
    description: `An intermediary opens the conversation with the client of its firm's help request (requestId: the inbox row id). Another firm's request answers 404; a client without an account 409.`,
    input: startWithClientSchema,
    handler: ({ db, principal, input }) => startWithClient(db, principal!, input),
  }),
  defineAction({
    service: 'chat',
    resource: 'message',
    action: 'listMessages',
    auth: 'signedIn',
    rateLimit: 'read',
    description: `History: newest first before a message id (or the latest), or oldest first after one (catch-up), with the conversation's marks. Reading marks the other side's messages delivered. ${SCOPE}`,
    input: listMessagesSchema,
    handler: async ({ db, principal, services, input }) => {
      const { result, marksMoved } = await listMessages(db, principal!, input, services.tokenSecret);
      if (marksMoved) await services.chat.publish({ t: 'marks', conversationId: result.conversationId });
      return result;
    },
  }),
  defineAction({
    service: 'chat',
    resource: 'message',
    action: 'sendMessage',
    auth: 'signedIn',
    description: `Sends a message (the chat socket's 'send' does the same): a body of up to 2000 characters (may be empty when files are attached), up to 5 files the caller uploaded to this conversation (POST /v2/api/files?ownerKind=chat&ownerId=<conversationId>&category=attachment) and not yet sent; a retry with the same clientMessageId answers the stored message. Someone else's upload, another conversation's or an unknown id is 404; a file already sent is 409. When no one on the other side has the chat open, they get a chat_message notification. ${SCOPE}`,
    input: sendMessageSchema,
    handler: async ({ db, principal, services, config, input }) => {
      const { message, isNew } = await sendMessage(db, principal!, input, {
        presenceTtlMs: services.chat.presenceTtlMs,
        baseUrl: config.PUBLIC_BASE_URL,
        secret: services.tokenSecret,
      });
      if (isNew) await services.chat.publish({ t: 'message', id: message.id });
      return message;
    },
  }),
  defineAction({
    service: 'chat',
    resource: 'message',
    action: 'markRead',
    auth: 'signedIn',
    description: `The caller's side has read the conversation up to a message; answers the marks and whether they moved. Never moves back. ${SCOPE}`,
    input: markReadSchema,
    handler: async ({ db, principal, services, input }) => {
      const answer = await markConversation(db, principal!, input, 'read');
      if (answer.moved) await services.chat.publish({ t: 'marks', conversationId: input.conversationId });
      return answer;
    },
  }),
  defineAction({
    service: 'chat',
    resource: 'message',
    action: 'attachmentLink',
    auth: 'signedIn',
    rateLimit: 'read',
    description: `A fresh download link to a file sent in one of the caller's conversations (a message's links last 10 minutes). A file not sent in that conversation answers 404. ${SCOPE}`,
    input: attachmentLinkSchema,
    handler: ({ db, principal, services, input }) =>
      attachmentLink(db, principal!, input, services.tokenSecret),
  }),
];
