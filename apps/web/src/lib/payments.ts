import type { ActionOutput } from '@bima/domain/contract';
import { callAction } from './api-client';
import type { PaymentStatusReply } from './payment-status';

/** An M-Pesa prompt sent: what it asks for, in cents (at most M-Pesa's per-payment limit). */
export type PaymentStart = ActionOutput<'underwriting/accounting/invoicePaymentRequest'>;

/** `underwriting / accounting / invoicePaymentRequest`: sends the M-Pesa prompt to the phone. */
export async function requestInvoicePayment(invoiceSystemRef: string, phoneNumber: string) {
  return callAction(
    'underwriting/accounting/invoicePaymentRequest',
    {
      invoiceSystemRef,
      invoicePaymentDetails: { paymentProvider: 'mpesa', params: { PhoneNumber: phoneNumber } },
    },
    { secure: true, silent: true },
  );
}

/** `intergration / payment / paymentRequestDetails` (spelt so): the payment's status. */
export async function getPaymentStatus(paymentSystemRef: string, signal?: AbortSignal) {
  const status: PaymentStatusReply = await callAction(
    'intergration/payment/paymentRequestDetails',
    { paymentSystemRef },
    { secure: true, silent: true, signal },
  );
  return status;
}
