import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';
import { cartQueryKey } from '../../../lib/cart';

/** One quotation in the cart as `client / cart / listItems` answers it (KES). */
export interface CartItem {
  systemQuotationRef: string;
  productName: string;
  underwriter: string;
  coverType: string;
  registrationNumber: string | null;
  vehicleDescription: string | null;
  startDate: string;
  premium: number;
  balance: number;
  invoiceSystemRef: string | null;
  isExpired: boolean;
  expiresAt: string;
  addedAt: string;
}

export interface CartPage {
  items: CartItem[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  payableCount: number;
  expiredCount: number;
  totalAmount: number;
  amountDueNow: number;
  maxPerPrompt: number;
}

export interface CartPaymentStatus {
  paymentSystemRef: string;
  paymentRequestStatus: 'pending' | 'success' | 'failed';
  statusMessage: string;
  amount: number;
  receiptNumber: string | null;
  cart: {
    cartInvoiceRef: string;
    amount: number;
    amountPaid: number;
    balance: number;
    amountDueNow: number;
    members: Array<{
      invoiceSystemRef: string;
      systemQuotationRef: string;
      productName: string;
      amount: number;
      balance: number;
      status: string;
      policyNumber: string | null;
      policyId: number | null;
    }>;
  } | null;
}

const call = async <T>(action: string, data: unknown, signal?: AbortSignal) =>
  unwrapData(
    await callGateway<T>(
      { service: 'client', resource: 'cart', action, data },
      { secure: true, silent: true, signal },
    ),
  );

export const cartQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...cartQueryKey, page],
    queryFn: ({ signal }) => call<CartPage>('listItems', { page, pageSize: 10 }, signal),
    placeholderData: keepPreviousData,
  });

export const removeFromCart = (systemQuotationRef: string) =>
  call<{ removed: boolean; isExpired: boolean; message: string | null }>('removeItem', {
    systemQuotationRef,
  });

export const payCart = (phone: string) =>
  call<{ paymentRef: string; amount: number; cartInvoiceRef: string; customerMessage?: string }>('pay', {
    phone,
  });

export const getCartPaymentStatus = async (paymentSystemRef: string, signal?: AbortSignal) =>
  unwrapData(
    await callGateway<CartPaymentStatus>(
      {
        service: 'intergration',
        resource: 'payment',
        action: 'paymentRequestDetails',
        data: { paymentSystemRef },
      },
      { secure: true, silent: true, signal },
    ),
  );
