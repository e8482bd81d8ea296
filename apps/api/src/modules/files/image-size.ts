/**
 * An image's width and height read from its header alone (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X,
 * GIF logical screen), without decoding a pixel: a decompression bomb (a few kilobytes that decode
 * to hundreds of megapixels) is refused by its pixel count before any decoder allocates for it.
 * Null when the header cannot be read (a truncated or malformed file, or another format).
 */
export function readImageSize(bytes: Buffer): { width: number; height: number } | null {
  return pngSize(bytes) ?? jpegSize(bytes) ?? webpSize(bytes) ?? gifSize(bytes);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(bytes: Buffer) {
  // The first chunk must be IHDR: length 13, then width and height (big-endian).
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return sized(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

/** Start-of-frame markers (baseline, progressive, lossless…): not DHT (C4), JPG (C8) or DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Buffer) {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length: TEM and RST0–7 (SOI again would be malformed).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    // The scan (or the end) came before any frame header: no size to read.
    if (marker === 0xd9 || marker === 0xda || marker === 0xd8) return null;
    if (offset + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      // Precision (1 byte), then height and width (big-endian).
      return sized(bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5));
    }
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer) {
  if (bytes.length < 30) return null;
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    // Flags (1), reserved (3), canvas width − 1 and height − 1 (24-bit little-endian).
    return sized(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  if (chunk === 'VP8L') {
    // Signature 0x2f, then width − 1 and height − 1 in 14 bits each.
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8 ') {
    // Frame tag (3), start code 9d 01 2a, then width and height in 14 bits (2 bits of scale above).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return sized(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  return null;
}

function gifSize(bytes: Buffer) {
  if (bytes.length < 10) return null;
  const signature = bytes.toString('latin1', 0, 6);
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return null;
  return sized(bytes.readUInt16LE(6), bytes.readUInt16LE(8));
}

const sized = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
