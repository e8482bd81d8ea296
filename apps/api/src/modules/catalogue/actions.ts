import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import { listCatalogueProducts } from './service';

export const catalogueActions = [
  defineAction({
    service: 'underwriting',
    resource: 'catalogue',
    action: 'listProducts',
    auth: 'public',
    description: 'Every product of the catalogue with its category, class code, colour and availability.',
    input: z.object({}).passthrough(),
    handler: ({ db }) => listCatalogueProducts(db),
  }),
];
