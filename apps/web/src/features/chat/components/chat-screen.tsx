import type { ChatServerFrame, ChatSide } from '@bima/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { cardClass, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { ApiError } from '../../../lib/api-client';
import { CHAT_UNREAD_KEY } from '../../../lib/chat-unread';
import { domainText } from '../../../lib/domain-text';
import { usePersistedStore } from '../../../lib/persisted-store';
import type { UploadedFile } from '../../../lib/upload';
import { authStore } from '../../../stores/auth';
import { chatStore } from '../../../stores/chat';
import {
  chatUploadUrl,
  conversationsQueryOptions,
  fetchMessages,
  markReadOverHttp,
  sendMessageOverHttp,
} from '../api/chat';
import { t } from '../i18n';
import { ChatThread } from './chat-thread';
import { ConversationList } from './conversation-list';
import { emptyThread, threadReducer } from './thread-state';
import { useChatSocket } from './use-chat-socket';

interface ChatScreenProps {
  /** Which side the signed-in user is on. */
  side: ChatSide;
  heading: string;
  intro: string;
  /** The open conversation (from the address), or null for the list alone. */
  conversationId: number | null;
  hrefOf: (id: number) => string;
  listHref: string;
  empty: ReactNode;
  /** Shown above the list (e.g. Chat with support). */
  actions?: ReactNode;
}

const newClientMessageId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * Chats, for clients and staff alike: the conversations with unread counts, the open thread and its
 * composer, kept live by the chat socket (HTTP when it is closed).
 */
export function ChatScreen({
  side,
  heading,
  intro,
  conversationId,
  hrefOf,
  listHref,
  empty,
  actions,
}: ChatScreenProps) {
  const queryClient = useQueryClient();
  const [page, setPage] = usePageParam();
  const [thread, dispatch] = useReducer(threadReducer, emptyThread);
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const [olderFailed, setOlderFailed] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const selected = usePersistedStore(chatStore, (state) => state.selected_chat_user);
  const userName = usePersistedStore(authStore, (state) => state.authData?.names);
  const openId = useRef(conversationId);
  openId.current = conversationId;

  // The list and the Chats badge's count (marks sent over HTTP come back on no socket).
  const refreshList = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
    void queryClient.invalidateQueries({ queryKey: CHAT_UNREAD_KEY });
  }, [queryClient]);

  const markRead = (upTo: number) => {
    if (!openId.current || document.visibilityState === 'hidden') return;
    const input = { conversationId: openId.current, upToMessageId: upTo };
    if (!socket.send({ type: 'read', ...input })) void markReadOverHttp(input).catch(() => undefined);
    refreshList();
  };

  const onFrame = (frame: ChatServerFrame) => {
    if (frame.type === 'message' || frame.type === 'ack') {
      const { message } = frame;
      dispatch({ type: 'received', message });
      if (!message.isMine) {
        socket.send({ type: 'delivered', conversationId: message.conversationId, upToMessageId: message.id });
        if (message.conversationId === openId.current) markRead(message.id);
      }
      refreshList();
    }
    if (frame.type === 'marks') dispatch({ type: 'marks', marks: frame.marks });
    // A refused send (e.g. a file already sent) names its message: mark it failed, say why.
    if (frame.type === 'error' && frame.clientMessageId) {
      dispatch({ type: 'failed', key: frame.clientMessageId });
      // The server words its refusals in English; the domain catalogue has them in Swahili too.
      setSendError(domainText(frame.message));
    }
  };
  const socket = useChatSocket(onFrame);

  const firstPage = useQuery({
    queryKey: ['chat', 'messages', conversationId],
    queryFn: ({ signal }) => fetchMessages(conversationId!, undefined, signal),
    enabled: conversationId !== null,
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => {
    dispatch({ type: 'reset', conversationId });
    setOlderFailed(false);
    setSendError(null);
    chatStore.setState({ chat_id: conversationId });
  }, [conversationId]);

  const markReadLater = useRef(markRead);
  markReadLater.current = markRead;
  useEffect(() => {
    const data = firstPage.data;
    if (!data || data.conversationId !== conversationId) return;
    dispatch({ type: 'page', ...data });
    const newestTheirs = data.items.find((item) => !item.isMine);
    if (newestTheirs) markReadLater.current(newestTheirs.id);
  }, [firstPage.data, conversationId]);

  // A reconnect may have missed messages and marks: reload the open page when the socket comes back.
  const reload = useRef(firstPage.refetch);
  reload.current = firstPage.refetch;
  const hasConversation = conversationId !== null;
  useEffect(() => {
    if (socket.status === 'open' && hasConversation) void reload.current();
  }, [socket.status, hasConversation]);

  const list = useQuery(conversationsQueryOptions(page));
  const current = list.data?.items.find((item) => item.id === conversationId);
  useEffect(() => {
    if (current)
      chatStore.setState({ selected_chat_user: { title: current.title, subtitle: current.subtitle } });
  }, [current]);
  const title = current?.title ?? selected?.title ?? '';

  const loadOlder = async () => {
    if (!conversationId || thread.nextBefore === null) return;
    setLoadingOlder(true);
    setOlderFailed(false);
    try {
      const older = await fetchMessages(conversationId, thread.nextBefore);
      dispatch({ type: 'page', ...older });
    } catch {
      setOlderFailed(true);
    } finally {
      setLoadingOlder(false);
    }
  };

  const send = (body: string, files: UploadedFile[]) => {
    if (!conversationId) return;
    setSendError(null);
    const clientMessageId = newClientMessageId();
    dispatch({
      type: 'pending',
      message: {
        id: null,
        key: clientMessageId,
        conversationId,
        senderSide: side,
        senderName: userName ? `${userName.firstName} ${userName.lastName}` : '',
        isMine: true,
        body,
        // Shown at once by name and size; the stored message brings each file's link.
        attachments: files.map((file) => ({
          fileId: file.id,
          name: file.name,
          contentType: file.contentType,
          size: file.size,
          url: '',
        })),
        createdAt: new Date().toISOString(),
        mark: 'pending',
        clientMessageId,
      },
    });
    const input = { conversationId, body, clientMessageId, fileIds: files.map((file) => file.id) };
    if (socket.send({ type: 'send', ...input })) return;
    sendMessageOverHttp(input).then(
      (message) => {
        dispatch({ type: 'received', message });
        refreshList();
      },
      (error: unknown) => {
        dispatch({ type: 'failed', key: clientMessageId });
        if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500)
          setSendError(error.message);
      },
    );
  };

  const isNotFound = firstPage.error instanceof ApiError && [400, 404].includes(firstPage.error.httpStatus);
  const statusText = t(`chat.status.${socket.status}`);

  return (
    <div>
      <ScreenHeading level={1}>{heading}</ScreenHeading>
      <p className="mt-1 text-slate-800">{intro}</p>
      <p role="status" className="mt-2 text-sm text-slate-700" data-chat-status={socket.status}>
        {statusText}
      </p>
      {/* min-w-0: a grid column is never wider than the screen, whatever a name or message holds. */}
      <div className="mt-4 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className={`min-w-0 ${conversationId !== null ? 'hidden lg:block' : ''}`}>
          {actions ? <div className="mb-4 flex flex-wrap gap-3">{actions}</div> : null}
          <ConversationList
            list={list}
            page={page}
            onPageChange={setPage}
            selectedId={conversationId}
            hrefOf={hrefOf}
            empty={empty}
          />
        </div>
        <div className={`${cardClass} min-w-0 ${conversationId === null ? 'hidden lg:block' : ''}`}>
          {conversationId === null ? (
            <p className="text-slate-700">{t('chat.selectConversation')}</p>
          ) : (
            <>
              <Link to={listHref} className={`${linkButton} mb-3 inline-block lg:hidden`}>
                {t('chat.backToList')}
              </Link>
              {isNotFound ? (
                <p role="alert" className="text-slate-900">
                  {t('chat.notFound')}
                </p>
              ) : (
                <>
                  <QueryStatus
                    isPending={firstPage.isPending}
                    isError={firstPage.isError}
                    onRetry={() => void firstPage.refetch()}
                    loadingText={t('chat.loading')}
                    errorText={t('chat.loadFailed')}
                    className="mb-3"
                  />
                  {firstPage.data ? (
                    <ChatThread
                      title={title}
                      topic={current?.topic ?? null}
                      messages={thread.messages}
                      hasMore={thread.hasMore}
                      isLoadingOlder={isLoadingOlder}
                      olderFailed={olderFailed}
                      onLoadOlder={() => void loadOlder()}
                      onSend={send}
                      uploadUrl={chatUploadUrl(conversationId)}
                      sendError={sendError}
                    />
                  ) : null}
                </>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
