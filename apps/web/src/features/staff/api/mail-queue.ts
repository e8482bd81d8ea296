import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaffAction, type Page, STAFF_PAGE_SIZE } from './call';

export type MailQueueFilter = 'failing' | 'pending' | 'sent' | 'all';

export interface QueuedMail {
  id: number;
  to: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  isFailing: boolean;
  nextAttemptAt: string | null;
  lastError: string | null;
  attachments: string[];
  createdAt: string;
  sentAt: string | null;
}

export const mailQueueQueryOptions = (query: { page: number; filter: MailQueueFilter }) =>
  queryOptions({
    queryKey: ['staff', 'mail-queue', query],
    queryFn: ({ signal }) =>
      callStaffAction<Page<QueuedMail> & { failing: number }>(
        {
          service: 'admin',
          resource: 'mailQueue',
          action: 'listMailQueue',
          data: { page: query.page, pageSize: STAFF_PAGE_SIZE, filter: query.filter },
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const retryMail = (id: number) =>
  callStaffAction<QueuedMail>({ service: 'admin', resource: 'mailQueue', action: 'retryMail', data: { id } });
