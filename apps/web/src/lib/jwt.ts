/** Seconds before expiry at which a secured call first renews the access token. */
export const TOKEN_REFRESH_MARGIN_SECONDS = 60;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The `exp` claim (seconds since the epoch) of a JWT, read without checking the signature (the
 * server does that); null when the token is not a JWT or carries no numeric `exp`.
 */
export function readTokenExpiry(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (typeof claims !== 'object' || claims === null) return null;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/**
 * Whether a secured call should renew the access token first: it expires within the margin (or has
 * expired). A token whose expiry cannot be read is left to the server to judge.
 */
export function shouldRefreshToken(
  token: string,
  nowMs: number = Date.now(),
  marginSeconds: number = TOKEN_REFRESH_MARGIN_SECONDS,
): boolean {
  const exp = readTokenExpiry(token);
  if (exp === null) return false;
  return exp * 1000 - nowMs <= marginSeconds * 1000;
}
