import { closeAccountSchema, setConsentSchema } from '@bima/domain';
import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import { closeAccount } from './erasure';
import { getPrivacy, setConsent } from './service';

const action = { service: 'client', resource: 'privacy', auth: 'client' as const };

/** Privacy & my data: consents, the copy of one's data (a download route, plugin.ts) and closing the account. */
export const privacyActions = [
  defineAction({
    ...action,
    action: 'getPrivacy',
    description:
      "The signed-in client's consents in force, their history, and their account-closing requests.",
    input: z.object({}).passthrough(),
    handler: ({ db, principal }) => getPrivacy(db, principal!.userId),
  }),
  defineAction({
    ...action,
    action: 'setConsent',
    description:
      'Gives or withdraws a consent from the Privacy screen (assessment sharing: withdraw only, naming the firm). Recorded with the time, the screen and the wording version; answers the Privacy screen anew.',
    input: setConsentSchema,
    handler: ({ db, principal, input }) => setConsent(db, principal!.userId, input),
  }),
  defineAction({
    ...action,
    action: 'closeAccount',
    description:
      'Closes the account and erases the personal data after the password (and confirm: true); kept records are pseudonymised. 409 OPEN_CLAIM | OPEN_LOAN | MONEY_HELD | PENDING_PAYMENT while something open prevents it.',
    input: closeAccountSchema,
    handler: (context) => closeAccount({ ...context, principal: context.principal! }, context.input),
  }),
];
