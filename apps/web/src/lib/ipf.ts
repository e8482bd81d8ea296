// Premium financing's offer for an invoice: read by the invoice page ("Pay over time") and the IPF
// screens (KES with cents).
import { queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from './api-client';

export interface IpfInstalment {
  number: number;
  dueDate: string;
  amount: number;
  principal: number;
  fee: number;
}

/** One term a lender offers: its schedule, fee, total cost and rates. */
export interface IpfOption {
  months: number;
  lender: { id: number; name: string };
  principal: number;
  fee: number;
  totalRepayable: number;
  feeRatePercent: number;
  annualRatePercent: number;
  firstInstalment: number;
  instalments: IpfInstalment[];
}

/** `client / ipf / getOffer`. */
export interface IpfOffer {
  invoiceSystemRef: string;
  productName: string;
  premium: number;
  minPremium: number;
  eligible: boolean;
  reason: string | null;
  reasonCode: string | null;
  openLoanRef: string | null;
  earlySettlementRule: string;
  options: IpfOption[];
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
