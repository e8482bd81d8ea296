import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { staffPaths } from '../../../config/staff-paths';
import { formatKenyaDateTime } from '../../../lib/dates';
import { sharedAssessmentQueryOptions } from '../api/assessment';
import { AnswersSummary } from '../components/answers-summary';
import { AssessmentResultView } from '../components/assessment-result';
import { t } from '../i18n';

/** One client's shared assessment, read-only: their answers and the covers that fit them. */
export default function SharedAssessmentRoute() {
  const id = Number(useParams().id);
  const shared = useQuery({ ...sharedAssessmentQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  const data = shared.data;
  return (
    <div>
      <BackLink to={staffPaths.assessments.getHref()}>{t('assessment.staff.back')}</BackLink>
      <ScreenHeading level={1}>
        {data ? t('assessment.staff.detailTitle', { name: data.clientName }) : t('assessment.staff.title')}
      </ScreenHeading>
      <QueryStatus
        isPending={shared.isPending}
        isError={shared.isError}
        onRetry={() => void shared.refetch()}
        loadingText={t('assessment.loading')}
        errorText={t('assessment.staff.notShared')}
      />
      {data ? (
        <>
          <p className="mt-2 text-slate-700">
            {t('assessment.staff.sharedLine', {
              email: data.email,
              shared: formatKenyaDateTime(data.sharedAt),
              updated: formatKenyaDateTime(data.updatedAt),
            })}
          </p>
          <p className="mt-1 text-sm text-slate-700">{t('assessment.staff.readOnly')}</p>
          <AnswersSummary answers={data.answers} />
          <AssessmentResultView result={data.result} canQuote={false} />
        </>
      ) : null}
    </div>
  );
}
