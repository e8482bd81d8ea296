import type { ChatClientFrame, ChatServerFrame } from '@bima/domain';
import { useEffect, useRef, useState } from 'react';
import { ChatSocket, type ChatSocketStatus } from '../socket/chat-socket';

/** The chat socket for the life of a screen: its status, and a send that answers false when closed. */
export function useChatSocket(onFrame: (frame: ChatServerFrame) => void) {
  const [status, setStatus] = useState<ChatSocketStatus>('connecting');
  const handler = useRef(onFrame);
  handler.current = onFrame;
  const socket = useRef<ChatSocket | null>(null);
  useEffect(() => {
    const chat = new ChatSocket((frame) => handler.current(frame), setStatus);
    socket.current = chat;
    chat.start();
    return () => {
      chat.stop();
      socket.current = null;
    };
  }, []);
  const send = (frame: ChatClientFrame) => socket.current?.send(frame) ?? false;
  return { status, send };
}
