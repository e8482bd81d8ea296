import { describe, expect, it } from 'vitest';
import { readTokenExpiry, shouldRefreshToken } from './jwt';

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}

function jwt(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.c2ln`;
}

const NOW_MS = 1_800_000_000_000;
const nowSeconds = NOW_MS / 1000;

describe('readTokenExpiry', () => {
  it('reads the exp claim of a JWT', () => {
    expect(readTokenExpiry(jwt({ sub: 'u1', exp: 1_800_000_900 }))).toBe(1_800_000_900);
  });

  it('decodes base64url claims with non-ASCII text', () => {
    expect(readTokenExpiry(jwt({ name: 'Wanjirũ ✓', exp: 42 }))).toBe(42);
  });

  it.each([
    ['an opaque token', 'tok-123'],
    ['two segments', 'a.b'],
    ['a body that is not JSON', 'a.bm90IGpzb24.c'],
    ['no exp claim', jwt({ sub: 'u1' })],
    ['a string exp', jwt({ exp: '1800000900' })],
  ])('gives null for %s', (_name, token) => {
    expect(readTokenExpiry(token)).toBeNull();
  });
});

describe('shouldRefreshToken', () => {
  it.each([
    ['15 minutes left: keep it', 15 * 60, false],
    ['61 s left: keep it', 61, false],
    ['exactly 60 s left: renew', 60, true],
    ['10 s left: renew', 10, true],
    ['already expired: renew', -30, true],
  ])('%s', (_name, secondsLeft, expected) => {
    expect(shouldRefreshToken(jwt({ exp: nowSeconds + secondsLeft }), NOW_MS)).toBe(expected);
  });

  it('leaves a token without a readable expiry to the server', () => {
    expect(shouldRefreshToken('tok-123', NOW_MS)).toBe(false);
  });
});
