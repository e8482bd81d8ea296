import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n';
import { callStaff, STAFF_PAGE_SIZE } from './call';

/** One entry of `admin / audit / listAuditLog`, in the reader's language. */
export type AuditEntry = ActionOutput<'admin/audit/listAuditLog'>['items'][number];
/** One value a decision changed, in the reader's language: null before (added) or after (removed). */
export type AuditChange = AuditEntry['changes'][number];

export const auditQueryOptions = (query: { page: number }) =>
  queryOptions({
    // The server writes the entries in the reader's language: another language is another answer.
    queryKey: ['staff', 'audit', query, currentLanguage()],
    queryFn: ({ signal }) =>
      callStaff('admin/audit/listAuditLog', { page: query.page, pageSize: STAFF_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
