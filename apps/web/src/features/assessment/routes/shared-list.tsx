import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { staffPaths } from '../../../config/staff-paths';
import { formatKenyaDateTime } from '../../../lib/dates';
import { type SharedAssessmentItem, sharedAssessmentsQueryOptions } from '../api/assessment';
import { t } from '../i18n';

/** Staff › Client assessments: the assessments clients share with the intermediary's firm, paged. */
export default function SharedAssessmentsRoute() {
  const [page, setPage] = usePageParam();
  const list = useQuery(sharedAssessmentsQueryOptions(page));
  return (
    <div>
      <ScreenHeading level={1}>{t('assessment.staff.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('assessment.staff.intro')}</p>
      <PagedTable<SharedAssessmentItem>
        query={list}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('assessment.staff.pages')}
        caption={t('assessment.staff.caption')}
        hideCaption
        emptyText={t('assessment.staff.empty')}
        rowKey={(row) => String(row.id)}
        columns={[
          {
            key: 'client',
            header: t('assessment.staff.client'),
            cell: (row) => (
              <Link to={staffPaths.assessment.getHref(row.id)} className={linkButton}>
                {row.clientName}
              </Link>
            ),
            isRowHeader: true,
          },
          { key: 'email', header: t('assessment.staff.email'), cell: (row) => row.email },
          {
            key: 'shared',
            header: t('assessment.staff.sharedAt'),
            cell: (row) => formatKenyaDateTime(row.sharedAt),
          },
          {
            key: 'updated',
            header: t('assessment.staff.updatedAt'),
            cell: (row) => formatKenyaDateTime(row.updatedAt),
          },
        ]}
      />
    </div>
  );
}
