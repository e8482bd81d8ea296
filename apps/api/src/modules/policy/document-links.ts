import { LINK_TTL_SECONDS, type LinkReader, signLink } from '../../gateway/signed-links';

export type DocumentKind = 'schedule' | 'receipt' | 'certificate';

export const DOCUMENT_KINDS: readonly DocumentKind[] = ['schedule', 'receipt', 'certificate'];

/** A policy document's download link for its owner's session (gateway/signed-links.ts). */
export function signDocumentLink(
  secret: string,
  kind: DocumentKind,
  policyId: number,
  reader: LinkReader,
  ttlSeconds = LINK_TTL_SECONDS,
): string {
  return `/v2/api/documents/${signLink(secret, 'documents', [kind, policyId], reader, ttlSeconds)}`;
}
