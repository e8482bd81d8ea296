import { describe, expect, it } from 'vitest';
import { readPageParam } from './use-page-param';

describe('readPageParam', () => {
  it('reads a whole page number from 1', () => {
    expect(readPageParam('3')).toBe(3);
    expect(readPageParam('1')).toBe(1);
  });

  it('falls back to page 1 for anything else', () => {
    for (const value of [null, '', '0', '-2', '2.5', 'abc', '1e9']) expect(readPageParam(value)).toBe(1);
  });
});
