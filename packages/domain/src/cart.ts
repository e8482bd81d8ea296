import type { z } from 'zod';
import { systemQuotationRefSchema } from './purchase';
import { walletPageSchema, walletTopUpSchema } from './wallet';

/** `client / cart / addItem` and `removeItem`: one of the client's quotations. */
export const cartItemSchema = systemQuotationRefSchema;

/** `client / cart / listItems`: a page of the cart (pages from 1, 10 a page by default). */
export const cartPageSchema = walletPageSchema;

/** `client / cart / pay`: the cart as one invoice by M-Pesa to this phone (0712…, +254…, 2547…). */
export const cartPaySchema = walletTopUpSchema.pick({ phone: true });
export type CartPayInput = z.infer<typeof cartPaySchema>;

export const CART_MESSAGES = {
  paid: 'This quotation is already paid: it cannot go in the cart.',
  empty: 'Your cart is empty.',
  expired: (ref: string) => `Quotation ${ref} has expired: it must be priced again before you pay the cart.`,
  removedExpired: (ref: string) =>
    `Quotation ${ref} was removed from your cart. Its price has expired: get a new price to buy it.`,
  nothingOwed: 'Everything in your cart is already paid.',
  pending: 'A payment for your cart is waiting for confirmation on your phone.',
} as const;
