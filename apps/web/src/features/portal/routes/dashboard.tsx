import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore, getDisplayName } from '../../../stores/auth';
import { riskStore } from '../../../stores/risk';
import { PortalHeading } from '../components/portal-heading';
import { t } from '../i18n';
import { flattenMenu } from '../menu';

/** NewPortalDashboard: a welcome and the portal's areas as cards. */
export default function DashboardRoute() {
  const user = usePersistedStore(authStore, (state) => state.authData);
  const kycData = usePersistedStore(riskStore, (state) => state.kycData);
  const name = getDisplayName(user);
  const areas = flattenMenu().filter((item) => !item.children && item.href !== paths.portal.getHref());
  const needsKyc = kycData !== null && kycData.kraPin === 'N/A';

  return (
    <div>
      <PortalHeading>
        {name ? t('portal.dashboard.welcome', { name }) : t('portal.dashboard.welcomeNoName')}
      </PortalHeading>
      <p className="mt-2 text-slate-700">{t('portal.dashboard.intro')}</p>
      {needsKyc ? (
        <div className="mt-6 rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          <p>{t('portal.dashboard.kycMissing')}</p>
          <Link
            to={paths.portalKyc.getHref()}
            className="mt-2 inline-block rounded font-semibold text-amber-950 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {t('portal.dashboard.kycLink')}
          </Link>
        </div>
      ) : null}
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {areas.map((item) => (
          <li key={item.id}>
            <Link
              to={item.href}
              className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">{t(item.labelKey)}</span>
                {item.isAvailable ? null : (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                    <span aria-hidden="true">{t('portal.soon')}</span>
                    <span className="sr-only">{t('portal.soonLabel')}</span>
                  </span>
                )}
              </span>
              <span className="mt-1 text-sm text-slate-700">{t(`portal.descriptions.${item.id}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
