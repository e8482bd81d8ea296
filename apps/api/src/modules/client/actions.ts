import { kycSchema } from '@bima/domain/profile';
import { z } from 'zod';
import { endSessions } from '../../auth/sessions';
import { defineAction } from '../../gateway/registry';
import { getClientDetails, updateClient } from './service';

export const clientActions = [
  defineAction({
    service: 'client',
    resource: 'registration',
    action: 'RegisterClient',
    auth: 'client',
    description: "Creates the signed-in user's client profile if missing (KRA PIN 'N/A') and returns it.",
    input: z.object({}).passthrough(),
    handler: ({ db, principal }) => getClientDetails(db, principal!.userId),
  }),
  defineAction({
    service: 'client',
    resource: 'client',
    action: 'getClientDetails',
    auth: 'client',
    description: "The signed-in client's profile and KYC details.",
    input: z.object({}).passthrough(),
    handler: ({ db, principal }) => getClientDetails(db, principal!.userId),
  }),
  defineAction({
    service: 'client',
    resource: 'client',
    action: 'updateClient',
    auth: 'client',
    description:
      'Updates KYC: kraPin (A123456789X), phone (Kenyan), address (10+ characters), clientType INDIVIDUAL or CORPORATE; nationality (alpha-2, KE by default), idType NATIONAL_ID (Kenyans) | PASSPORT | ALIEN_ID (non-citizens) with idNumber, optional together.',
    input: kycSchema,
    handler: ({ db, principal, input }) => updateClient(db, principal!.userId, input),
  }),
  defineAction({
    service: 'client',
    resource: 'logout',
    action: 'logout',
    auth: 'signedIn',
    description:
      'Signs out any signed-in user (client or staff): revokes the session, so its access and refresh tokens stop working.',
    input: z.object({}).passthrough(),
    handler: async ({ db, principal, services, log }) => {
      if (principal?.sessionId)
        await endSessions({ db, services, log }, { sessionId: principal.sessionId }, 'logout');
      return { loggedOut: true };
    },
  }),
];
