import type { Payable } from '../payment/payables';
import { cartInvoiceSummary, recordCartReceipt, settleCartReceipt } from './service';

declare module '../payment/payables' {
  interface PaymentStatusDetails {
    /** The cart invoice the payment pays: its members in order, each with its balance and policy. */
    cart: Awaited<ReturnType<typeof cartInvoiceSummary>>;
  }
}

/** A cart of quotations paid by one M-Pesa payment (payments with purpose 'cart'). */
export const cartPayable: Payable = {
  purpose: 'cart',
  settle: settleCartReceipt,
  recordReceipt: recordCartReceipt,
  describeStatus: async (db, payment, maxPerPrompt) => ({
    cart: await cartInvoiceSummary(db, payment.cartInvoiceId!, maxPerPrompt),
  }),
};
