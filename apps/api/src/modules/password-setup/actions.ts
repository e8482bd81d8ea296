import { checkPasswordSetupSchema, requestPasswordSetupLinkSchema, setUpPasswordSchema } from '@bima/domain';
import { defineAction } from '../../gateway/registry';
import { checkPasswordSetup, requestPasswordSetupLink, setUpPassword } from './service';

/** The `/password-setup?token=…` page: a staff invitation or a client account made for the person. */
export const passwordSetupActions = [
  defineAction({
    service: 'user',
    resource: 'registration',
    action: 'checkPasswordSetup',
    auth: 'public',
    rateLimit: 'read',
    description:
      'What an e-mailed password-setup link is (valid, used, expired or invalid), for staff or a client (unless invalid), and whom it is for (only when valid or expired).',
    input: checkPasswordSetupSchema,
    handler: (context) => checkPasswordSetup(context, context.input),
  }),
  defineAction({
    service: 'user',
    resource: 'registration',
    action: 'setUpPassword',
    auth: 'public',
    rateLimit: 'write',
    description:
      "Sets the first password from a link (single use, while it lives) and signs in (login's answer, signedIn true); a staff user whose firm is not ACTIVE is not signed in (signedIn false, with the reason). 400 EMAIL_TOKEN_EXPIRED for an expired link, EMAIL_TOKEN_ERROR for a used or unknown one.",
    input: setUpPasswordSchema,
    handler: (context) => setUpPassword(context, context.input),
  }),
  defineAction({
    service: 'user',
    resource: 'registration',
    action: 'requestPasswordSetupLink',
    auth: 'public',
    rateLimit: 'write',
    description:
      'A new link for an expired one, e-mailed to the account’s own address; nothing is sent unless the state is expired.',
    input: requestPasswordSetupLinkSchema,
    handler: (context) => requestPasswordSetupLink(context, context.input),
  }),
];
