import { contracts } from '@bima/domain/contract';
import { defineAction } from '../../gateway/registry';

export const platformActions = [
  defineAction({
    service: 'platform',
    resource: 'support',
    action: 'getSupportContacts',
    auth: 'public',
    description: "The support phone, e-mail and address shown in the 'Need Assistance?' modal.",
    input: contracts['platform/support/getSupportContacts'].input,
    handler: async ({ config }) => ({
      phone: config.SUPPORT_PHONE,
      email: config.SUPPORT_EMAIL,
      address: config.SUPPORT_ADDRESS,
    }),
  }),
];
