import { ACCOUNT_MESSAGES, codeSchema } from '@bima/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonPrimary, buttonSecondary, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { domainText } from '../../../lib/domain-text';
import { notify } from '../../../lib/notifications';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore } from '../../../stores/auth';
import { resendResetCode, validatePasswordReset } from '../api/password-reset';
import { resendRegistrationCode, validateRegistration } from '../api/registration';
import { AuthCard } from '../components/auth-card';
import { OtpInput } from '../components/otp-input';
import { OTP_VERIFY_DELAY_MS } from '../constants';
import { t } from '../i18n';
import { describeFailure, resendFailure, verificationFailure } from '../utils/failure';
import { emptyOtp, isCompleteOtp, joinOtp } from '../utils/otp';

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

function NothingToVerify() {
  return (
    <AuthCard title={t('auth.otp.missingTitle')} intro={t('auth.otp.missingText')}>
      <Link to={paths.auth.getHref()} className={linkButton}>
        {t('auth.otp.backToSignIn')}
      </Link>
    </AuthCard>
  );
}

/**
 * The code page (spec-2 OTP page) for a sign-up or, when isPasswordReset is set, a password reset:
 * four boxes, Verify Code (after a 1 s pause) and Resend Code (a real new code). A reset's code is
 * checked only on the page its e-mail links to (`?reset=<reference>&key=<key>`): four digits alone
 * could be guessed, so right after asking the page says to open that link instead.
 */
export default function OtpRoute() {
  const navigate = useNavigate();
  const auth = usePersistedStore(authStore);
  const [searchParams] = useSearchParams();
  const linkRef = searchParams.get('reset');
  const linkKey = searchParams.get('key');
  useEffect(() => {
    // Opened from the reset e-mail (perhaps on another device): this page now holds that reset.
    if (linkRef) authStore.setState({ isPasswordReset: true, forgotPasswordRef: linkRef, regId: null });
  }, [linkRef]);
  const [digits, setDigits] = useState(emptyOtp);
  const [error, setError] = useState<string>();
  const [isVerifying, setVerifying] = useState(false);
  const [isResending, setResending] = useState(false);
  const firstInput = useRef<HTMLInputElement | null>(null);

  const resetRef = linkRef ?? (auth.isPasswordReset ? auth.forgotPasswordRef : null);
  const isReset = resetRef !== null;
  const registrationId = auth.regId;
  if (!isReset && !registrationId) return <NothingToVerify />;

  const startOver = () => {
    setDigits(emptyOtp());
    firstInput.current?.focus();
  };

  const onChange = (next: string[]) => {
    setDigits(next);
    if (error && isCompleteOtp(next)) setError(undefined);
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (isVerifying) return;
    const code = codeSchema.safeParse(joinOtp(digits));
    if (!code.success) {
      setError(domainText(ACCOUNT_MESSAGES.codeInvalid));
      return;
    }
    setError(undefined);
    setVerifying(true);
    await wait(OTP_VERIFY_DELAY_MS);
    try {
      if (resetRef) {
        await validatePasswordReset({
          forgotPasswordSystemRef: resetRef,
          code: code.data,
          key: linkKey ?? '',
        });
      } else if (registrationId) {
        const verified = await validateRegistration({ registrationId, registrationCode: code.data });
        authStore.setState({ pendingEmail: verified.email });
      }
    } catch (failure) {
      setVerifying(false);
      notify(verificationFailure(failure));
      setError(describeFailure(failure) || t('auth.notifications.verificationFallback'));
      startOver();
      return;
    }
    notify({ type: 'success', title: t('auth.notifications.otpVerified') });
    navigate(paths.authSetPassword.getHref());
  };

  const onResend = async () => {
    setResending(true);
    try {
      if (resetRef) await resendResetCode({ forgotPasswordSystemRef: resetRef });
      else if (registrationId) await resendRegistrationCode({ registrationId });
      notify({ type: 'success', title: t('auth.notifications.codeSent') });
      setError(undefined);
      startOver();
    } catch (failure) {
      notify(resendFailure(failure));
    } finally {
      setResending(false);
    }
  };

  if (resetRef && !linkKey) {
    return (
      <AuthCard
        title={t('auth.otp.resetLinkTitle')}
        intro={
          auth.pendingEmail
            ? t('auth.otp.resetLinkIntro', { email: auth.pendingEmail })
            : t('auth.otp.resetLinkIntroNoEmail')
        }
      >
        <button type="button" className={buttonSecondary} onClick={onResend} disabled={isResending}>
          {isResending ? t('auth.otp.resending') : t('auth.otp.resendEmail')}
        </button>
        <p className="mt-6 text-sm text-slate-700">{t('auth.otp.mailboxHint')}</p>
        <Link to={paths.auth.getHref()} className={`${linkButton} mt-4 inline-block`}>
          {t('auth.otp.backToSignIn')}
        </Link>
      </AuthCard>
    );
  }

  const intro = auth.pendingEmail
    ? t('auth.otp.intro', { email: auth.pendingEmail })
    : t('auth.otp.introNoEmail');
  return (
    <AuthCard title={isReset ? t('auth.otp.resetTitle') : t('auth.otp.title')} intro={intro}>
      <form noValidate onSubmit={onVerify} className="space-y-6">
        <OtpInput
          digits={digits}
          onChange={onChange}
          error={error}
          disabled={isVerifying}
          firstInputRef={(element) => {
            firstInput.current = element;
          }}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <button type="submit" className={buttonPrimary} disabled={isVerifying} aria-busy={isVerifying}>
            {isVerifying ? t('auth.otp.verifying') : t('auth.otp.verify')}
          </button>
          <button type="button" className={buttonSecondary} onClick={onResend} disabled={isResending}>
            {isResending ? t('auth.otp.resending') : t('auth.otp.resend')}
          </button>
        </div>
      </form>
      <p className="mt-6 text-sm text-slate-700">{t('auth.otp.mailboxHint')}</p>
      <Link to={paths.auth.getHref()} className={`${linkButton} mt-4 inline-block`}>
        {t('auth.otp.backToSignIn')}
      </Link>
    </AuthCard>
  );
}
