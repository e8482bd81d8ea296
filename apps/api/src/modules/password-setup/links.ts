import { createHash, randomBytes } from 'node:crypto';

/**
 * An e-mailed password-setup link's secret: 32 random bytes (base64url, 43 characters) in the link,
 * only its SHA-256 in the database (a high-entropy secret needs no slow hash), with its expiry.
 */
export function newSetupLink(
  ttlHours: number,
  now: Date,
): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashSetupToken(token),
    expiresAt: new Date(now.getTime() + ttlHours * 3_600_000),
  };
}

export function hashSetupToken(token: string): string {
  return createHash('sha256').update(`password-setup:${token}`).digest('hex');
}

/**
 * The web app's `/password-setup?token=…` page; `next` (a path of the web app) is where the person
 * goes once the password is set, e.g. the recommendation that created their account.
 */
export function passwordSetupUrl(baseUrl: string, token: string, next?: string): string {
  const query = new URLSearchParams({ token });
  if (next) query.set('next', next);
  return `${baseUrl.replace(/\/$/, '')}/password-setup?${query}`;
}
