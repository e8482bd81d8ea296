import { LINK_TTL_SECONDS, type LinkReader, signLink } from '../../gateway/signed-links';

export type { LinkReader } from '../../gateway/signed-links';

/** A file's download link for one reader's session (gateway/signed-links.ts: 10 minutes, dies with the session). */
export function signFileLink(
  secret: string,
  fileId: string,
  reader: LinkReader,
  ttlSeconds = LINK_TTL_SECONDS,
): string {
  return `/v2/api/files/${signLink(secret, 'files', [fileId], reader, ttlSeconds)}`;
}
