import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { cardClass, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { KycForm, useClientDetails } from '../components/kyc-form';
import { t } from '../i18n';

/**
 * `client-quotation-kyc/:id`: the KYC details a recommended policy is issued on (phone, KRA PIN,
 * account type, address), to check or complete; saving goes on to the recommendation's summary.
 */
export default function RecommendationKycRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const details = useClientDetails();
  return (
    <div>
      <BackLink to={paths.portalRecommendationReview.getHref(id)}>
        {t('portal.recommendations.backToReview')}
      </BackLink>
      <section className={`${cardClass} mt-4`}>
        <ScreenHeading level={1}>{t('portal.recommendations.kycTitle')}</ScreenHeading>
        <p className="mt-2 text-slate-700">{t('portal.recommendations.kycIntro')}</p>
        <QueryStatus
          isPending={details.isPending}
          isError={details.isError}
          onRetry={() => void details.refetch()}
          errorText={t('portal.kyc.loadError')}
        />
        {details.data ? (
          <KycForm
            key={details.data.updatedAt}
            details={details.data}
            onSaved={() => navigate(paths.portalRecommendationSummary.getHref(id))}
          />
        ) : null}
        <p className="mt-6">
          <Link to={paths.portalRecommendationSummary.getHref(id)} className={linkButton}>
            {t('portal.recommendations.toSummary')}
          </Link>
        </p>
      </section>
    </div>
  );
}
