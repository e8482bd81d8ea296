import { useQuery } from '@tanstack/react-query';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { usePageParam } from '../../../components/use-page-param';
import { type AuditChange, type AuditEntry, auditQueryOptions } from '../api/audit';
import { t } from '../i18n';
import { formatWhen } from '../utils/format';

const STAFF_ROLES = new Set(['intermediary', 'underwriter', 'admin', 'lender']);

/** Who made a change: their name and e-mail with their role, or the system itself. */
function whoText(actor: AuditEntry['actor']): string {
  if (!actor.userId || actor.role === 'system') return t('staff.audit.system');
  const role =
    actor.role && STAFF_ROLES.has(actor.role) ? t(`staff.roles.${actor.role}`) : t('staff.audit.client');
  const person = [actor.name, actor.email].filter(Boolean).join(', ');
  return t('staff.audit.person', { person, role });
}

/** One value as "what: before → after" (or only the new value, or the old one removed). */
function changeText(change: AuditChange): string {
  if (change.before === null) return t('staff.audit.added', { what: change.what, after: change.after ?? '' });
  if (change.after === null) return t('staff.audit.removed', { what: change.what, before: change.before });
  return t('staff.audit.changed', { what: change.what, before: change.before, after: change.after });
}

/** Admin: every decision that moves money, cover or access, newest first, in words, a page at a time. */
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
            cell: (entry) => whoText(entry.actor),
            className: 'break-words',
          },
          { key: 'what', header: t('staff.audit.what'), cell: (entry) => entry.summary },
          {
            key: 'changes',
            header: t('staff.audit.changes'),
            cell: (entry) =>
              entry.changes.length === 0 ? (
                ''
              ) : (
                <ul className="space-y-1">
                  {entry.changes.map((change, index) => (
                    // Changes have no id of their own; their order is the record's.
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
                    <li key={index}>{changeText(change)}</li>
                  ))}
                </ul>
              ),
            className: 'text-sm',
          },
        ]}
        rowKey={(entry) => String(entry.id)}
        emptyText={t('staff.audit.empty')}
      />
    </div>
  );
}
