import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { coverTypeText } from '../../../components/code-labels';
import { PagedCardList } from '../../../components/paged-card-list';
import { SummaryList } from '../../../components/summary-list';
import { cardClass, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { policiesQueryOptions } from '../api/records';
import { RecordStatusBadge } from '../components/records';
import { t } from '../i18n';
import { formatPeriod, registrationOf } from '../utils/records';

/** My Policies (user products list): the client's policies, each opening its detail. */
export default function PoliciesRoute() {
  const [page, setPage] = usePageParam();
  const policies = useQuery(policiesQueryOptions(page));
  return (
    <div>
      <PagedCardList
        title={t('portal.policies.title')}
        intro={t('portal.policies.intro')}
        query={policies}
        empty={t('portal.policies.empty')}
        emptyAction={
          <Link to={paths.motorBasicDetails.getHref()} className={`${linkButton} mt-3 inline-block`}>
            {t('portal.policies.emptyLink')}
          </Link>
        }
        itemKey={(policy) => policy.id}
        onPageChange={setPage}
        pagesLabel={t('portal.policies.pages')}
        renderItem={(policy) => (
          <article aria-labelledby={`policy-${policy.id}`} className={`${cardClass} h-full`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 id={`policy-${policy.id}`} className="font-bold break-all text-slate-900">
                {policy.policyNumber}
              </h2>
              <RecordStatusBadge status={policy.status} />
            </div>
            <SummaryList
              rows={[
                { label: t('portal.fields.product'), value: policy.productName },
                {
                  label: policy.riskReference?.label ?? t('portal.fields.registration'),
                  value: policy.riskReference?.value ?? registrationOf(policy.vehicle),
                },
                {
                  label: t('portal.fields.coverType'),
                  value: coverTypeText(policy.coverType),
                },
                {
                  label: t('portal.fields.period'),
                  value: formatPeriod(policy.startDate, policy.endDate),
                },
                { label: t('portal.fields.premium'), value: formatKes(policy.premium) },
              ]}
            />
            <Link
              to={paths.portalPolicy.getHref(policy.id)}
              aria-label={t('portal.policies.view', { policyNumber: policy.policyNumber })}
              className={`${linkButton} mt-3 inline-block`}
            >
              {t('portal.policies.viewShort')}
            </Link>
          </article>
        )}
      />
    </div>
  );
}
