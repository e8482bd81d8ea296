import { PRIVACY_MESSAGES, type SetConsentInput } from '@bima/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../gateway/errors';
import { unshareAssessment } from '../assessment/service';
import { listConsents, recordConsent } from './consents';
import { listErasureRequests } from './erasure';

/** The Privacy screen: consents in force and their history, and account-closing requests. */
export async function getPrivacy(db: Database, userId: string) {
  return { ...(await listConsents(db, userId)), requests: await listErasureRequests(db, userId) };
}

/**
 * A consent given or withdrawn on the Privacy screen. Sharing the assessment is given on the
 * Assessment screen (it names a firm the client works with); here it can only be withdrawn, which
 * ends the firm's access exactly as "Stop sharing" there does.
 */
export async function setConsent(db: Database, userId: string, input: SetConsentInput) {
  if (input.purpose === 'assessment_sharing') {
    if (input.granted) throw new AppError('invalid', PRIVACY_MESSAGES.withdrawOnlyHere);
    if (!input.intermediaryId)
      throw new AppError('invalid', PRIVACY_MESSAGES.firmRequired, {
        errors: [{ field: 'intermediaryId', message: PRIVACY_MESSAGES.firmRequired }],
      });
    await unshareAssessment(db, userId, input.intermediaryId, 'privacy');
  } else {
    await recordConsent(db, { userId, purpose: input.purpose, granted: input.granted, channel: 'privacy' });
  }
  return getPrivacy(db, userId);
}
