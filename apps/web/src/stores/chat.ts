import { createPersistedStore } from '../lib/persisted-store';

/** Who the open chat is with, as the list names them. */
export interface SelectedChatUser {
  title: string;
  subtitle: string | null;
}

export interface ChatState {
  /** The open conversation (spec-1 §4 "chat_id"). */
  chat_id: number | null;
  /** Who it is with (spec-1 §4 "selected_chat_user"). */
  selected_chat_user: SelectedChatUser | null;
  /** The newest message id this tab has seen: a reconnecting socket asks for what came after. */
  lastSeenId: number;
}

/** Chat state kept for the session (spec-1 §4 store list). */
export const chatStore = createPersistedStore<ChatState>('chat', {
  chat_id: null,
  selected_chat_user: null,
  lastSeenId: 0,
});
