import { randomUUID } from 'node:crypto';
import {
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  uploadDailyMessage,
  uploadPixelsMessage,
  uploadQuotaMessage,
} from '@bima/domain';
import { and, asc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { files, uploadVolumes, users } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import type { Clock } from '../../lib/clock';
import { kenyaToday } from '../../lib/dates';
import { readImageSize } from './image-size';
import { type LinkReader, signFileLink } from './links';
import type { FileStorage } from './storage';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type StoredFile = typeof files.$inferSelect;

/**
 * What a kind of owner (a claim, a chat) allows: who may attach files to one and who may read
 * them (the file itself is given when one is read, for owners whose files are not all alike — a
 * chat's unsent upload is its uploader's alone), the categories it knows, and what it records when a
 * file arrives (in the upload's transaction).
 */
export interface FileOwnerPolicy {
  categories: readonly string[];
  canWrite(db: Database, principal: Principal, ownerId: string): Promise<boolean>;
  canRead(db: Database, principal: Principal, ownerId: string, file?: StoredFile): Promise<boolean>;
  onUploaded?(tx: Tx, principal: Principal, file: StoredFile): Promise<void>;
  /**
   * A condition on `files` rows, true of a file of this owner that is attached to nothing (a chat
   * upload never sent): the orphan sweep deletes those past the grace period. Owners whose files are
   * attached on upload (a claim's) have none.
   */
  unattached?(): SQL;
}

/**
 * The owner kinds, by name. A Map, not an object: a kind from the query string (`__proto__`,
 * `constructor`) must not find an object's inherited members.
 */
export type FileOwners = ReadonlyMap<string, FileOwnerPolicy>;

/** The limits an account's uploads are held to (UPLOAD_* in the configuration). */
export interface UploadLimits {
  /** Bytes a client account may keep, and a staff account. */
  quotaBytes: { client: number; staff: number };
  /** Bytes an account may upload in a day (Kenya time), as received. */
  dailyBytes: number;
  /** Pixels a photo may have, read from its header before decoding. */
  maxPixels: number;
}

/** The file's type from its first bytes (never from the name or the browser's claim). */
export function sniffContentType(bytes: Buffer): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/** The longest side a stored photo keeps: enough to read a number plate, small on a phone's data. */
const PHOTO_MAX_SIDE = 2048;

/**
 * A photo as stored: turned upright, at most 2048 px a side, re-encoded as JPEG — sharp writes no
 * metadata unless asked, so EXIF (GPS location, camera, time) is gone.
 */
export async function preparePhoto(bytes: Buffer, maxPixels: number): Promise<Buffer> {
  try {
    // The pixel limit again in the decoder itself, should a header ever say less than the image holds.
    return await sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AppError('invalid', 'The photo could not be read. Choose another file.', {
      errors: [{ field: 'file', message: 'The photo could not be read. Choose another file.' }],
    });
  }
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{8,100}$/;

function cleanName(name: string, contentType: string): string {
  const base =
    name
      .replace(/[\\/]/g, '_')
      .replace(/[^\p{L}\p{N} ._()-]/gu, '')
      .trim()
      .slice(0, 120) || 'file';
  if (contentType === 'image/jpeg') return `${base.replace(/\.[A-Za-z0-9]{1,5}$/, '')}.jpg`;
  return base;
}

export const presentFile = (file: StoredFile) => ({
  id: file.id,
  name: file.name,
  contentType: file.contentType,
  size: file.size,
  category: file.category,
  uploadedBy: file.uploadedBy,
  createdAt: file.createdAt.toISOString(),
});

const invalid = (message: string, field = 'file') =>
  new AppError('invalid', message, { errors: [{ field, message }] });

/**
 * Keeps one upload: type by its bytes, size within the limit, photos resized and stripped of their
 * metadata, the bytes stored, the row written. A retry with the same upload id answers the first
 * upload's row and stores nothing more.
 */
export async function saveUpload(options: {
  db: Database;
  storage: FileStorage;
  owners: FileOwners;
  limits: UploadLimits;
  clock: Clock;
  principal: Principal;
  ownerKind: string;
  ownerId: string;
  category: string;
  uploadId: string;
  fileName: string;
  bytes: Buffer;
}) {
  const { db, storage, principal, ownerKind, ownerId, uploadId, limits } = options;
  const owner = options.owners.get(ownerKind);
  if (!owner) throw invalid(UPLOAD_MESSAGES.unknownOwner, 'ownerKind');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(ownerId)) throw new AppError('not_found', 'Not found.');
  if (!UPLOAD_ID.test(uploadId)) throw invalid(UPLOAD_MESSAGES.uploadIdRequired, 'uploadId');
  if (!(await owner.canWrite(db, principal, ownerId))) throw new AppError('not_found', 'Not found.');
  if (!owner.categories.includes(options.category))
    throw invalid('Choose what this document is.', 'category');

  const [existing] = await db
    .select()
    .from(files)
    .where(and(eq(files.uploadedBy, principal.userId), eq(files.uploadId, uploadId)));
  if (existing) return { file: presentFile(existing), duplicate: true };

  if (options.bytes.length === 0) throw invalid(UPLOAD_MESSAGES.empty);
  if (options.bytes.length > UPLOAD_LIMITS.maxBytes)
    throw new AppError('too_large', UPLOAD_MESSAGES.tooLarge);
  const sniffed = sniffContentType(options.bytes);
  if (!sniffed) throw invalid(UPLOAD_MESSAGES.badType);
  const isPhoto = (UPLOAD_LIMITS.imageTypes as readonly string[]).includes(sniffed);
  if (isPhoto) checkPixels(options.bytes, limits.maxPixels);
  const quota = principal.role === 'client' ? limits.quotaBytes.client : limits.quotaBytes.staff;
  // A photo is stored smaller than it came (its size is known once it is re-encoded); a PDF as it came.
  const leastStored = isPhoto ? 1 : options.bytes.length;
  if ((await storedBytes(db, principal.userId)) + leastStored > quota)
    throw new AppError('too_large', uploadQuotaMessage(quota), {
      errors: [{ field: 'file', message: uploadQuotaMessage(quota) }],
    });
  await countDailyVolume(db, options.clock, principal.userId, options.bytes.length, limits.dailyBytes);

  const body = isPhoto ? await preparePhoto(options.bytes, limits.maxPixels) : options.bytes;
  const contentType = isPhoto ? 'image/jpeg' : sniffed;
  const storageKey = `${ownerKind}/${ownerId}/${randomUUID()}`;
  await storage.put(storageKey, body, contentType);

  let inserted: StoredFile | undefined;
  try {
    inserted = await db.transaction(async (tx) => {
      // One upload of an account at a time past this point (its user row locked): parallel uploads
      // cannot all fit in the same remaining quota. NO KEY UPDATE: rows that merely reference the user
      // (foreign keys' KEY SHARE) do not wait for it.
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, principal.userId))
        .for('no key update');
      if ((await storedBytes(tx, principal.userId)) + body.length > quota)
        throw new AppError('too_large', uploadQuotaMessage(quota), {
          errors: [{ field: 'file', message: uploadQuotaMessage(quota) }],
        });
      return insertUpload(tx);
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  if (inserted) return { file: presentFile(inserted), duplicate: false };
  // Two tries of the same upload raced: the other one's row stands, this one's bytes go.
  await storage.delete(storageKey);
  const [winner] = await db
    .select()
    .from(files)
    .where(and(eq(files.uploadedBy, principal.userId), eq(files.uploadId, uploadId)));
  return { file: presentFile(winner!), duplicate: true };

  async function insertUpload(tx: Tx) {
    const [row] = await tx
      .insert(files)
      .values({
        ownerKind,
        ownerId,
        uploadedBy: principal.userId,
        uploadId,
        category: options.category,
        name: cleanName(options.fileName, contentType),
        contentType,
        size: body.length,
        storageKey,
      })
      .onConflictDoNothing()
      .returning();
    if (row) await owner!.onUploaded?.(tx, principal, row);
    return row;
  }
}

/** Refuses a photo whose header says it has more than `maxPixels` (or says nothing readable). */
function checkPixels(bytes: Buffer, maxPixels: number): void {
  const size = readImageSize(bytes);
  if (!size) throw invalid('The photo could not be read. Choose another file.');
  if (size.width * size.height > maxPixels) {
    const message = uploadPixelsMessage(Math.floor(maxPixels / 1_000_000));
    throw new AppError('too_large', message, { errors: [{ field: 'file', message }] });
  }
}

/** Bytes of files an account has stored (every file it uploaded that is still kept). */
async function storedBytes(db: Database | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`sum(${files.size})` })
    .from(files)
    .where(eq(files.uploadedBy, userId));
  return Number(row?.total ?? 0);
}

/**
 * Counts `bytes` into the account's volume of today (Kenya, business clock) in one conditional
 * upsert — parallel uploads cannot pass the limit together — or refuses until tomorrow.
 */
async function countDailyVolume(db: Database, clock: Clock, userId: string, bytes: number, limit: number) {
  const now = clock.now();
  const day = kenyaToday(now);
  const counted =
    bytes <= limit
      ? await db
          .insert(uploadVolumes)
          .values({ userId, day, bytes })
          .onConflictDoUpdate({
            target: [uploadVolumes.userId, uploadVolumes.day],
            set: { bytes: sql`${uploadVolumes.bytes} + excluded.bytes` },
            setWhere: sql`${uploadVolumes.bytes} + excluded.bytes <= ${limit}`,
          })
          .returning({ bytes: uploadVolumes.bytes })
      : [];
  if (counted.length > 0) return;
  // Kenya is UTC+3 all year: its next midnight.
  const kenyaMs = now.getTime() + 3 * 3_600_000;
  const retryAfterSeconds = Math.max(1, Math.ceil((86_400_000 - (kenyaMs % 86_400_000)) / 1000));
  const message = uploadDailyMessage(limit);
  throw new AppError('rate_limited', message, { errors: [{ field: 'file', message }], retryAfterSeconds });
}

/** The files of one owner, oldest first, each with a link signed for the reader. */
export async function listOwnerFiles(
  db: Database,
  secret: string,
  reader: LinkReader,
  ownerKind: string,
  ownerId: string,
) {
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.ownerKind, ownerKind), eq(files.ownerId, ownerId)))
    .orderBy(asc(files.createdAt), asc(files.id));
  return rows.map((file) => ({ ...presentFile(file), url: signFileLink(secret, file.id, reader) }));
}

/**
 * Deletes uploads never attached to anything (a chat file never sent) once older than `graceMs` by
 * the business clock: rows first, in one statement that checks again that each is still unattached
 * (a file sent meanwhile stays; the chat's foreign key refuses the rest), then their bytes. Answers
 * how many went. Run by the `upload-orphans` job.
 */
export async function removeOrphanUploads(options: {
  db: Database;
  storage: FileStorage;
  owners: FileOwners;
  clock: Clock;
  graceMs: number;
  log: FastifyBaseLogger;
}): Promise<number> {
  const { db } = options;
  const before = new Date(options.clock.now().getTime() - options.graceMs);
  let removed = 0;
  for (const [kind, owner] of options.owners) {
    if (!owner.unattached) continue;
    const orphan = and(eq(files.ownerKind, kind), lt(files.createdAt, before), owner.unattached());
    for (;;) {
      const batch = db.select({ id: files.id }).from(files).where(orphan).limit(ORPHAN_BATCH);
      const gone = await db
        .delete(files)
        .where(and(inArray(files.id, batch), orphan))
        .returning({ storageKey: files.storageKey });
      for (const file of gone) await options.storage.delete(file.storageKey);
      removed += gone.length;
      if (gone.length < ORPHAN_BATCH) break;
    }
  }
  if (removed > 0) options.log.info({ removed }, 'orphaned uploads deleted');
  return removed;
}

const ORPHAN_BATCH = 200;
