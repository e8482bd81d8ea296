import { describe, expect, it } from 'vitest';
import { isSafeNextPath } from './password-setup';

describe('isSafeNextPath', () => {
  it.each([
    ['/review/12', true],
    ['/newportal/quotations', true],
    ['//evil.example/x', false],
    ['https://evil.example', false],
    ['/\\evil.example', false],
    ['', false],
    [null, false],
  ])('%s → %s', (path, expected) => {
    expect(isSafeNextPath(path)).toBe(expected);
  });
});
