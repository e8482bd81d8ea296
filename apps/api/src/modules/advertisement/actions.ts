import { contracts } from '@bima/domain/contract';
import { defineAction } from '../../gateway/registry';
import { listActiveAdvertisements } from './service';

export const advertisementActions = [
  defineAction({
    service: 'platform',
    resource: 'advertisement',
    action: 'list',
    auth: 'public',
    description: 'Active advertisements; also served in the older shape at /v2/api/v1/home.',
    input: contracts['platform/advertisement/list'].input,
    handler: ({ db }) => listActiveAdvertisements(db),
  }),
];
