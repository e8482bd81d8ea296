import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaff, STAFF_PAGE_SIZE } from './call';

export type MailQueueFilter = 'failing' | 'pending' | 'sent' | 'all';

export type QueuedMail = ActionOutput<'admin/mailQueue/retryMail'>;

export const mailQueueQueryOptions = (query: { page: number; filter: MailQueueFilter }) =>
  queryOptions({
    queryKey: ['staff', 'mail-queue', query],
    queryFn: ({ signal }) =>
      callStaff(
        'admin/mailQueue/listMailQueue',
        { page: query.page, pageSize: STAFF_PAGE_SIZE, filter: query.filter },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const retryMail = (id: number) => callStaff('admin/mailQueue/retryMail', { id });
