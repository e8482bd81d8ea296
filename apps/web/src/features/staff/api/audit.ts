import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n';
import { callStaffAction, type Page, STAFF_PAGE_SIZE } from './call';

/** One value a decision changed, in the reader's language: null before (added) or after (removed). */
export interface AuditChange {
  what: string;
  before: string | null;
  after: string | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: { userId: string | null; email: string | null; name: string | null; role: string | null };
  /** What happened, as a sentence in the reader's language. */
  summary: string;
  changes: AuditChange[];
  action: string;
  entityType: string;
  entityId: string;
}

export const auditQueryOptions = (query: { page: number }) =>
  queryOptions({
    // The server writes the entries in the reader's language: another language is another answer.
    queryKey: ['staff', 'audit', query, currentLanguage()],
    queryFn: ({ signal }) =>
      callStaffAction<Page<AuditEntry>>(
        {
          service: 'admin',
          resource: 'audit',
          action: 'listAuditLog',
          data: { page: query.page, pageSize: STAFF_PAGE_SIZE },
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
