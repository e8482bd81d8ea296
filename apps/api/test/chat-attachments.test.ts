import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessageFiles, users } from '../src/db/schema';
import { signFileLink } from '../src/modules/files/links';
import { loginUser, registerUser } from './accounts-helpers';
import { openSocket } from './chat-helpers';
import { multipart } from './claims-helpers';
import { buildTestApp, linkReaderOf, TEST_JWT_SECRET } from './helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const dataDir = mkdtempSync(join(tmpdir(), 'bima-chat-files-test-'));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A phone photo with EXIF (a GPS position): the stored one must have none. */
async function phonePhoto() {
  return sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 0/1' } })
    .toBuffer();
}

let ctx: Ctx;
let savannahId: number;

interface Person {
  headers: Headers;
  token: string;
  userId: string;
}

async function newClient(): Promise<Person> {
  const email = await registerUser(ctx);
  const session = await loginUser(ctx, email);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { headers: { accesstoken: session.accessToken }, token: session.accessToken, userId: user!.id };
}

async function staff(email: string): Promise<Person> {
  const { headers } = await signInAs(ctx, email);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { headers, token: headers.accesstoken!, userId: user!.id };
}

async function uploadTo(
  who: Person,
  conversationId: number | string,
  file: { name: string; type: string; bytes: Buffer; uploadId?: string },
) {
  const body = multipart(file.name, file.type, file.bytes);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/v2/api/files?ownerKind=chat&ownerId=${conversationId}&category=attachment`,
    headers: { ...who.headers, ...body.headers, 'x-upload-id': file.uploadId ?? randomUUID() },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() };
}

async function uploaded(who: Person, conversationId: number, name = 'abstract.pdf', bytes: Buffer = PDF) {
  const answer = await uploadTo(who, conversationId, {
    name,
    type: name.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
    bytes,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.data.id as string;
}

const sendWith = (who: Person, data: Record<string, unknown>) =>
  send(ctx, 'chat/message/sendMessage', data, who.headers);

const download = (url: string) => ctx.app.inject({ method: 'GET', url });
/** A link signed for `who` in their own session (as the server would sign one for them). */
const linkFor = (fileId: string, who: Person) =>
  signFileLink(TEST_JWT_SECRET, fileId, linkReaderOf({ accesstoken: who.token }));

async function firmConversation(client: Person) {
  const started = await send(
    ctx,
    'chat/conversation/startConversation',
    { with: 'intermediary', intermediaryId: savannahId },
    client.headers,
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.result.data.id as number;
}

beforeAll(async () => {
  ctx = await buildTestApp({
    env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_SCALE: '100', RATE_LIMIT_MAX: '100000' },
  });
  savannahId = await firmId(ctx, FIRM.savannah);
}, 60_000);

afterAll(async () => {
  await ctx?.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('chat attachments', () => {
  it('a client attaches a photo and a PDF; the broker gets them live and reads them, outsiders get 404', async () => {
    const client = await newClient();
    const broker = await staff(SAMPLE.brokerA);
    const conversationId = await firmConversation(client);
    const brokerSocket = await openSocket(ctx.app, broker.token);

    const photoId = await uploaded(client, conversationId, 'IMG_2031.JPG', await phonePhoto());
    const pdfId = await uploaded(client, conversationId, 'police-abstract.pdf');
    const sent = await sendWith(client, {
      conversationId,
      body: 'The photo of the damage and the police abstract.',
      fileIds: [photoId, pdfId],
      clientMessageId: 'attach-0001',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const message = sent.body.result.data;
    expect(message.attachments).toMatchObject([
      { fileId: photoId, name: 'IMG_2031.jpg', contentType: 'image/jpeg' },
      { fileId: pdfId, name: 'police-abstract.pdf', contentType: 'application/pdf', size: PDF.length },
    ]);
    expect(message.attachments[0].url).toMatch(/^\/v2\/api\/files\//);

    // The broker's socket gets the message with links signed for the broker.
    const live = await brokerSocket.next('message', (frame) => frame.message.id === message.id);
    expect(live.message.attachments.map((file: { name: string }) => file.name)).toEqual([
      'IMG_2031.jpg',
      'police-abstract.pdf',
    ]);
    const photo = await download(live.message.attachments[0]!.url);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(photo.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(Math.max(metadata.width ?? 0, metadata.height ?? 0)).toBeLessThanOrEqual(2048);
    const pdf = await download(live.message.attachments[1]!.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    await brokerSocket.close();

    // History shows them to the broker too, with fresh links on request.
    const history = await send(ctx, 'chat/message/listMessages', { conversationId }, broker.headers);
    const listed = history.body.result.data.items.find((item: { id: number }) => item.id === message.id);
    expect(listed.attachments).toHaveLength(2);
    expect((await download(listed.attachments[1].url)).statusCode).toBe(200);
    const fresh = await send(
      ctx,
      'chat/message/attachmentLink',
      { conversationId, fileId: pdfId },
      broker.headers,
    );
    expect(fresh.status).toBe(200);
    expect((await download(fresh.body.result.data.url)).statusCode).toBe(200);

    // Another client, another firm and an underwriter: 404 on the file, whatever link they hold.
    const stranger = await newClient();
    const tana = await staff(SAMPLE.brokerB);
    const underwriter = await staff(SAMPLE.underwriter);
    for (const outsider of [stranger, tana, underwriter]) {
      expect((await download(linkFor(pdfId, outsider))).statusCode).toBe(404);
      expect((await download(linkFor(photoId, outsider))).statusCode).toBe(404);
    }
    for (const outsider of [stranger, tana]) {
      const asked = await send(
        ctx,
        'chat/message/attachmentLink',
        { conversationId, fileId: pdfId },
        outsider.headers,
      );
      expect(asked.status).toBe(404);
      // Nor can they upload to that conversation.
      expect(
        (await uploadTo(outsider, conversationId, { name: 'x.pdf', type: 'application/pdf', bytes: PDF }))
          .status,
      ).toBe(404);
    }
    // Support's admins do not reach a firm's conversation either.
    const admin = await staff(SAMPLE.admin);
    expect((await download(linkFor(pdfId, admin))).statusCode).toBe(404);

    // The conversation list names the file of a message without text.
    const onlyFile = await uploaded(broker, conversationId, 'quote.pdf');
    expect((await sendWith(broker, { conversationId, fileIds: [onlyFile] })).status).toBe(200);
    const list = await send(
      ctx,
      'chat/conversation/listConversations',
      { page: 1, pageSize: 10 },
      client.headers,
    );
    expect(list.body.result.data.items[0]).toMatchObject({
      id: conversationId,
      lastMessage: 'Attachment: quote.pdf',
    });
    expect((await download(linkFor(onlyFile, client))).statusCode).toBe(200);
  });

  it('an upload never sent stays its uploader’s alone', async () => {
    const client = await newClient();
    const broker = await staff(SAMPLE.brokerA);
    const conversationId = await firmConversation(client);
    const draft = await uploaded(client, conversationId, 'draft.pdf');
    expect((await download(linkFor(draft, client))).statusCode).toBe(200);
    expect((await download(linkFor(draft, broker))).statusCode).toBe(404);
    const asked = await send(
      ctx,
      'chat/message/attachmentLink',
      { conversationId, fileId: draft },
      broker.headers,
    );
    expect(asked.status).toBe(404);
    // Another user of the same firm cannot read a colleague's unsent upload either.
    const brokerDraft = await uploaded(broker, conversationId, 'broker-draft.pdf');
    expect((await download(linkFor(brokerDraft, client))).statusCode).toBe(404);
  });

  it('a file is attached once, by its uploader, in its own conversation', async () => {
    const client = await newClient();
    const broker = await staff(SAMPLE.brokerA);
    const conversationId = await firmConversation(client);
    const support = (
      await send(ctx, 'chat/conversation/startConversation', { with: 'support' }, client.headers)
    ).body.result.data.id as number;

    const fileId = await uploaded(client, conversationId);
    // Someone else's upload cannot go in one's own message (404), even in the same conversation.
    const brokersTry = await sendWith(broker, { conversationId, body: 'mine now', fileIds: [fileId] });
    expect(brokersTry.status).toBe(404);
    expect(brokersTry.body.err_msg).toBe('An attached file was not found. Upload it again.');
    const stranger = await newClient();
    const strangers = await firmConversation(stranger);
    expect((await sendWith(stranger, { conversationId: strangers, fileIds: [fileId] })).status).toBe(404);
    // Nor in another conversation of the same client.
    expect((await sendWith(client, { conversationId: support, fileIds: [fileId] })).status).toBe(404);
    // An id that is no file at all.
    expect((await sendWith(client, { conversationId, fileIds: [randomUUID()] })).status).toBe(404);

    const first = await sendWith(client, { conversationId, fileIds: [fileId], clientMessageId: 'once-0001' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result.data.body).toBe('');
    // The same send retried answers the stored message.
    const retried = await sendWith(client, {
      conversationId,
      fileIds: [fileId],
      clientMessageId: 'once-0001',
    });
    expect(retried.status).toBe(200);
    expect(retried.body.result.data.id).toBe(first.body.result.data.id);
    // A new message with the same file is refused, and nothing is stored for it.
    const twice = await sendWith(client, { conversationId, body: 'again', fileIds: [fileId] });
    expect(twice.status).toBe(409);
    expect(twice.body.err_msg).toBe(
      'This file is already attached to a message. Upload it again to send it once more.',
    );
    const rows = await ctx.database.db
      .select()
      .from(chatMessageFiles)
      .where(eq(chatMessageFiles.fileId, fileId));
    expect(rows).toHaveLength(1);
    const history = await send(ctx, 'chat/message/listMessages', { conversationId }, client.headers);
    expect(history.body.result.data.items.map((item: { body: string }) => item.body)).not.toContain('again');

    // Over the socket the refusal names the send, so the browser marks it failed.
    const socket = await openSocket(ctx.app, client.token);
    socket.send({
      type: 'send',
      conversationId,
      body: 'socket',
      fileIds: [fileId],
      clientMessageId: 'sock-0001',
    });
    const refused = await socket.next('error');
    expect(refused).toMatchObject({ code: 'conflict', clientMessageId: 'sock-0001' });
    socket.send({
      type: 'send',
      conversationId,
      body: 'twice',
      fileIds: [fileId, fileId],
      clientMessageId: 'sock-0003',
    });
    expect(await socket.next('error', (frame) => frame.clientMessageId === 'sock-0003')).toMatchObject({
      code: 'invalid',
      message: 'The same file is attached twice.',
    });
    socket.send({ type: 'send', conversationId, body: '  ', clientMessageId: 'sock-0002' });
    expect(await socket.next('error', (frame) => frame.clientMessageId === 'sock-0002')).toMatchObject({
      code: 'invalid',
      message: 'Type a message or attach a file.',
    });
    await socket.close();
  });

  it('limits: type, size, count, and a message needs text or a file', async () => {
    const client = await newClient();
    const conversationId = await firmConversation(client);
    const text = await uploadTo(client, conversationId, {
      name: 'notes.txt',
      type: 'text/plain',
      bytes: Buffer.from('plain text'),
    });
    expect(text.status).toBe(400);
    expect(text.body.err_msg).toBe('Only photos (JPEG, PNG, WebP) and PDF documents can be uploaded.');
    const tooLarge = await uploadTo(client, conversationId, {
      name: 'huge.pdf',
      type: 'application/pdf',
      bytes: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.err_msg).toBe(
      'The file is larger than 10 MB. Choose a smaller file or a lower photo resolution.',
    );
    // A retried upload (same upload id) answers the first one.
    const uploadId = `chat-retry-${Date.now()}`;
    const one = await uploadTo(client, conversationId, {
      name: 'a.pdf',
      type: 'application/pdf',
      bytes: PDF,
      uploadId,
    });
    const again = await uploadTo(client, conversationId, {
      name: 'a.pdf',
      type: 'application/pdf',
      bytes: PDF,
      uploadId,
    });
    expect(again.body.result.data).toMatchObject({ id: one.body.result.data.id, duplicate: true });

    const empty = await sendWith(client, { conversationId, body: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'body', message: 'Type a message or attach a file.' }]);
    const six = await Promise.all(Array.from({ length: 6 }, () => uploaded(client, conversationId)));
    const tooMany = await sendWith(client, { conversationId, fileIds: six });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.err_msg).toBe('A message can carry at most 5 files.');
    // A conversation id that is not a number, or someone else's, cannot take uploads.
    expect(
      (await uploadTo(client, 'abc', { name: 'a.pdf', type: 'application/pdf', bytes: PDF })).status,
    ).toBe(404);
  });
});

describe('unread count (the Chats badge)', () => {
  it('counts conversations with unread messages, per side, and clears when read', async () => {
    const client = await newClient();
    const broker = await staff(SAMPLE.brokerA);
    const admin = await staff(SAMPLE.admin);
    const unread = async (who: Person) =>
      (await send(ctx, 'chat/conversation/getUnreadCount', {}, who.headers)).body.result.data;
    expect(await unread(client)).toEqual({ conversations: 0, messages: 0 });

    const firm = await firmConversation(client);
    const support = (
      await send(ctx, 'chat/conversation/startConversation', { with: 'support' }, client.headers)
    ).body.result.data.id as number;
    const brokerBefore = await unread(broker);
    const hello = await sendWith(client, { conversationId: firm, body: 'Hello broker' });
    expect(hello.status, JSON.stringify(hello.body)).toBe(200);
    expect(await unread(broker)).toEqual({
      conversations: brokerBefore.conversations + 1,
      messages: brokerBefore.messages + 1,
    });
    await sendWith(broker, { conversationId: firm, body: 'Karibu' });
    await sendWith(broker, { conversationId: firm, body: 'How can I help?' });
    await sendWith(admin, { conversationId: support, body: 'Support here' });
    expect(await unread(client)).toEqual({ conversations: 2, messages: 3 });

    const read = await send(
      ctx,
      'chat/message/markRead',
      { conversationId: firm, upToMessageId: 2_000_000_000 },
      client.headers,
    );
    expect(read.status).toBe(200);
    expect(await unread(client)).toEqual({ conversations: 1, messages: 1 });
    // Underwriters have no chats: 403.
    const underwriter = await staff(SAMPLE.underwriter);
    expect((await send(ctx, 'chat/conversation/getUnreadCount', {}, underwriter.headers)).status).toBe(403);
  });
});
