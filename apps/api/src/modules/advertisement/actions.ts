import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import { listActiveAdvertisements } from './service';

export const advertisementActions = [
  defineAction({
    service: 'platform',
    resource: 'advertisement',
    action: 'list',
    auth: 'public',
    description: 'Active advertisements; also served in the older shape at /v2/api/v1/home.',
    input: z.object({}).passthrough(),
    handler: ({ db }) => listActiveAdvertisements(db),
  }),
];
