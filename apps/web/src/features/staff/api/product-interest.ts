import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaffAction, STAFF_PAGE_SIZE } from './call';

export type ProductInterest = ActionOutput<'admin/catalogue/listInterest'>['items'][number];

export const productInterestQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['staff', 'product-interest', page],
    queryFn: ({ signal }) =>
      callStaffAction<ActionOutput<'admin/catalogue/listInterest'>>(
        {
          service: 'admin',
          resource: 'catalogue',
          action: 'listInterest',
          data: { page, pageSize: STAFF_PAGE_SIZE },
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const notifyInterest = (catalogueProductId: number) =>
  callStaffAction<ActionOutput<'admin/catalogue/notifyInterest'>>({
    service: 'admin',
    resource: 'catalogue',
    action: 'notifyInterest',
    data: { catalogueProductId },
  });
