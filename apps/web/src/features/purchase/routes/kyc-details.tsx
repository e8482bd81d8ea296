import { useQuery } from '@tanstack/react-query';
import { ScreenHeading } from '../../../components/screen-heading';
import { cardClass } from '../../../components/ui';
import { clientDetailsQueryOptions } from '../api/client';
import { KycForm } from '../components/kyc-form';
import { t } from '../i18n';

/**
 * KYC Verification (spec-2): phone, KRA PIN, account type and address, saved with updateClient;
 * with nationality, ID type and number (optional together) as the portal's KYC form has them.
 */
export default function KycDetailsRoute() {
  const client = useQuery(clientDetailsQueryOptions());
  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('purchase.kyc.heading')}</ScreenHeading>
        <p className="mt-1 text-slate-700">{t('purchase.kyc.intro')}</p>
      </div>
      {client.isPending ? (
        <p role="status" className={`${cardClass} font-semibold text-slate-900`}>
          {t('purchase.loading')}
        </p>
      ) : (
        <KycForm client={client.data} />
      )}
    </section>
  );
}
