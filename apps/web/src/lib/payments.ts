import { callGateway, unwrapData } from './api-client';
import type { PaymentStatusReply } from './payment-status';

export interface PaymentStart {
  paymentRef: string;
  status: string;
  customerMessage?: string;
  /** What this prompt asks for, whole shillings (at most M-Pesa's per-payment limit). */
  amount?: number;
}

/** `underwriting / accounting / invoicePaymentRequest`: sends the M-Pesa prompt to the phone. */
export async function requestInvoicePayment(invoiceSystemRef: string, phoneNumber: string) {
  const reply = await callGateway<PaymentStart>(
    {
      service: 'underwriting',
      resource: 'accounting',
      action: 'invoicePaymentRequest',
      data: {
        invoiceSystemRef,
        invoicePaymentDetails: { paymentProvider: 'mpesa', params: { PhoneNumber: phoneNumber } },
      },
    },
    { secure: true, silent: true },
  );
  return unwrapData(reply);
}

/** `intergration / payment / paymentRequestDetails` (spelt so): the payment's status. */
export async function getPaymentStatus(paymentSystemRef: string, signal?: AbortSignal) {
  return unwrapData(
    await callGateway<PaymentStatusReply>(
      {
        service: 'intergration',
        resource: 'payment',
        action: 'paymentRequestDetails',
        data: { paymentSystemRef },
      },
      { secure: true, silent: true, signal },
    ),
  );
}
