import { Link, useNavigate } from 'react-router';
import { buttonPrimary, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notifications';
import { usePersistedStore } from '../../../lib/persisted-store';
import { loadKycData } from '../../../lib/session';
import { useSpecForm } from '../../../lib/use-spec-form';
import { authStore, storeSession } from '../../../stores/auth';
import { resetPassword } from '../api/password-reset';
import { setPassword } from '../api/registration';
import { AuthCard } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import { t } from '../i18n';
import { type SetPasswordForm, setPasswordFormSchema } from '../schemas';
import { getPostLoginDestination } from '../utils/destination';
import { signInFailure } from '../utils/failure';

function NotVerified() {
  return (
    <AuthCard title={t('auth.setPassword.missingTitle')} intro={t('auth.setPassword.missingText')}>
      <Link to={paths.auth.getHref()} className={linkButton}>
        {t('auth.otp.backToSignIn')}
      </Link>
    </AuthCard>
  );
}

/**
 * The set-password page (spec-2): password and confirmation with show/hide and the strength meter.
 * After a sign-up it sets the first password ('Account Created') and the user is signed in at once,
 * going on as after a sign-in; after a reset code it sets the new one ('Password reset successfull')
 * and the user signs in with it.
 */
export default function SetPasswordRoute() {
  const navigate = useNavigate();
  const auth = usePersistedStore(authStore);
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<SetPasswordForm, SetPasswordForm>(
    setPasswordFormSchema,
    { password: '', confirmPassword: '' },
  );
  const password = form.watch('password') ?? '';

  const isReset = auth.isPasswordReset && auth.forgotPasswordRef !== null;
  const isRegistration = !isReset && auth.regId !== null && auth.pendingEmail !== null;
  if (!isReset && !isRegistration) return <NotVerified />;

  const onSubmit = async ({ password: newPassword }: SetPasswordForm) => {
    const state = authStore.getState();
    if (isReset && state.forgotPasswordRef) {
      try {
        await resetPassword({ forgotPasswordSystemRef: state.forgotPasswordRef, newPassword });
      } catch (error) {
        notify(signInFailure(error));
        return;
      }
      authStore.setState({
        regId: null,
        forgotPasswordRef: null,
        isPasswordReset: false,
        pendingEmail: null,
      });
      notify({
        type: 'success',
        title: t('auth.notifications.passwordReset'),
        message: t('auth.notifications.passwordResetText'),
      });
      navigate(paths.auth.getHref('login'), { replace: true });
      return;
    }
    if (!state.regId || !state.pendingEmail) return;
    try {
      // Setting the first password signs the user in: no second typing of e-mail and password.
      storeSession(
        await setPassword({
          registrationId: state.regId,
          username: state.pendingEmail,
          password: newPassword,
        }),
      );
    } catch (error) {
      notify(signInFailure(error));
      return;
    }
    notify({
      type: 'success',
      title: t('auth.notifications.accountCreated'),
      message: t('auth.notifications.accountCreatedText'),
    });
    await loadKycData();
    const { purchaseType, returnPath } = authStore.getState();
    if (purchaseType === 'recommendation') authStore.setState({ purchaseType: '', returnPath: null });
    navigate(getPostLoginDestination(purchaseType, 'client', returnPath), { replace: true });
  };

  return (
    <AuthCard
      title={isReset ? t('auth.setPassword.resetTitle') : t('auth.setPassword.title')}
      intro={t('auth.setPassword.intro')}
    >
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        {/* The e-mail helps password managers file the new password under the right account. */}
        {auth.pendingEmail ? (
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={auth.pendingEmail}
            readOnly
            hidden
          />
        ) : null}
        <NewPasswordFields
          password={password}
          passwordField={field('password')}
          confirmField={field('confirmPassword')}
          passwordError={errorOf('password')}
          confirmError={errorOf('confirmPassword')}
        />
        <button type="submit" className={`${buttonPrimary} w-full`} disabled={isSubmitDisabled}>
          {form.formState.isSubmitting
            ? t('auth.setPassword.submitting')
            : isReset
              ? t('auth.setPassword.resetSubmit')
              : t('auth.setPassword.submit')}
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
