import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize (spec-1 §9: Bytes…TB, 1024 per step)', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 * 1024, '1 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [1024 ** 3 * 2.25, '2.25 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 5, '1024 TB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
