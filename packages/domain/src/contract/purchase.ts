import { z } from 'zod';
import { supportContactsSchema } from '../support';
import { type Contract, contract } from './define';

/**
 * Quotes, products, quotations, invoices, payments, policies, the cart, renewals, certificates, and
 * the public platform calls (advertisements, support contacts).
 */
export const purchaseContracts = {
  'platform/support/getSupportContacts': contract(z.object({}).passthrough(), supportContactsSchema),
} satisfies Record<string, Contract>;
