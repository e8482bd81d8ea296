import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, users } from '../src/db/schema';
import { chatFileOwner } from '../src/modules/chat/files-owner';
import * as filesService from '../src/modules/files/service';
import { createFileStorage } from '../src/modules/files/storage';
import { loginUser, registerUser } from './accounts-helpers';
import { multipart } from './claims-helpers';
import { buildTestApp } from './helpers';
import { FIRM, firmId, type Headers, send } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const KB = 1024;
const MB = 1024 * 1024;
const HOUR = 3_600_000;

/** A PDF of `size` bytes (stored as sent: only photos are re-encoded). */
const pdfOf = (size: number) => {
  const head = Buffer.from('%PDF-1.4\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
};

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A complete, valid one-bit greyscale PNG of `width`×`height` white pixels: a few kilobytes that a
 * decoder turns into `width`×`height` bytes of memory and work (the decompression bomb).
 */
function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0;
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y += 1) row.copy(raw, y * row.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG whose frame header (SOF0) says `width`×`height`, after an APP0 segment. */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(64)]);
}

/** A WebP (extended, VP8X) whose canvas is `width`×`height`. */
function webpHeader(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const body = Buffer.concat([Buffer.from('WEBPVP8X', 'latin1'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length + 64);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, body, Buffer.alloc(64)]);
}

interface Person {
  headers: Headers;
  userId: string;
}

async function newClient(ctx: Ctx): Promise<Person> {
  const email = await registerUser(ctx);
  const session = await loginUser(ctx, email);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { headers: { accesstoken: session.accessToken }, userId: user!.id };
}

async function conversationOf(ctx: Ctx, who: Person) {
  const started = await send(
    ctx,
    'chat/conversation/startConversation',
    { with: 'intermediary', intermediaryId: await firmId(ctx, FIRM.savannah) },
    who.headers,
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.result.data.id as number;
}

async function uploadTo(
  ctx: Ctx,
  who: Person,
  query: string,
  file: { name: string; type: string; bytes: Buffer },
  extraHeaders: Record<string, string> = {},
) {
  const body = multipart(file.name, file.type, file.bytes);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/v2/api/files?${query}`,
    headers: { ...who.headers, ...body.headers, 'x-upload-id': randomUUID(), ...extraHeaders },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const chatUpload = (ctx: Ctx, who: Person, conversationId: number, bytes: Buffer, name = 'a.pdf') =>
  uploadTo(ctx, who, `ownerKind=chat&ownerId=${conversationId}&category=attachment`, {
    name,
    type: name.endsWith('.pdf') ? 'application/pdf' : 'image/png',
    bytes,
  });

const dirs: string[] = [];
async function appWith(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bima-upload-limits-'));
  dirs.push(dataDir);
  return buildTestApp({
    env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_SCALE: '100', RATE_LIMIT_MAX: '100000', ...env },
  });
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('uploads with defaults', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await appWith({});
  }, 60_000);
  afterAll(async () => ctx?.app.close());

  it('an owner kind that is no kind of ours is refused with 400, whatever its name', async () => {
    const client = await newClient(ctx);
    for (const kind of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'invoice']) {
      const answer = await uploadTo(ctx, client, `ownerKind=${kind}&ownerId=1&category=other`, {
        name: 'a.pdf',
        type: 'application/pdf',
        bytes: pdfOf(2 * KB),
      });
      expect(answer.status, `${kind}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.err_msg).toBe('Files can be attached only to a claim or a chat.');
      expect(answer.body.errors).toEqual([
        { field: 'ownerKind', message: 'Files can be attached only to a claim or a chat.' },
      ]);
    }
  });

  it('refuses decompression bombs by their pixel count, read from the header before any decoding', async () => {
    const client = await newClient(ctx);
    const conversationId = await conversationOf(ctx, client);
    // The bomb: a small PNG that decodes to 256 megapixels.
    const bomb = pngBomb(16_000, 16_000);
    expect(bomb.length).toBeLessThan(UPLOAD_BYTES_LIMIT);
    const cases: [string, Buffer][] = [
      ['bomb.png', bomb],
      ['just-over.png', pngBomb(8_000, 5_001)],
      ['wide.jpg', jpegHeader(20_000, 20_000)],
      ['canvas.webp', webpHeader(10_000, 10_000)],
    ];
    for (const [name, bytes] of cases) {
      const startedAt = Date.now();
      const answer = await chatUpload(ctx, client, conversationId, bytes, name.replace(/\..*$/, '.png'));
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(413);
      expect(answer.body.err_msg).toBe(
        'This photo has too many pixels to process (at most 40 megapixels). Choose a smaller photo or a lower resolution.',
      );
      // Refused from the header: no decoder spent seconds on it.
      expect(Date.now() - startedAt).toBeLessThan(2_000);
    }
    const swahili = await uploadTo(
      ctx,
      client,
      `ownerKind=chat&ownerId=${conversationId}&category=attachment`,
      { name: 'bomb.png', type: 'image/png', bytes: bomb },
      { 'accept-language': 'sw' },
    );
    expect(swahili.status).toBe(413);
    expect(swahili.body.err_msg).not.toMatch(/too many pixels/);
    // Nothing of them was stored.
    const stored = await ctx.database.db.select().from(files).where(eq(files.uploadedBy, client.userId));
    expect(stored).toEqual([]);
    // A photo within the limit is taken.
    const fine = await chatUpload(ctx, client, conversationId, pngBomb(4_000, 3_000), 'fine.png');
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    expect(fine.body.result.data.contentType).toBe('image/jpeg');
  });

  it('a signed file link stops working when the session that asked for it signs out', async () => {
    const email = await registerUser(ctx);
    const phone = await loginUser(ctx, email);
    const laptop = await loginUser(ctx, email);
    const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const onPhone: Person = { headers: { accesstoken: phone.accessToken }, userId: user!.id };
    const onLaptop: Person = { headers: { accesstoken: laptop.accessToken }, userId: user!.id };
    const conversationId = await conversationOf(ctx, onPhone);
    const uploaded = await chatUpload(ctx, onPhone, conversationId, pdfOf(4 * KB));
    const fileId = uploaded.body.result.data.id as string;
    const sent = await send(
      ctx,
      'chat/message/sendMessage',
      { conversationId, fileIds: [fileId] },
      onPhone.headers,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const phoneLink = sent.body.result.data.attachments[0].url as string;
    const laptopLink = (
      await send(ctx, 'chat/message/attachmentLink', { conversationId, fileId }, onLaptop.headers)
    ).body.result.data.url as string;
    const download = (url: string) => ctx.app.inject({ method: 'GET', url });
    expect((await download(phoneLink)).statusCode).toBe(200);
    expect((await download(laptopLink)).statusCode).toBe(200);

    // Signing out on the phone ends the phone's links at once, not the laptop's.
    expect((await send(ctx, 'client/logout/logout', {}, onPhone.headers)).status).toBe(200);
    const after = await download(phoneLink);
    expect(after.statusCode).toBe(403);
    expect(after.json().err_msg).toBe('This download link has expired.');
    expect((await download(laptopLink)).statusCode).toBe(200);
    expect((await send(ctx, 'client/logout/logout', {}, onLaptop.headers)).status).toBe(200);
    expect((await download(laptopLink)).statusCode).toBe(403);
  });
});

const UPLOAD_BYTES_LIMIT = 10 * MB;

describe('storage quota per account', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    // 300 KB stored per client account.
    ctx = await appWith({ UPLOAD_QUOTA_MB: String(300 / 1024) });
  }, 60_000);
  afterAll(async () => ctx?.app.close());

  it('takes files up to the quota, then answers 413 with the reason, in the caller’s language', async () => {
    const client = await newClient(ctx);
    const conversationId = await conversationOf(ctx, client);
    for (let i = 0; i < 3; i += 1)
      expect((await chatUpload(ctx, client, conversationId, pdfOf(100 * KB))).status).toBe(200);
    const over = await chatUpload(ctx, client, conversationId, pdfOf(KB));
    expect(over.status).toBe(413);
    expect(over.body.err_msg).toBe(
      'Your account has used all of its 0.3 MB of file storage. Contact support if you need to upload more.',
    );
    const swahili = await uploadTo(
      ctx,
      client,
      `ownerKind=chat&ownerId=${conversationId}&category=attachment`,
      { name: 'a.pdf', type: 'application/pdf', bytes: pdfOf(KB) },
      { 'accept-language': 'sw' },
    );
    expect(swahili.status).toBe(413);
    expect(swahili.body.err_msg).toMatch(/MB 0\.3 /);
    expect(swahili.body.err_msg).not.toMatch(/Your account/);
    // Another account has its own quota.
    const other = await newClient(ctx);
    const otherConversation = await conversationOf(ctx, other);
    expect((await chatUpload(ctx, other, otherConversation, pdfOf(100 * KB))).status).toBe(200);
  });

  it('parallel uploads cannot outrun the quota', async () => {
    const client = await newClient(ctx);
    const conversationId = await conversationOf(ctx, client);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => chatUpload(ctx, client, conversationId, pdfOf(90 * KB))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 413)).toHaveLength(5);
    const stored = await ctx.database.db.select().from(files).where(eq(files.uploadedBy, client.userId));
    expect(stored.reduce((sum, file) => sum + file.size, 0)).toBeLessThanOrEqual(300 * KB);
    // The refused uploads left no bytes behind in the storage.
    const storage = createFileStorage(ctx.config);
    for (const file of stored) expect((await storage.get(file.storageKey)).length).toBe(file.size);
  });
});

describe('upload volume per account and day', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    // 300 KB a day.
    ctx = await appWith({ UPLOAD_DAILY_MB: String(300 / 1024) });
  }, 60_000);
  afterAll(async () => ctx?.app.close());

  it('takes a day’s volume, parallel or not, then answers 429 with Retry-After until the next day', async () => {
    const client = await newClient(ctx);
    const conversationId = await conversationOf(ctx, client);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => chatUpload(ctx, client, conversationId, pdfOf(90 * KB))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
    expect(refused.body.err_msg).toBe(
      'You have reached the 0.3 MB of files an account may upload in a day. Try again tomorrow.',
    );
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(24 * 3600);

    // Another account has its own volume; the next day (business clock) this one uploads again.
    const other = await newClient(ctx);
    expect((await chatUpload(ctx, other, await conversationOf(ctx, other), pdfOf(90 * KB))).status).toBe(200);
    ctx.app.services.clock.advance(24 * HOUR);
    try {
      expect((await chatUpload(ctx, client, conversationId, pdfOf(90 * KB))).status).toBe(200);
    } finally {
      ctx.app.services.clock.advance(-24 * HOUR);
    }
  });
});

describe('orphaned uploads', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await appWith({});
  }, 60_000);
  afterAll(async () => ctx?.app.close());

  it('a chat upload never sent is deleted, row and bytes, once older than the grace period', async () => {
    const client = await newClient(ctx);
    const conversationId = await conversationOf(ctx, client);
    const sentId = (await chatUpload(ctx, client, conversationId, pdfOf(3 * KB))).body.result.data.id;
    const unsentId = (await chatUpload(ctx, client, conversationId, pdfOf(3 * KB))).body.result.data.id;
    expect(
      (await send(ctx, 'chat/message/sendMessage', { conversationId, fileIds: [sentId] }, client.headers))
        .status,
    ).toBe(200);
    const rowOf = async (id: string) =>
      (await ctx.database.db.select().from(files).where(eq(files.id, id)))[0];
    const unsent = (await rowOf(unsentId))!;
    const sentRow = (await rowOf(sentId))!;
    const pathOf = (key: string) => join(ctx.config.DATA_DIR, 'files', key);
    expect(existsSync(pathOf(unsent.storageKey))).toBe(true);

    const storage = createFileStorage(ctx.config);
    const sweep = () =>
      filesService.removeOrphanUploads({
        db: ctx.database.db,
        storage,
        owners: new Map([['chat', chatFileOwner]]),
        clock: ctx.app.services.clock,
        graceMs: 24 * HOUR,
        log: ctx.app.log,
      });

    // Within the grace period (the sender may still send it) nothing goes.
    expect(await sweep()).toBe(0);
    expect(await rowOf(unsentId)).toBeDefined();

    ctx.app.services.clock.advance(25 * HOUR);
    try {
      expect(await sweep()).toBeGreaterThanOrEqual(1);
    } finally {
      ctx.app.services.clock.advance(-25 * HOUR);
    }
    expect(await rowOf(unsentId)).toBeUndefined();
    expect(existsSync(pathOf(unsent.storageKey))).toBe(false);
    // The sent one stays, bytes and all.
    expect(await rowOf(sentId)).toBeDefined();
    expect(existsSync(pathOf(sentRow.storageKey))).toBe(true);
  });

  it('the sweep is a recurring job of the queue', async () => {
    await ctx.app.ready();
    const depths = await ctx.app.services.jobs.depths();
    expect(depths.map((depth) => depth.name)).toContain('upload-orphans');
  });
});
