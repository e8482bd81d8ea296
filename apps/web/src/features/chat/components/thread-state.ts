import { type ChatMarks, type ChatMessageView, messageMark } from '@bima/domain';

/** A message in the thread: a stored one, or one of ours still on its way (no id yet). */
export interface ThreadMessage extends Omit<ChatMessageView, 'id' | 'mark'> {
  id: number | null;
  key: string;
  mark: ChatMessageView['mark'] | 'pending' | 'failed';
}

export interface ThreadState {
  conversationId: number | null;
  messages: ThreadMessage[];
  marks: ChatMarks | null;
  hasMore: boolean;
  nextBefore: number | null;
}

export type ThreadAction =
  | { type: 'reset'; conversationId: number | null }
  | {
      type: 'page';
      conversationId: number;
      items: ChatMessageView[];
      marks: ChatMarks;
      hasMore: boolean;
      nextBefore: number | null;
    }
  | { type: 'received'; message: ChatMessageView }
  | { type: 'pending'; message: ThreadMessage }
  | { type: 'failed'; key: string }
  | { type: 'marks'; marks: ChatMarks };

export const emptyThread: ThreadState = {
  conversationId: null,
  messages: [],
  marks: null,
  hasMore: false,
  nextBefore: null,
};

const keyOf = (message: ChatMessageView) => message.clientMessageId ?? `m${message.id}`;

function withMarks(messages: ThreadMessage[], marks: ChatMarks | null): ThreadMessage[] {
  if (!marks) return messages;
  return messages.map((message) =>
    message.isMine && message.id !== null
      ? { ...message, mark: messageMark({ id: message.id, side: message.senderSide, marks }) }
      : message,
  );
}

/** Stored messages in id order after the ones still on their way, with no duplicates. */
function merge(existing: ThreadMessage[], incoming: ChatMessageView[]): ThreadMessage[] {
  const byKey = new Map(existing.map((message) => [message.key, message]));
  for (const message of incoming) {
    const known = [...byKey.values()].find((item) => item.id === message.id);
    if (known) byKey.delete(known.key);
    byKey.set(keyOf(message), { ...message, key: keyOf(message) });
  }
  const all = [...byKey.values()];
  const stored = all.filter((message) => message.id !== null).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  const waiting = all.filter((message) => message.id === null);
  return [...stored, ...waiting];
}

/** The open thread: pages of history, live messages, our pending sends and the marks. */
export function threadReducer(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case 'reset':
      return { ...emptyThread, conversationId: action.conversationId };
    case 'page': {
      if (action.conversationId !== state.conversationId) return state;
      return {
        ...state,
        messages: withMarks(merge(state.messages, action.items), action.marks),
        marks: action.marks,
        hasMore: action.hasMore,
        nextBefore: action.nextBefore,
      };
    }
    case 'received':
      if (action.message.conversationId !== state.conversationId) return state;
      return { ...state, messages: withMarks(merge(state.messages, [action.message]), state.marks) };
    case 'pending':
      return { ...state, messages: [...state.messages, action.message] };
    case 'failed':
      return {
        ...state,
        messages: state.messages.map((message) =>
          message.key === action.key ? { ...message, mark: 'failed' } : message,
        ),
      };
    case 'marks':
      if (action.marks.conversationId !== state.conversationId) return state;
      return { ...state, marks: action.marks, messages: withMarks(state.messages, action.marks) };
  }
}
