import type { ActionOutput } from '@bima/domain/contract';
import type { SmsQueueFilter } from '@bima/domain/sms-queue';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaff, STAFF_PAGE_SIZE } from './call';

export type { SmsQueueFilter };

export type QueuedSms = ActionOutput<'admin/smsQueue/retrySms'>;

export const smsQueueQueryOptions = (query: { page: number; filter: SmsQueueFilter }) =>
  queryOptions({
    queryKey: ['staff', 'sms-queue', query],
    queryFn: ({ signal }) =>
      callStaff(
        'admin/smsQueue/listSmsQueue',
        { page: query.page, pageSize: STAFF_PAGE_SIZE, filter: query.filter },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const retrySms = (id: number) => callStaff('admin/smsQueue/retrySms', { id });
