import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaffAction, type Page, STAFF_PAGE_SIZE } from './call';

export interface ProductInterest {
  id: number;
  name: string;
  routeName: string;
  available: boolean;
  comingSoon: boolean;
  waiting: number;
  notified: number;
}

export const productInterestQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['staff', 'product-interest', page],
    queryFn: ({ signal }) =>
      callStaffAction<Page<ProductInterest>>(
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
  callStaffAction<{ productName: string; notified: number }>({
    service: 'admin',
    resource: 'catalogue',
    action: 'notifyInterest',
    data: { catalogueProductId },
  });
