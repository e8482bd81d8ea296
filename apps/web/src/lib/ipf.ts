// Premium financing's offer for an invoice: read by the invoice page ("Pay over time") and the IPF
// screens (KES with cents).
import { queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from './api-client';
import type { LoanOfferBase } from './loan-offer';

/** `client / ipf / getOffer`. */
export interface IpfOffer extends LoanOfferBase {
  invoiceSystemRef: string;
  productName: string;
  premium: number;
  minPremium: number;
}

export const ipfOfferQueryOptions = (invoiceSystemRef: string) =>
  queryOptions({
    queryKey: ['client', 'ipf', 'offer', invoiceSystemRef],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<IpfOffer>(
          { service: 'client', resource: 'ipf', action: 'getOffer', data: { invoiceSystemRef } },
          { secure: true, silent: true, signal },
        ),
      ),
  });
