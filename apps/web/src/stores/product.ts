import type { CatalogueProduct } from '@bima/domain';
import { createPersistedStore } from '../lib/persisted-store';

export interface ProductState {
  selectedProduct: CatalogueProduct | null;
  coverType: string;
  insuranceClass: string;
}

/** The product chosen on the landing page (spec-1 §3 "product"). */
export const productStore = createPersistedStore<ProductState>('product', {
  selectedProduct: null,
  coverType: '',
  insuranceClass: '',
});
