import { LINK_TTL_SECONDS, type LinkReader, signLink } from '../../gateway/signed-links';

/**
 * The claim form's download link for a reader's session (gateway/signed-links.ts); the download
 * checks again that they may read the claim.
 */
export function signClaimFormLink(
  secret: string,
  claimId: number,
  reader: LinkReader,
  ttlSeconds = LINK_TTL_SECONDS,
): string {
  return `/v2/api/claims/form/${signLink(secret, 'claim-form', [claimId], reader, ttlSeconds)}`;
}
