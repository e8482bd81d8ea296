import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaff, STAFF_PAGE_SIZE } from './call';

export type ProductInterest = ActionOutput<'admin/catalogue/listInterest'>['items'][number];

export const productInterestQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['staff', 'product-interest', page],
    queryFn: ({ signal }) =>
      callStaff('admin/catalogue/listInterest', { page, pageSize: STAFF_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const notifyInterest = (catalogueProductId: number) =>
  callStaff('admin/catalogue/notifyInterest', { catalogueProductId });
