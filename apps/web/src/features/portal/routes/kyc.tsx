import { ScreenHeading } from '../../../components/screen-heading';
import { buttonSecondary } from '../../../components/ui';
import { KycForm, useClientDetails } from '../components/kyc-form';
import { t } from '../i18n';

/** KYC: shows and edits the client's KYC details (getClientDetails / updateClient). */
export default function KycRoute() {
  const details = useClientDetails();

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <ScreenHeading level={1}>{t('portal.kyc.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('portal.kyc.intro')}</p>
      {details.isPending ? (
        <p role="status" className="mt-6 text-slate-700">
          {t('portal.kyc.loading')}
        </p>
      ) : details.isError ? (
        <div role="alert" className="mt-6">
          <p className="text-slate-800">{t('portal.kyc.loadError')}</p>
          <button type="button" className={`${buttonSecondary} mt-3`} onClick={() => details.refetch()}>
            {t('portal.kyc.retry')}
          </button>
        </div>
      ) : (
        <KycForm key={details.data.updatedAt} details={details.data} />
      )}
    </div>
  );
}
