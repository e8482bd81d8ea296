import type { Payable } from '../payment/payables';
import {
  describeInvoicePayment,
  recordInvoiceReceipt,
  repairInvoiceIssuance,
  settleInvoiceReceipt,
} from './service';

declare module '../payment/payables' {
  interface PaymentStatusDetails {
    /** The policy the invoice's payment issued, once issued. */
    policyNumber: string | null;
    /** The invoice the payment pays: its balance and what the next prompt asks. */
    invoice: Awaited<ReturnType<typeof describeInvoicePayment>>['invoice'] | null;
  }
}

/** An invoice's premium, paid by M-Pesa (payments with purpose 'invoice'). */
export const invoicePayable: Payable = {
  purpose: 'invoice',
  settle: settleInvoiceReceipt,
  recordReceipt: recordInvoiceReceipt,
  describeStatus: describeInvoicePayment,
  repair: repairInvoiceIssuance,
};
