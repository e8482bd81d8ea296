import { crc32 } from 'node:zlib';

/** One file of an archive: its path inside the archive and its bytes. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

const UTF8_NAMES = 0x0800;
const STORED = 0;
const VERSION = 20;
/** Without ZIP64 an archive holds at most this many entries and 4 GiB. */
const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;

/** A date as MS-DOS writes it in a zip header (local time of the server, two-second steps). */
function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/**
 * A zip archive written as it goes (STORE: no compression — the documents in it are PDFs and photos,
 * already compressed): each entry is yielded as soon as its bytes are known, so a large archive is
 * streamed and never held whole in memory. Readable by every unzip tool and by Windows and Android.
 */
export async function* writeZip(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, now = new Date()) {
  const { time, day } = dosDateTime(now);
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    if (count >= MAX_ENTRIES) throw new Error('zip: too many entries');
    const name = Buffer.from(entry.name.replace(/^\/+/, ''), 'utf8');
    const checksum = crc32(entry.data);
    const size = entry.data.length;
    if (offset + 30 + name.length + size > MAX_OFFSET) throw new Error('zip: archive too large');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(STORED, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(VERSION, 6);
    header.writeUInt16LE(UTF8_NAMES, 8);
    header.writeUInt16LE(STORED, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(day, 14);
    header.writeUInt32LE(checksum, 16);
    header.writeUInt32LE(size, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    // Extra field, comment, disk number, internal and external attributes: none.
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    yield Buffer.concat([local, name]);
    yield entry.data;
    offset += 30 + name.length + size;
    count += 1;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}

/** The whole archive in one buffer (small archives and tests). */
export async function zipToBuffer(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of writeZip(entries)) parts.push(part);
  return Buffer.concat(parts);
}

/** The entries of a STORE-only archive (what `writeZip` makes): for tests and checks of our own archives. */
export function readStoredZip(archive: Buffer): ZipEntry[] {
  const endAt = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('zip: no end of central directory');
  const count = archive.readUInt16LE(endAt + 10);
  let at = archive.readUInt32LE(endAt + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('zip: bad central directory');
    const method = archive.readUInt16LE(at + 10);
    const checksum = archive.readUInt32LE(at + 16);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localAt = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (method !== STORED) throw new Error(`zip: ${name} is compressed`);
    const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
    const data = archive.subarray(dataAt, dataAt + size);
    if (crc32(data) !== checksum) throw new Error(`zip: ${name} fails its CRC`);
    entries.push({ name, data: Buffer.from(data) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
