import type { ProductConfiguration } from '@bima/domain/product-admin';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';

/** `backoffice / product / …`: the product back office's actions (underwriter, admin). */
async function callProductAdmin<T>(action: string, data: unknown, signal?: AbortSignal): Promise<T> {
  // Silent: each screen shows its own errors (field errors, a stale version); 403 is still handled.
  return unwrapData(
    await callGateway<T>(
      { service: 'backoffice', resource: 'product', action, data },
      { secure: true, silent: true, signal },
    ),
  );
}

export interface ProductUnderwriter {
  id: string;
  name: string;
}

export interface ProductListItem {
  productSystemRef: string;
  name: string;
  underwriter: ProductUnderwriter;
  classCode: string;
  coverType: string;
  rateBasis: string;
  version: number;
  active: boolean;
  updatedAt: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminProduct {
  productSystemRef: string;
  underwriter: ProductUnderwriter;
  classCode: string;
  coverType: string;
  version: number;
  active: boolean;
  updatedAt: string;
  configuration: ProductConfiguration;
}

export interface ProductVersionHead {
  version: number;
  changedBy: { userId: string; email: string; name: string } | null;
  changeSummary: string;
  createdAt: string;
}

export interface ProductVersion extends ProductVersionHead {
  productSystemRef: string;
  isCurrent: boolean;
  active: boolean;
  configuration: ProductConfiguration;
}

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
      callProductAdmin<Page<ProductListItem>>(
        'listProducts',
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
    queryFn: ({ signal }) => callProductAdmin<AdminProduct>('getProduct', { productSystemRef }, signal),
    // The editor works on one version: no refetch under the person's hands.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: 1,
  });

export const versionsQueryOptions = (productSystemRef: string, page: number) =>
  queryOptions({
    queryKey: ['backoffice', 'productVersions', productSystemRef, page],
    queryFn: ({ signal }) =>
      callProductAdmin<Page<ProductVersionHead>>(
        'listProductVersions',
        { productSystemRef, page, pageSize: VERSIONS_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const versionQueryOptions = (productSystemRef: string, version: number) =>
  queryOptions({
    queryKey: ['backoffice', 'productVersion', productSystemRef, version],
    queryFn: ({ signal }) =>
      callProductAdmin<ProductVersion>('getProductVersion', { productSystemRef, version }, signal),
    retry: 1,
  });

export function updateProduct(input: {
  productSystemRef: string;
  expectedVersion: number;
  changeSummary?: string;
  configuration: unknown;
}) {
  return callProductAdmin<AdminProduct>('updateProduct', input);
}

export function setProductActive(input: {
  productSystemRef: string;
  expectedVersion: number;
  active: boolean;
}) {
  return callProductAdmin<AdminProduct>('setProductActive', input);
}
