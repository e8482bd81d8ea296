import type { CatalogueProduct } from '@bima/domain';
import { callGateway, unwrapData } from '../../../lib/api-client';
import { createResource, useResource } from '../../../lib/resource';

/** `underwriting / catalogue / listProducts`: the whole catalogue, in catalogue order. */
export async function getProducts({ signal }: { signal?: AbortSignal } = {}): Promise<CatalogueProduct[]> {
  const reply = await callGateway<CatalogueProduct[]>(
    { service: 'underwriting', resource: 'catalogue', action: 'listProducts', data: {} },
    { signal },
  );
  return unwrapData(reply);
}

const products = createResource(() => getProducts(), { staleMs: 5 * 60_000 });

/** The catalogue, fetched once for the landing page's components (kept five minutes). */
export const useProducts = () => useResource(products);
export const resetProducts = products.reset;
