// Premium financing's offer for an invoice: read by the invoice page ("Pay over time") and the IPF
// screens (amounts in cents).
import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import { callAction } from './api-client';

/** `client / ipf / getOffer`. */
export type IpfOffer = ActionOutput<'client/ipf/getOffer'>;

export const ipfOfferQueryOptions = (invoiceSystemRef: string) =>
  queryOptions({
    queryKey: ['client', 'ipf', 'offer', invoiceSystemRef],
    queryFn: ({ signal }) =>
      callAction('client/ipf/getOffer', { invoiceSystemRef }, { secure: true, silent: true, signal }),
  });
