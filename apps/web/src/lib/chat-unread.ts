import type { ChatServerFrame } from '@bima/domain';
import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { callAction } from './api-client';
import { useChatConnection } from './chat-connection';

/** `chat / conversation / getUnreadCount`: conversations with unread messages, and those messages. */
export type ChatUnread = ActionOutput<'chat/conversation/getUnreadCount'>;

/** Its key starts with 'chat': the chat screen refreshes it with its list when it marks read. */
export const CHAT_UNREAD_KEY = ['chat', 'unread'] as const;

export const chatUnreadQueryOptions = () =>
  queryOptions({
    queryKey: CHAT_UNREAD_KEY,
    queryFn: ({ signal }): Promise<ChatUnread> =>
      callAction('chat/conversation/getUnreadCount', {}, { secure: true, silent: true, signal }),
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });

/** Which socket frames can change the count: a message either way, or marks moving (read somewhere). */
export const changesUnread = (frame: ChatServerFrame) =>
  frame.type === 'message' || frame.type === 'ack' || frame.type === 'marks';

/**
 * How many conversations have messages the user has not read — what the Chats badge shows. Kept
 * live by the tab's chat socket: a message arriving, or marks moving (read here or on another
 * device), asks again; so does the socket coming back after a break. `enabled: false` for a role
 * without chats (an underwriter's call would be refused, and a 403 signs out).
 */
export function useChatUnreadCount(enabled = true): number {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: CHAT_UNREAD_KEY }),
    [queryClient],
  );
  const { status } = useChatConnection((frame) => {
    if (changesUnread(frame)) refresh();
  }, enabled);
  // Asked once the socket is signed in (or has failed to connect), so that every message after the
  // answer arrives as a frame; then again after each reconnect, as messages may have come meanwhile.
  const query = useQuery({
    ...chatUnreadQueryOptions(),
    enabled: enabled && (status === 'open' || status === 'offline'),
  });
  const wasOpen = useRef(false);
  const dropped = useRef(false);
  useEffect(() => {
    if (status === 'open') {
      if (enabled && dropped.current) refresh();
      wasOpen.current = true;
      dropped.current = false;
    } else if (wasOpen.current) dropped.current = true;
  }, [enabled, status, refresh]);
  return enabled ? (query.data?.conversations ?? 0) : 0;
}
