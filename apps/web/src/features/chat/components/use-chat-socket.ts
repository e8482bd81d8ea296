import type { ChatServerFrame } from '@bima/domain';
import { useChatConnection } from '../../../lib/chat-connection';

/** The tab's chat socket for the life of a screen: its status, and a send that answers false when closed. */
export function useChatSocket(onFrame: (frame: ChatServerFrame) => void) {
  return useChatConnection(onFrame);
}
