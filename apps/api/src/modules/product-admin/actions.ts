import {
  adminListProductsSchema,
  adminListProductVersionsSchema,
  adminProductRefSchema,
  adminProductVersionSchema,
  adminSetProductActiveSchema,
  adminUpdateProductSchema,
} from '@bima/domain';
import { contracts } from '@bima/domain/contract';
import { AppError } from '../../gateway/errors';
import { type ActionContext, defineAction } from '../../gateway/registry';
import { listMonthlyTerms, publishMonthlyTerms } from './monthly-terms';
import { type ProductScope, productScope } from './scope';
import {
  getProduct,
  getProductVersion,
  listProducts,
  listProductVersions,
  setProductActive,
  updateProduct,
} from './service';

/**
 * Tells every instance (this one has already forgotten its own) to drop its cached products, so the
 * next quote anywhere prices from the rows just saved. A lost event is bounded by the cache's TTL.
 */
async function productsChanged<T>(context: ActionContext<unknown>, result: T): Promise<T> {
  await context.services.bus
    .publish({ t: 'products' })
    .catch((error: unknown) => context.log.warn({ err: error }, 'could not announce a product change'));
  return result;
}

function requireScope(context: ActionContext<unknown>): ProductScope {
  const scope = productScope(context);
  if (scope === 'forbidden') throw new AppError('forbidden', 'You are not allowed to do this.');
  return scope;
}

/**
 * The underwriter's and admin's product back office. Staff only; which products a caller sees is
 * decided by `productScope` alone (another underwriter's product answers 404).
 */
export const productAdminActions = [
  defineAction({
    service: 'backoffice',
    resource: 'product',
    action: 'listProducts',
    auth: 'staff',
    roles: ['underwriter', 'admin'],
    description: 'Products the caller may edit, by search, class and whether active.',
    input: adminListProductsSchema,
    handler: async (context) => listProducts(context.db, requireScope(context), context.input),
  }),
  defineAction({
    service: 'backoffice',
    resource: 'product',
    action: 'getProduct',
    auth: 'staff',
    roles: ['underwriter', 'admin'],
    description:
      "A product's editable configuration and the version it is; its amounts are integer cents (updateProduct takes cents of whole shillings), rates fractions of one.",
    input: adminProductRefSchema,
    handler: async (context) => getProduct(context.db, requireScope(context), context.input.productSystemRef),
  }),
  defineAction({
    service: 'backoffice',
    resource: 'product',
    action: 'updateProduct',
    auth: 'staff',
    roles: ['underwriter', 'admin'],
    description:
      'Saves a new version of the configuration, answering the product as getProduct does. 400 with the field for a rule broken or a configuration the premium engine cannot price; 409 STALE_VERSION when expectedVersion is not the current version.',
    input: adminUpdateProductSchema,
    handler: async (context) =>
      productsChanged(context, await updateProduct(context.db, requireScope(context), context.input)),
  }),
  defineAction({
    service: 'backoffice',
    resource: 'product',
    action: 'setProductActive',
    auth: 'staff',
    roles: ['underwriter', 'admin'],
    description:
      'Takes a product off the quotes grid or puts it back, as a new version, answering the product as getProduct does; 409 STALE_VERSION.',
    input: adminSetProductActiveSchema,
    handler: async (context) =>
      productsChanged(context, await setProductActive(context.db, requireScope(context), context.input)),
  }),
  defineAction({
    service: 'backoffice',
    resource: 'product',
    action: 'listProductVersions',
    auth: 'staff',
    roles: ['underwriter', 'admin'],
    description: "A product's versions, newest first, with who made each, when and why.",
    input: adminListProductVersionsSchema,
    handler: async (context) => listProductVersions(context.db, requireScope(context), context.input),
  }),
  defineAction({
    service: 'backoffice',
    resource: 'product',
    action: 'getProductVersion',
    auth: 'staff',
    roles: ['underwriter', 'admin'],
    description: 'One version as it was, with its configuration and whether it is the current one.',
    input: adminProductVersionSchema,
    handler: async (context) => getProductVersion(context.db, requireScope(context), context.input),
  }),
  defineAction({
    service: 'backoffice',
    resource: 'product',
    action: 'listMonthlyTerms',
    auth: 'staff',
    roles: ['underwriter', 'admin'],
    description:
      "A product's monthly payment terms (issue 31), newest version first, paged, with the version in force (null: never offered monthly).",
    input: contracts['backoffice/product/listMonthlyTerms'].input,
    handler: async (context) => listMonthlyTerms(context.db, requireScope(context), context.input),
  }),
  defineAction({
    service: 'backoffice',
    resource: 'product',
    action: 'publishMonthlyTerms',
    auth: 'staff',
    roles: ['underwriter', 'admin'],
    description:
      'Publishes a new version of the monthly payment terms: enabled, loading in basis points of the annual total (0–5,000), grace days (0–27). Quotations already priced keep their plan. 400 with the field for a bad loading or grace.',
    input: contracts['backoffice/product/publishMonthlyTerms'].input,
    handler: async (context) =>
      productsChanged(context, await publishMonthlyTerms(context.db, requireScope(context), context.input)),
  }),
];
