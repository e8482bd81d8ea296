import { describe, expect, it } from 'vitest';
import { type ChatMarks, chatSocketUrl, messageMark, sendMessageSchema } from './chat';

describe('chatSocketUrl', () => {
  it.each([
    ['http:', 'localhost:3000', undefined, 'ws://localhost:3000/v2/api/chat/socket'],
    ['http:', '192.168.1.20:3000', undefined, 'ws://192.168.1.20:3000/v2/api/chat/socket'],
    ['https:', 'portal.bima.co.ke', undefined, 'wss://portal.bima.co.ke/v2/api/chat/socket'],
    ['https:', 'portal.bima.co.ke', 'chat.bima.co.ke', 'wss://chat.bima.co.ke/v2/api/chat/socket'],
    ['https:', 'portal.bima.co.ke', 'wss://chat.bima.co.ke/', 'wss://chat.bima.co.ke/v2/api/chat/socket'],
    ['http:', 'localhost:5173', '  ', 'ws://localhost:5173/v2/api/chat/socket'],
  ])('%s//%s with chat host %j → %s', (protocol, host, configuredHost, expected) => {
    expect(chatSocketUrl({ protocol, host, configuredHost })).toBe(expected);
  });
});

describe('messageMark', () => {
  const marks: ChatMarks = {
    conversationId: 1,
    clientDeliveredId: 9,
    clientReadId: 8,
    staffDeliveredId: 5,
    staffReadId: 3,
  };
  it.each([
    [3, 'client', 'read'],
    [4, 'client', 'delivered'],
    [6, 'client', 'sent'],
    [8, 'staff', 'read'],
    [9, 'staff', 'delivered'],
    [10, 'staff', 'sent'],
  ] as const)('message %i from the %s side reads %s', (id, side, mark) => {
    expect(messageMark({ id, side, marks })).toBe(mark);
  });
});

describe('sendMessageSchema', () => {
  it('trims the body and refuses an empty or too long one, and attachments until uploads exist', () => {
    expect(sendMessageSchema.parse({ conversationId: 1, body: '  habari ' }).body).toBe('habari');
    expect(sendMessageSchema.safeParse({ conversationId: 1, body: '   ' }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ conversationId: 1, body: 'x'.repeat(2001) }).success).toBe(false);
    const withFile = { fileId: 'f1', name: 'abstract.pdf', contentType: 'application/pdf', size: 10 };
    expect(
      sendMessageSchema.safeParse({ conversationId: 1, body: 'see file', attachments: [withFile] }).success,
    ).toBe(false);
  });
});
