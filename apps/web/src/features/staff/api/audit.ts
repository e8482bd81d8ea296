import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaffAction, type Page, STAFF_PAGE_SIZE } from './call';

export interface AuditEntry {
  id: number;
  at: string;
  actor: { userId: string | null; email: string | null; role: string | null };
  action: string;
  entityType: string;
  entityId: string;
  details: unknown;
}

export const auditQueryOptions = (query: { page: number }) =>
  queryOptions({
    queryKey: ['staff', 'audit', query],
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
