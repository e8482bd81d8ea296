import type { CatalogueProduct } from '@bima/domain';
import { catalogueInLanguage } from '@bima/domain/catalogue-rules';
import { useMemo } from 'react';
import { callAction } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { createResource, useResource } from '../../../lib/resource';

/** `underwriting / catalogue / listProducts`: the whole catalogue, in catalogue order. */
export async function getProducts({ signal }: { signal?: AbortSignal } = {}): Promise<CatalogueProduct[]> {
  return callAction('underwriting/catalogue/listProducts', {}, { signal });
}

const products = createResource(() => getProducts(), { staleMs: 5 * 60_000 });

/**
 * The catalogue, fetched once for the landing page's components (kept five minutes), in the
 * reader's language: the answer carries every language's words, so switching needs no new fetch.
 */
export function useProducts() {
  const state = useResource(products);
  const language = useLanguage();
  const data = useMemo(
    () => state.data?.map((product) => catalogueInLanguage(product, language)),
    [state.data, language],
  );
  return data === undefined || state.data === undefined ? state : { ...state, data };
}
