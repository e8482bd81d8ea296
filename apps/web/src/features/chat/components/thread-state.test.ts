import type { ChatMarks, ChatMessageView } from '@bima/domain';
import { describe, expect, it } from 'vitest';
import { emptyThread, threadReducer } from './thread-state';

const marks = (overrides: Partial<ChatMarks> = {}): ChatMarks => ({
  conversationId: 7,
  clientDeliveredId: 0,
  clientReadId: 0,
  staffDeliveredId: 0,
  staffReadId: 0,
  ...overrides,
});

const message = (id: number, overrides: Partial<ChatMessageView> = {}): ChatMessageView => ({
  id,
  conversationId: 7,
  senderSide: 'client',
  senderName: 'Amina Otieno',
  isMine: true,
  body: `message ${id}`,
  attachments: [],
  createdAt: '2026-11-23T10:00:00.000Z',
  mark: 'sent',
  clientMessageId: `client-${id}`,
  ...overrides,
});

describe('threadReducer', () => {
  const opened = threadReducer(emptyThread, { type: 'reset', conversationId: 7 });

  it('keeps stored messages in id order whatever order pages and live messages come in', () => {
    const first = threadReducer(opened, {
      type: 'page',
      conversationId: 7,
      items: [message(5), message(4)],
      marks: marks(),
      hasMore: true,
      nextBefore: 4,
    });
    const older = threadReducer(first, {
      type: 'page',
      conversationId: 7,
      items: [message(3)],
      marks: marks(),
      hasMore: false,
      nextBefore: null,
    });
    const live = threadReducer(older, { type: 'received', message: message(6) });
    expect(live.messages.map((item) => item.id)).toEqual([3, 4, 5, 6]);
    expect(live.hasMore).toBe(false);
  });

  it('replaces a pending message with the stored one when its ack arrives, without a duplicate', () => {
    const pending = threadReducer(opened, {
      type: 'pending',
      message: { ...message(0), id: null, key: 'client-9', clientMessageId: 'client-9', mark: 'pending' },
    });
    const acked = threadReducer(pending, {
      type: 'received',
      message: message(9, { clientMessageId: 'client-9' }),
    });
    const again = threadReducer(acked, {
      type: 'received',
      message: message(9, { clientMessageId: 'client-9' }),
    });
    expect(again.messages).toHaveLength(1);
    expect(again.messages[0]).toMatchObject({ id: 9, mark: 'sent' });
  });

  it('moves own messages to delivered and read as the marks come, and ignores other conversations', () => {
    const loaded = threadReducer(opened, {
      type: 'page',
      conversationId: 7,
      items: [message(2), message(1)],
      marks: marks(),
      hasMore: false,
      nextBefore: null,
    });
    const delivered = threadReducer(loaded, {
      type: 'marks',
      marks: marks({ staffDeliveredId: 2, staffReadId: 1 }),
    });
    expect(delivered.messages.map((item) => item.mark)).toEqual(['read', 'delivered']);
    const elsewhere = threadReducer(delivered, {
      type: 'received',
      message: message(3, { conversationId: 8 }),
    });
    expect(elsewhere.messages).toHaveLength(2);
  });
});
