import { useQuery } from '@tanstack/react-query';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { usePageParam } from '../../../components/use-page-param';
import { type AuditEntry, auditQueryOptions } from '../api/audit';
import { t } from '../i18n';
import { formatWhen } from '../utils/format';

/** An entry's details (a JSON object) as short 'key: value' lines. */
function detailsText(details: unknown): string {
  if (details === null || details === undefined) return '';
  if (typeof details !== 'object') return String(details);
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join('; ');
}

/** Admin: every staff change, newest first, a page at a time. */
export default function AuditLogRoute() {
  const [page, setPage] = usePageParam();
  const audit = useQuery(auditQueryOptions({ page }));
  return (
    <div>
      <ScreenHeading level={1}>{t('staff.audit.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('staff.audit.intro')}</p>
      <PagedTable<AuditEntry>
        query={audit}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('staff.audit.pages')}
        caption={t('staff.audit.caption')}
        hideCaption
        isScrollFocusable
        columns={[
          { key: 'when', header: t('staff.audit.when'), cell: (entry) => formatWhen(entry.at) },
          {
            key: 'who',
            header: t('staff.audit.who'),
            cell: (entry) =>
              entry.actor.email
                ? `${entry.actor.email}${entry.actor.role ? ` (${entry.actor.role})` : ''}`
                : t('staff.audit.system'),
            className: 'break-all',
          },
          { key: 'action', header: t('staff.audit.action'), cell: (entry) => entry.action },
          {
            key: 'record',
            header: t('staff.audit.record'),
            cell: (entry) => `${entry.entityType} ${entry.entityId}`,
            className: 'break-all',
          },
          {
            key: 'details',
            header: t('staff.audit.details'),
            cell: (entry) => detailsText(entry.details),
            className: 'text-sm break-all',
          },
        ]}
        rowKey={(entry) => String(entry.id)}
        emptyText={t('staff.audit.empty')}
      />
    </div>
  );
}
