import type { ChatClientFrame, ChatServerFrame } from '@bima/domain';
import { useEffect, useRef, useState } from 'react';
import { ChatSocket, type ChatSocketStatus } from './chat-socket';

/** What a part of the page wants from the chat connection: its frames, its status, or both. */
export interface ChatListener {
  onFrame?: (frame: ChatServerFrame) => void;
  onStatus?: (status: ChatSocketStatus) => void;
}

/** A last listener gone waits this long before the socket closes (a route change remounts one). */
const LINGER_MS = 2_000;

let socket: ChatSocket | null = null;
let status: ChatSocketStatus = 'connecting';
let lingerTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<ChatListener>();

function setStatus(next: ChatSocketStatus): void {
  status = next;
  // Signed out: the next listener (after a new sign-in) gets a socket of its own.
  if (next === 'signed-out') socket = null;
  for (const listener of [...listeners]) listener.onStatus?.(next);
}

function dispatch(frame: ChatServerFrame): void {
  for (const listener of [...listeners]) listener.onFrame?.(frame);
}

/**
 * One chat socket per tab, shared by whatever needs it — the portal menu's and the staff
 * navigation's Chats badge, and the chat screen — opened by the first listener and closed shortly
 * after the last one leaves. An open socket counts as "online" for the server, so a message to a
 * user with a portal or staff page open is not also sent as a notification.
 */
export function subscribeChat(listener: ChatListener): () => void {
  listeners.add(listener);
  if (lingerTimer) {
    clearTimeout(lingerTimer);
    lingerTimer = null;
  }
  if (!socket) {
    status = 'connecting';
    socket = new ChatSocket(dispatch, setStatus);
    socket.start();
  }
  listener.onStatus?.(status);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || lingerTimer) return;
    lingerTimer = setTimeout(() => {
      lingerTimer = null;
      if (listeners.size > 0) return;
      const closing = socket;
      socket = null;
      closing?.stop();
    }, LINGER_MS);
  };
}

/** Sends a frame on the shared socket; false when it is not open (the caller falls back to HTTP). */
export function sendChatFrame(frame: ChatClientFrame): boolean {
  return socket?.send(frame) ?? false;
}

/**
 * The shared chat socket for the life of a component: its status, and frames to `onFrame` (the
 * latest one given). `enabled: false` neither opens nor holds it (e.g. a role without chats).
 */
export function useChatConnection(onFrame: (frame: ChatServerFrame) => void, enabled = true) {
  const [current, setCurrent] = useState<ChatSocketStatus>(status);
  const handler = useRef(onFrame);
  handler.current = onFrame;
  useEffect(() => {
    if (!enabled) return;
    return subscribeChat({ onFrame: (frame) => handler.current(frame), onStatus: setCurrent });
  }, [enabled]);
  return { status: current, send: sendChatFrame };
}

export type { ChatSocketStatus };
