import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { cardClass, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { privacyQueryOptions } from '../api/privacy';
import { CloseAccountPanel } from '../components/close-account-panel';
import { ConsentsPanel } from '../components/consents-panel';
import { DownloadPanel } from '../components/download-panel';
import { t } from '../i18n';

/**
 * Profile › Privacy & my data (Data Protection Act 2019): the client's consents with Withdraw, the
 * download of everything held about them, where to correct their details, and closing the account.
 */
export default function PrivacyRoute() {
  const privacy = useQuery(privacyQueryOptions());
  return (
    <div className="space-y-6">
      <div>
        <ScreenHeading level={1}>{t('privacy.title')}</ScreenHeading>
        <p className="mt-2 text-slate-700">{t('privacy.intro')}</p>
      </div>
      <QueryStatus
        isPending={privacy.isPending}
        isError={privacy.isError}
        onRetry={() => void privacy.refetch()}
        loadingText={t('privacy.loading')}
        errorText={t('privacy.loadError')}
      />
      {privacy.data ? <ConsentsPanel privacy={privacy.data} /> : null}
      <DownloadPanel />
      <section aria-labelledby="privacy-correct-heading" className={cardClass}>
        <h2 id="privacy-correct-heading" className="text-lg font-bold text-slate-900">
          {t('privacy.correct.title')}
        </h2>
        <p className="mt-1 text-slate-700">{t('privacy.correct.intro')}</p>
        <p className="mt-1 text-sm text-slate-700">{t('privacy.correct.policies')}</p>
        <div className="mt-3 flex flex-wrap gap-4">
          <Link to={paths.portalProfile.getHref()} className={linkButton}>
            {t('privacy.correct.profile')}
          </Link>
          <Link to={paths.portalKyc.getHref()} className={linkButton}>
            {t('privacy.correct.kyc')}
          </Link>
        </div>
      </section>
      <CloseAccountPanel />
    </div>
  );
}
