import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';
import { cartQueryKey } from '../../../lib/cart';

/** One quotation in the cart as `client / cart / listItems` answers it (amounts in cents). */
export type CartPage = ActionOutput<'client/cart/listItems'>;
export type CartItem = CartPage['items'][number];

/** A cart payment's status: the cart invoice and each member's balance and policy. */
export type CartPaymentStatus = ActionOutput<'intergration/payment/paymentRequestDetails'>;

const options = (signal?: AbortSignal) => ({ secure: true, silent: true, signal });

export const cartQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...cartQueryKey, page],
    queryFn: ({ signal }) => callAction('client/cart/listItems', { page, pageSize: 10 }, options(signal)),
    placeholderData: keepPreviousData,
  });

export const removeFromCart = (systemQuotationRef: string) =>
  callAction('client/cart/removeItem', { systemQuotationRef }, options());

export const payCart = (phone: string) => callAction('client/cart/pay', { phone }, options());

export const getCartPaymentStatus = (paymentSystemRef: string, signal?: AbortSignal) =>
  callAction('intergration/payment/paymentRequestDetails', { paymentSystemRef }, options(signal));
