import { CLAIM_DOCUMENT_LABELS, CLAIM_DOCUMENT_TYPES, type ClaimDocumentType } from '@bima/domain';
import { eq } from 'drizzle-orm';
import { claimEvents, claims } from '../../db/schema';
import type { Services } from '../../services';
import type { FileOwnerPolicy } from '../files/service';
import { findClaimForFiles, notifyDocumentAdded, readsClaimFiles } from './service';

/**
 * A claim's photos and documents: its owner and its handlers (the insurer's staff, admins) attach and
 * read them; anyone else gets 404. Each upload is a step on the claim's timeline, and one the client
 * adds is told to the insurer's claims staff.
 */
export const claimFileOwner = (services: Services): FileOwnerPolicy => ({
  categories: CLAIM_DOCUMENT_TYPES,
  canWrite: async (db, principal, ownerId) => {
    const claim = await findClaimForFiles(db, ownerId);
    return claim !== null && claim.status !== 'CLOSED' && readsClaimFiles(principal, claim);
  },
  canRead: async (db, principal, ownerId) => {
    const claim = await findClaimForFiles(db, ownerId);
    return claim !== null && readsClaimFiles(principal, claim);
  },
  onUploaded: async (tx, principal, file) => {
    const [claim] = await tx
      .select()
      .from(claims)
      .where(eq(claims.id, Number(file.ownerId)));
    if (!claim) return;
    await tx.insert(claimEvents).values({
      claimId: claim.id,
      event: 'document_uploaded',
      status: claim.status,
      actorId: principal.userId,
      note: `${CLAIM_DOCUMENT_LABELS[file.category as ClaimDocumentType] ?? file.category}: ${file.name}`,
    });
    await tx.update(claims).set({ updatedAt: new Date() }).where(eq(claims.id, claim.id));
    if (principal.role === 'client') await notifyDocumentAdded(tx, services, claim, file);
  },
});
