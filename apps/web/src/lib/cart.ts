// The client's cart, shared by the Cart screen and the screens where quotations have "Add to cart".
import { callAction } from './api-client';

/** `client / cart / addItem`: puts one of the client's unpaid quotations in the cart (again: no change). */
export async function addToCart(systemQuotationRef: string) {
  return callAction('client/cart/addItem', { systemQuotationRef }, { secure: true, silent: true });
}

/** The query keys the cart's data lives under (invalidate after adding). */
export const cartQueryKey = ['client', 'cart'] as const;
