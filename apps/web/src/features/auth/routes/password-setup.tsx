import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryStatus } from '../../../components/query-status';
import { buttonPrimary, buttonSecondary, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notifications';
import { loadKycData } from '../../../lib/session';
import { useSpecForm } from '../../../lib/use-spec-form';
import { storeSession } from '../../../stores/auth';
import {
  type PasswordSetupLink,
  requestPasswordSetupLink,
  setUpPassword,
  usePasswordSetupLink,
} from '../api/password-setup';
import { AuthCard } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import { t } from '../i18n';
import { type SetPasswordForm, setPasswordFormSchema } from '../schemas';
import { signInFailure } from '../utils/failure';

/** The shape of a link's secret (32 random bytes, base64url): anything else is not worth a call. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A path of this web app to go on to (never another site). */
export function isSafeNextPath(next: string | null): next is string {
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') && !next.includes('\\');
}

function SignInLinks() {
  return (
    <div className="flex flex-wrap gap-3">
      <Link to={paths.auth.getHref('login')} className={buttonPrimary}>
        {t('auth.passwordSetup.signIn')}
      </Link>
      <Link to={paths.auth.getHref('password-reset')} className={buttonSecondary}>
        {t('auth.passwordSetup.forgotPassword')}
      </Link>
    </div>
  );
}

/** An expired link: one button e-mails a new one to the account's own address. */
function ExpiredLink({ token, link }: { token: string; link: PasswordSetupLink }) {
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const ask = async () => {
    setStatus('sending');
    try {
      const answer = await requestPasswordSetupLink(token);
      setStatus(answer.sent ? 'sent' : 'idle');
      if (!answer.sent) notify({ type: 'error', title: t('auth.passwordSetup.notSentTitle'), message: '' });
    } catch (error) {
      setStatus('idle');
      notify(signInFailure(error));
    }
  };
  if (status === 'sent') {
    return (
      <AuthCard
        title={t('auth.passwordSetup.sentTitle')}
        intro={t('auth.passwordSetup.sentText', { email: link.email ?? '' })}
      >
        <Link to={paths.home.getHref()} className={linkButton}>
          {t('auth.passwordSetup.home')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.passwordSetup.expiredTitle')} intro={t('auth.passwordSetup.expiredText')}>
      <button
        type="button"
        className={`${buttonPrimary} w-full`}
        disabled={status === 'sending'}
        onClick={() => void ask()}
      >
        {status === 'sending' ? t('auth.passwordSetup.sending') : t('auth.passwordSetup.newLink')}
      </button>
    </AuthCard>
  );
}

/**
 * `/password-setup?token=…` (spec-2 PasswordSetup): the link of a staff invitation, or of a client
 * account an intermediary's recommendation created. The person chooses a password (the set-password
 * page's rules, meter and messages) and is signed in to their area — the staff area, the portal, or
 * the `next` page the link names. A used, expired or unknown link says so, with what to do next.
 */
export default function PasswordSetupRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('token') ?? '';
  const token = TOKEN.test(raw) ? raw : null;
  const next = params.get('next');
  const link = usePasswordSetupLink(token);
  const [pending, setPending] = useState<string | null>(null);
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<SetPasswordForm, SetPasswordForm>(
    setPasswordFormSchema,
    { password: '', confirmPassword: '' },
  );
  const password = form.watch('password') ?? '';

  if (!token) {
    return (
      <AuthCard
        title={t('auth.passwordSetup.incompleteTitle')}
        intro={t('auth.passwordSetup.incompleteText')}
      >
        <SignInLinks />
      </AuthCard>
    );
  }
  if (!link.data) {
    return (
      <AuthCard title={t('auth.passwordSetup.title')}>
        <QueryStatus
          isPending={link.isPending}
          isError={link.isError}
          onRetry={() => void link.refetch()}
          className=""
        />
      </AuthCard>
    );
  }
  const { state, area, email, firstName } = link.data;
  if (state === 'expired') return <ExpiredLink token={token} link={link.data} />;
  if (state === 'used' || state === 'invalid') {
    return (
      <AuthCard
        title={state === 'used' ? t('auth.passwordSetup.usedTitle') : t('auth.passwordSetup.invalidTitle')}
        intro={state === 'used' ? t('auth.passwordSetup.usedText') : t('auth.passwordSetup.invalidText')}
      >
        <SignInLinks />
      </AuthCard>
    );
  }
  if (pending) {
    return (
      <AuthCard title={t('auth.acceptInvitation.notYet')} intro={pending}>
        <Link to={paths.auth.getHref('login')} className={linkButton}>
          {t('auth.otp.backToSignIn')}
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = async ({ password: newPassword }: SetPasswordForm) => {
    try {
      const answer = await setUpPassword({ token, password: newPassword });
      if (!answer.signedIn) {
        setPending(answer.message);
        return;
      }
      storeSession(answer);
    } catch (error) {
      notify(signInFailure(error));
      // The link may have expired or been used meanwhile: show what it is now.
      void link.refetch();
      return;
    }
    notify({
      type: 'success',
      title: t('auth.acceptInvitation.welcome'),
      message: t('auth.acceptInvitation.welcomeText'),
    });
    if (area === 'staff') {
      navigate(paths.staff.getHref(), { replace: true });
      return;
    }
    await loadKycData();
    navigate(isSafeNextPath(next) ? next : paths.portal.getHref(), { replace: true });
  };

  return (
    <AuthCard
      title={t('auth.passwordSetup.title')}
      intro={t('auth.passwordSetup.intro', { name: firstName ?? '', email: email ?? '' })}
    >
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        {/* The e-mail helps password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <NewPasswordFields
          password={password}
          passwordField={field('password')}
          confirmField={field('confirmPassword')}
          passwordError={errorOf('password')}
          confirmError={errorOf('confirmPassword')}
        />
        <button type="submit" className={`${buttonPrimary} w-full`} disabled={isSubmitDisabled}>
          {form.formState.isSubmitting
            ? t('auth.acceptInvitation.submitting')
            : t('auth.acceptInvitation.submit')}
        </button>
      </form>
      <p className="mt-6 text-slate-700">
        {t('auth.setPassword.haveAccount')}{' '}
        <Link to={paths.auth.getHref('login')} className={linkButton}>
          {t('auth.setPassword.signIn')}
        </Link>
      </p>
    </AuthCard>
  );
}
