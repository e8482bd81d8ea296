import type { ActionOutput } from '@bima/domain/contract';
import type { PublishPricingTableRequest } from '@bima/domain/loan-pricing';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';

/** A table as the lender reads it (amounts in cents; a rate in %). */
export type PricingTable = ActionOutput<'lender/pricing/publishTable'>;

export type PricingBand = PricingTable['bands'][number];

export type PricingPage = ActionOutput<'lender/pricing/listTables'>;

export const PRICING_PAGE_SIZE = 5;

const options = (signal?: AbortSignal) => ({ secure: true, silent: true, signal });

/** `lender / pricing / listTables`: one page of the lender's own tables, newest start first. */
export const pricingTablesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['lender', 'pricing', page],
    queryFn: ({ signal }) =>
      callAction('lender/pricing/listTables', { page, pageSize: PRICING_PAGE_SIZE }, options(signal)),
    placeholderData: keepPreviousData,
  });

/** The table of a product in force today, to start a new one from (the first page holds it). */
export const inForceTablesQueryOptions = () =>
  queryOptions({
    queryKey: ['lender', 'pricing', 'in-force'],
    queryFn: async ({ signal }) =>
      (
        await callAction('lender/pricing/listTables', { page: 1, pageSize: 50 }, options(signal))
      ).items.filter((table) => table.state === 'IN_FORCE'),
  });

/** `lender / pricing / publishTable`; the lists are read again afterwards. */
export function usePublishPricingTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishPricingTableRequest) =>
      callAction('lender/pricing/publishTable', input, options()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lender', 'pricing'] }),
  });
}
