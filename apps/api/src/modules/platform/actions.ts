import type { SupportContacts } from '@bima/domain';
import { z } from 'zod';
import { defineAction } from '../../gateway/registry';

export const platformActions = [
  defineAction({
    service: 'platform',
    resource: 'support',
    action: 'getSupportContacts',
    auth: 'public',
    description: "The support phone, e-mail and address shown in the 'Need Assistance?' modal.",
    input: z.object({}).passthrough(),
    handler: async ({ config }): Promise<SupportContacts> => ({
      phone: config.SUPPORT_PHONE,
      email: config.SUPPORT_EMAIL,
      address: config.SUPPORT_ADDRESS,
    }),
  }),
];
