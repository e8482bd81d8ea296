import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../src/auth/tokens';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('access tokens', () => {
  it('verifies a token it signed, with its claims', () => {
    const token = signAccessToken({ sub: 'u1', role: 'client', ttlSeconds: 900 }, SECRET, 1_000_000);
    expect(verifyAccessToken(token, SECRET, 1_000_000 + 899_000)).toMatchObject({
      sub: 'u1',
      role: 'client',
    });
  });

  it('refuses it once expired', () => {
    const token = signAccessToken({ sub: 'u1', role: 'client', ttlSeconds: 900 }, SECRET, 1_000_000);
    expect(verifyAccessToken(token, SECRET, 1_000_000 + 900_000)).toBeNull();
  });

  it('refuses another key, a changed body, and garbage', () => {
    const token = signAccessToken({ sub: 'u1', role: 'client', ttlSeconds: 900 }, SECRET);
    expect(verifyAccessToken(token, `${SECRET}x`)).toBeNull();
    const [header, , signature] = token.split('.');
    const body = Buffer.from(JSON.stringify({ sub: 'u2', role: 'staff', iat: 0, exp: 9e9 })).toString(
      'base64url',
    );
    expect(verifyAccessToken(`${header}.${body}.${signature}`, SECRET)).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c', '...', token.replace(/.$/, '')])
      expect(verifyAccessToken(junk, SECRET)).toBeNull();
  });
});
