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
  const fileId = '0b7f6a2e-5c1d-4e8a-9f3b-2a6d8c4e1f00';
  it('trims the body and refuses an empty or too long one', () => {
    expect(sendMessageSchema.parse({ conversationId: 1, body: '  habari ' }).body).toBe('habari');
    const empty = sendMessageSchema.safeParse({ conversationId: 1, body: '   ' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]).toMatchObject({
      path: ['body'],
      message: 'Type a message or attach a file.',
    });
    expect(sendMessageSchema.safeParse({ conversationId: 1, body: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('takes files with or without a body, at most five, each once', () => {
    expect(sendMessageSchema.parse({ conversationId: 1, fileIds: [fileId] })).toMatchObject({
      body: '',
      fileIds: [fileId],
    });
    expect(
      sendMessageSchema.parse({ conversationId: 1, body: 'see file', fileIds: [fileId] }).fileIds,
    ).toEqual([fileId]);
    const twice = sendMessageSchema.safeParse({ conversationId: 1, fileIds: [fileId, fileId] });
    expect(twice.error?.issues[0]?.message).toBe('The same file is attached twice.');
    const six = Array.from({ length: 6 }, (_, index) => fileId.replace(/00$/, `0${index}`));
    expect(sendMessageSchema.safeParse({ conversationId: 1, fileIds: six }).error?.issues[0]?.message).toBe(
      'A message can carry at most 5 files.',
    );
    expect(sendMessageSchema.safeParse({ conversationId: 1, fileIds: ['not-an-id'] }).success).toBe(false);
  });
});
