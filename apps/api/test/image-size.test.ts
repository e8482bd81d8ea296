import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageSize } from '../src/modules/files/image-size';

const image = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 40, b: 90, alpha: 0.5 } } });

describe('readImageSize: width and height from the header, nothing decoded', () => {
  it.each([
    ['PNG', () => image(321, 123).png().toBuffer()],
    ['baseline JPEG', () => image(640, 480).jpeg().toBuffer()],
    [
      'progressive JPEG with EXIF',
      () =>
        image(1000, 750)
          .jpeg({ progressive: true })
          .withExif({ IFD0: { Make: 'Tecno' } })
          .toBuffer(),
    ],
    ['lossy WebP (VP8)', () => image(333, 222).webp({ quality: 70 }).toBuffer()],
    ['lossless WebP (VP8L)', () => image(301, 17).webp({ lossless: true }).toBuffer()],
    ['WebP with alpha (VP8X)', () => image(257, 129, 4).webp({ quality: 70 }).toBuffer()],
    ['GIF', () => image(90, 45).gif().toBuffer()],
  ])('%s: the same size as the decoder reads', async (_name, make) => {
    const bytes = await make();
    const metadata = await sharp(bytes).metadata();
    expect(readImageSize(bytes)).toEqual({ width: metadata.width, height: metadata.height });
  });

  it('answers null for a truncated header, another format or nothing at all', async () => {
    const png = await image(10, 10).png().toBuffer();
    expect(readImageSize(png.subarray(0, 20))).toBeNull();
    expect(readImageSize(Buffer.from('%PDF-1.4\n'))).toBeNull();
    expect(readImageSize(Buffer.alloc(0))).toBeNull();
    // A JPEG whose scan starts before any frame header has no size to read.
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0]))).toBeNull();
  });

  it('never throws and never answers a size of zero, whatever the bytes (property)', () => {
    const prefixes = [
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
      [0xff, 0xd8],
      [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8X')],
      [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8L')],
      [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8 ')],
      [...Buffer.from('GIF89a')],
      [],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 200 }), (prefix, rest) => {
        const size = readImageSize(Buffer.concat([Buffer.from(prefix), Buffer.from(rest)]));
        if (size !== null) {
          expect(size.width).toBeGreaterThan(0);
          expect(size.height).toBeGreaterThan(0);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
