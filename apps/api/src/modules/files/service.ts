import { randomUUID } from 'node:crypto';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@bima/domain';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { files, users } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { signFileLink } from './links';
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
}

export type FileOwners = Record<string, FileOwnerPolicy>;

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
export async function preparePhoto(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { failOn: 'error' })
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
  principal: Principal;
  ownerKind: string;
  ownerId: string;
  category: string;
  uploadId: string;
  fileName: string;
  bytes: Buffer;
}) {
  const { db, storage, principal, ownerKind, ownerId, uploadId } = options;
  const owner = options.owners[ownerKind];
  if (!owner || !/^[A-Za-z0-9_-]{1,64}$/.test(ownerId)) throw new AppError('not_found', 'Not found.');
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
  const body = isPhoto ? await preparePhoto(options.bytes) : options.bytes;
  const contentType = isPhoto ? 'image/jpeg' : sniffed;
  const storageKey = `${ownerKind}/${ownerId}/${randomUUID()}`;
  await storage.put(storageKey, body, contentType);

  const inserted = await db.transaction(async (tx) => {
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
    if (row) await owner.onUploaded?.(tx, principal, row);
    return row;
  });
  if (inserted) return { file: presentFile(inserted), duplicate: false };
  // Two tries of the same upload raced: the other one's row stands, this one's bytes go.
  await storage.delete(storageKey);
  const [winner] = await db
    .select()
    .from(files)
    .where(and(eq(files.uploadedBy, principal.userId), eq(files.uploadId, uploadId)));
  return { file: presentFile(winner!), duplicate: true };
}

/** The files of one owner, oldest first, each with a link signed for the reader. */
export async function listOwnerFiles(
  db: Database,
  secret: string,
  reader: string,
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

/** The reader of a signed link as a principal, if they are still an active user. */
export async function readerPrincipal(db: Database, userId: string): Promise<Principal | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (user?.status !== 'ACTIVE') return null;
  return {
    userId: user.id,
    role: user.role as Principal['role'],
    sessionId: null,
    intermediaryId: user.intermediaryId,
    underwriterId: user.underwriterId,
  };
}
