import type { ActionInput, ActionKey, ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';

/** `backoffice / product / …`: the product back office's actions (underwriter, admin). */
function callProductAdmin<Key extends ActionKey>(key: Key, data: ActionInput<Key>, signal?: AbortSignal) {
  // Silent: each screen shows its own errors (field errors, a stale version); 403 is still handled.
  return callAction(key, data, { secure: true, silent: true, signal });
}

/** A page of any back-office list (the products', the versions'). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type ProductListItem = ActionOutput<'backoffice/product/listProducts'>['items'][number];
export type ProductUnderwriter = ProductListItem['underwriter'];
/** A product's editable configuration (amounts in integer cents; the form shows and takes shillings). */
export type AdminProduct = ActionOutput<'backoffice/product/getProduct'>;
export type ProductVersionHead = ActionOutput<'backoffice/product/listProductVersions'>['items'][number];
export type ProductVersion = ActionOutput<'backoffice/product/getProductVersion'>;

export const PRODUCTS_PAGE_SIZE = 20;
export const VERSIONS_PAGE_SIZE = 10;

export interface ProductFilters {
  page: number;
  search: string;
  /** '' for all. */
  status: '' | 'active' | 'inactive';
}

export const productsQueryOptions = ({ page, search, status }: ProductFilters) =>
  queryOptions({
    queryKey: ['backoffice', 'products', { page, search, status }],
    queryFn: ({ signal }) =>
      callProductAdmin(
        'backoffice/product/listProducts',
        {
          page,
          pageSize: PRODUCTS_PAGE_SIZE,
          ...(search ? { search } : {}),
          ...(status ? { active: status === 'active' } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const productQueryKey = (productSystemRef: string) => ['backoffice', 'product', productSystemRef];

export const productQueryOptions = (productSystemRef: string) =>
  queryOptions({
    queryKey: productQueryKey(productSystemRef),
    queryFn: ({ signal }) => callProductAdmin('backoffice/product/getProduct', { productSystemRef }, signal),
    // The editor works on one version: no refetch under the person's hands.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: 1,
  });

export const versionsQueryOptions = (productSystemRef: string, page: number) =>
  queryOptions({
    queryKey: ['backoffice', 'productVersions', productSystemRef, page],
    queryFn: ({ signal }) =>
      callProductAdmin(
        'backoffice/product/listProductVersions',
        { productSystemRef, page, pageSize: VERSIONS_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const versionQueryOptions = (productSystemRef: string, version: number) =>
  queryOptions({
    queryKey: ['backoffice', 'productVersion', productSystemRef, version],
    queryFn: ({ signal }) =>
      callProductAdmin('backoffice/product/getProductVersion', { productSystemRef, version }, signal),
    retry: 1,
  });

type UpdateProductInput = ActionInput<'backoffice/product/updateProduct'>;

/**
 * Saves a new version. The configuration comes from the form as typed (its choices are text): the
 * server's schema checks it and answers 400 naming the field, which the form shows beside it.
 */
export function updateProduct(input: Omit<UpdateProductInput, 'configuration'> & { configuration: unknown }) {
  return callProductAdmin('backoffice/product/updateProduct', {
    ...input,
    configuration: input.configuration as UpdateProductInput['configuration'],
  });
}

export function setProductActive(input: {
  productSystemRef: string;
  expectedVersion: number;
  active: boolean;
}) {
  return callProductAdmin('backoffice/product/setProductActive', input);
}

export type MonthlyTermsVersion = ActionOutput<'backoffice/product/listMonthlyTerms'>['items'][number];
export const MONTHLY_TERMS_PAGE_SIZE = 5;

/** A product's monthly payment terms (issue 31): its versions, newest first, paged, with the one in force. */
export const monthlyTermsQueryOptions = (productSystemRef: string, page: number) =>
  queryOptions({
    queryKey: ['backoffice', 'monthlyTerms', productSystemRef, page],
    queryFn: ({ signal }) =>
      callProductAdmin(
        'backoffice/product/listMonthlyTerms',
        { productSystemRef, page, pageSize: MONTHLY_TERMS_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** Publishes a new version of the monthly terms (loading in basis points of the annual total). */
export function publishMonthlyTerms(input: ActionInput<'backoffice/product/publishMonthlyTerms'>) {
  return callProductAdmin('backoffice/product/publishMonthlyTerms', input);
}
