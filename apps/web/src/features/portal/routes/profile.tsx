import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmailPreferences } from '../../../components/email-preferences';
import { IdentityCheckPanel } from '../../../components/identity-check';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore } from '../../../stores/auth';
import { getProfile, profileKey } from '../api/profile';
import {
  DevicesSection,
  EmailSection,
  NamesSection,
  PasswordSection,
  PhoneSection,
} from '../components/profile-sections';
import { t } from '../i18n';

/**
 * User Profile: the signed-in client edits their names, changes the e-mail (code to the new address)
 * and phone (texted code, any country), changes the password, signs out other devices, and chooses
 * which notifications also come by e-mail.
 */
export default function ProfileRoute() {
  const userId = usePersistedStore(authStore, (state) => state.authData?.id);
  const profile = useQuery({
    queryKey: profileKey(userId),
    queryFn: ({ signal }) => getProfile(signal),
    // A 403 signs the user out; retrying would only repeat it.
    retry: false,
  });
  return (
    <div className="space-y-6">
      <div>
        <ScreenHeading level={1}>{t('portal.profile.title')}</ScreenHeading>
        <div className="mt-2 flex flex-wrap gap-4">
          <Link to={paths.portalKyc.getHref()} className={linkButton}>
            {t('portal.profile.kycLink')}
          </Link>
          <Link to={paths.portalPrivacy.getHref()} className={linkButton}>
            {t('portal.menu.privacy')}
          </Link>
        </div>
      </div>
      {profile.data ? (
        <>
          <dl className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[10rem_1fr]">
            <dt className="font-semibold text-slate-900">{t('portal.profile.name')}</dt>
            <dd className="text-slate-800">{`${profile.data.names.firstName} ${profile.data.names.lastName}`}</dd>
            <dt className="font-semibold text-slate-900">{t('portal.profile.email')}</dt>
            <dd className="break-all text-slate-800">{profile.data.email}</dd>
            <dt className="font-semibold text-slate-900">{t('portal.profile.phone')}</dt>
            <dd className="text-slate-800">
              {profile.data.phone
                ? profile.data.phoneVerifiedAt
                  ? profile.data.phone
                  : t('portal.profile.phoneUnverified', { phone: profile.data.phone })
                : t('portal.profile.noPhone')}
            </dd>
          </dl>
          <IdentityCheckPanel />
          <NamesSection
            key={`names-${profile.data.names.firstName}-${profile.data.names.lastName}`}
            profile={profile.data}
          />
          <EmailSection />
          <PhoneSection />
          <PasswordSection />
          <DevicesSection />
        </>
      ) : (
        <QueryStatus
          isPending={profile.isPending}
          isError={profile.isError}
          onRetry={() => void profile.refetch()}
          loadingText={t('portal.profile.loading')}
          errorText={t('portal.profile.loadError')}
        />
      )}
      <EmailPreferences />
    </div>
  );
}
