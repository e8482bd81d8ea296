import { contracts } from '@bima/domain/contract';
import { defineAction } from '../../gateway/registry';
import { listInterest, notifyInterest, registerInterest } from './interest';
import { listCatalogueProducts } from './service';

export const catalogueActions = [
  defineAction({
    service: 'underwriting',
    resource: 'catalogue',
    action: 'listProducts',
    auth: 'public',
    description: 'Every product of the catalogue with its category, class code, colour and availability.',
    input: contracts['underwriting/catalogue/listProducts'].input,
    handler: ({ db }) => listCatalogueProducts(db),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'catalogue',
    action: 'registerInterest',
    auth: 'public',
    // A public write: the stricter per-address limit.
    rateLimit: 'write',
    description:
      '"Tell me when it\'s available" for a coming-soon product. Once per product and e-mail (asking again answers the same); 404 for an unknown product, 409 NOT_COMING_SOON for one that is available or not offered.',
    input: contracts['underwriting/catalogue/registerInterest'].input,
    handler: ({ db, config, input, language }) =>
      registerInterest(db, input, config.PUBLIC_BASE_URL, language),
  }),
  defineAction({
    service: 'admin',
    resource: 'catalogue',
    action: 'listInterest',
    auth: 'staff',
    roles: ['admin'],
    description:
      'Each catalogue product with how many people wait to hear it is available and how many were told, a page at a time.',
    input: contracts['admin/catalogue/listInterest'].input,
    handler: ({ db, input }) => listInterest(db, input),
  }),
  defineAction({
    service: 'admin',
    resource: 'catalogue',
    action: 'notifyInterest',
    auth: 'staff',
    roles: ['admin'],
    description:
      'E-mails everyone waiting for a product that is now available, each once; 409 NOT_AVAILABLE while it is not available. Audited.',
    input: contracts['admin/catalogue/notifyInterest'].input,
    handler: ({ db, config, principal, input }) =>
      notifyInterest(db, principal!, input.catalogueProductId, config.PUBLIC_BASE_URL),
  }),
];
