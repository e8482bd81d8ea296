import { Link } from 'react-router';
import { EmailPreferences } from '../../../components/email-preferences';
import { ScreenHeading } from '../../../components/screen-heading';
import { linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore, getDisplayName } from '../../../stores/auth';
import { t } from '../i18n';

/** User Profile: the signed-in client's name and e-mail, and which notifications also come by e-mail. */
export default function ProfileRoute() {
  const user = usePersistedStore(authStore, (state) => state.authData);
  return (
    <>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <ScreenHeading level={1}>{t('portal.profile.title')}</ScreenHeading>
        <dl className="mt-6 grid gap-4 sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold text-slate-900">{t('portal.profile.name')}</dt>
          <dd className="text-slate-800">{getDisplayName(user)}</dd>
          <dt className="font-semibold text-slate-900">{t('portal.profile.email')}</dt>
          <dd className="break-all text-slate-800">{user?.email}</dd>
        </dl>
        <Link to={paths.portalKyc.getHref()} className={`${linkButton} mt-6 inline-block`}>
          {t('portal.profile.kycLink')}
        </Link>
      </div>
      <EmailPreferences />
    </>
  );
}
