import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonSecondary } from '../../../components/ui';
import { formatKenyaDateTime } from '../../../lib/dates';
import { ownAssessmentQueryOptions } from '../api/assessment';
import { AnswersSummary } from '../components/answers-summary';
import { AssessmentForm } from '../components/assessment-form';
import { AssessmentResultView } from '../components/assessment-result';
import { SharePanel } from '../components/share-panel';
import { t } from '../i18n';

/**
 * Profile › Assessment: the client's insurance needs questionnaire, then its result — the covers of
 * our catalogue that fit, why, what is missing, estimates from the live products and "Get a quote" —
 * with Edit answers and sharing with the client's intermediaries.
 */
export default function AssessmentRoute() {
  const assessment = useQuery(ownAssessmentQueryOptions());
  const [isEditing, setIsEditing] = useState(false);
  const data = assessment.data;
  const showForm = data !== undefined && (isEditing || data.answers === null);

  return (
    <div>
      <ScreenHeading level={1}>{t('assessment.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('assessment.intro')}</p>
      <QueryStatus
        isPending={assessment.isPending}
        isError={assessment.isError}
        onRetry={() => void assessment.refetch()}
        loadingText={t('assessment.loading')}
        errorText={t('assessment.loadError')}
      />
      {data && showForm ? (
        <AssessmentForm
          answers={data.answers}
          onSaved={() => setIsEditing(false)}
          onCancel={data.answers ? () => setIsEditing(false) : undefined}
        />
      ) : null}
      {data?.answers && data.result && !showForm ? (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button type="button" className={buttonSecondary} onClick={() => setIsEditing(true)}>
              {t('assessment.edit')}
            </button>
            {data.updatedAt ? (
              <p className="text-sm text-slate-700">
                {t('assessment.updated', { date: formatKenyaDateTime(data.updatedAt) })}
              </p>
            ) : null}
          </div>
          <AssessmentResultView result={data.result} canQuote />
          <SharePanel intermediaries={data.intermediaries} />
          <AnswersSummary answers={data.answers} />
        </>
      ) : null}
    </div>
  );
}
