import type { PublishPricingTableRequest } from '@bima/domain/loan-pricing';
import type { LoanProduct } from '@bima/domain/loans';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';

/** A band as the lender reads it (KES; a rate in %). */
export interface PricingBand {
  minPrincipal: number;
  maxPrincipal: number | null;
  months: number;
  facilityFee: number | null;
  monthlyRatePercent: string | null;
}

export interface PricingTable {
  id: number;
  product: LoanProduct;
  name: string;
  effectiveFrom: string;
  state: 'IN_FORCE' | 'SCHEDULED' | 'PAST';
  isSample: boolean;
  createdAt: string;
  bands: PricingBand[];
}

export interface PricingPage {
  items: PricingTable[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export const PRICING_PAGE_SIZE = 5;

const call = async <T>(action: string, data: unknown, signal?: AbortSignal) =>
  unwrapData(
    await callGateway<T>(
      { service: 'lender', resource: 'pricing', action, data },
      { secure: true, silent: true, signal },
    ),
  );

/** `lender / pricing / listTables`: one page of the lender's own tables, newest start first. */
export const pricingTablesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['lender', 'pricing', page],
    queryFn: ({ signal }) => call<PricingPage>('listTables', { page, pageSize: PRICING_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

/** The table of a product in force today, to start a new one from (the first page holds it). */
export const inForceTablesQueryOptions = () =>
  queryOptions({
    queryKey: ['lender', 'pricing', 'in-force'],
    queryFn: async ({ signal }) =>
      (await call<PricingPage>('listTables', { page: 1, pageSize: 50 }, signal)).items.filter(
        (table) => table.state === 'IN_FORCE',
      ),
  });

/** `lender / pricing / publishTable`; the lists are read again afterwards. */
export function usePublishPricingTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishPricingTableRequest) => call<PricingTable>('publishTable', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lender', 'pricing'] }),
  });
}
