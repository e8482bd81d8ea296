import { contracts } from '@bima/domain/contract';
import { defineAction } from '../../gateway/registry';
import { addToCart, listCart, payCart, removeFromCart } from './service';

/** The client's cart (portal: Cart): unpaid quotations paid together as one invoice. */
export const cartActions = [
  defineAction({
    service: 'client',
    resource: 'cart',
    action: 'addItem',
    auth: 'client',
    description:
      'Puts one of the client’s saved, unpaid quotations in the cart; again changes nothing. 404 for anyone else’s; 409 QUOTATION_PAID when money was paid towards it.',
    input: contracts['client/cart/addItem'].input,
    handler: ({ db, principal, input }) => addToCart(db, principal!.userId, input.systemQuotationRef),
  }),
  defineAction({
    service: 'client',
    resource: 'cart',
    action: 'removeItem',
    auth: 'client',
    description:
      'Takes a quotation out of the cart; for an expired one the message says it must be priced again.',
    input: contracts['client/cart/removeItem'].input,
    handler: ({ db, principal, input }) => removeFromCart(db, principal!.userId, input.systemQuotationRef),
  }),
  defineAction({
    service: 'client',
    resource: 'cart',
    action: 'listItems',
    auth: 'client',
    description:
      'The cart, oldest added first (then id), a page at a time, with its total (cents; expired ones not counted). Paid quotations leave the cart.',
    input: contracts['client/cart/listItems'].input,
    handler: (context) => listCart(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'cart',
    action: 'pay',
    auth: 'client',
    description:
      'Pays the cart as one invoice by M-Pesa; follow it with paymentRequestDetails (its `cart` gives each member invoice’s balance and policy). The prompt asks for the cart’s balance up to MPESA_MAX_AMOUNT (a larger cart: pay again for the next part); each policy is issued when its share is paid. 409 CART_EMPTY, QUOTATION_EXPIRED (naming the expired quotation: remove it or price it again), PAYMENT_PENDING, INVOICE_PAID.',
    input: contracts['client/cart/pay'].input,
    handler: (context) => payCart(context, context.principal!.userId, context.input.phone),
  }),
];
