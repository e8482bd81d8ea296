import type { CatalogueProduct } from '@bima/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';

/** `underwriting / catalogue / listProducts`: the whole catalogue, in catalogue order. */
export async function getProducts({ signal }: { signal?: AbortSignal } = {}): Promise<CatalogueProduct[]> {
  const reply = await callGateway<CatalogueProduct[]>(
    { service: 'underwriting', resource: 'catalogue', action: 'listProducts', data: {} },
    { signal },
  );
  return unwrapData(reply);
}

export const getProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue', 'products'],
    queryFn: ({ signal }) => getProducts({ signal }),
    staleTime: 5 * 60_000,
  });

export function useProducts() {
  return useQuery(getProductsQueryOptions());
}
