import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TextField } from '../../../components/text-field';
import { buttonPrimary, buttonSecondary, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notifications';
import { loadKycData } from '../../../lib/session';
import { useSpecForm } from '../../../lib/use-spec-form';
import { authStore, getRole, isStaffRole, storeSession } from '../../../stores/auth';
import { requestPasswordReset } from '../api/password-reset';
import { createUser } from '../api/registration';
import { login } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { t } from '../i18n';
import {
  type LoginForm,
  type LoginFormInput,
  loginFormSchema,
  type ResetRequestForm,
  type ResetRequestFormInput,
  resetRequestFormSchema,
  type SignupForm,
  type SignupFormInput,
  signupFormSchema,
} from '../schemas';
import { getPostLoginDestination } from '../utils/destination';
import { registrationFailure, signInFailure } from '../utils/failure';

export type AuthMode = 'options' | 'login' | 'signup' | 'password-reset';

const MODES: readonly AuthMode[] = ['login', 'signup', 'password-reset'];

function parseMode(value: string | null): AuthMode {
  return MODES.find((mode) => mode === value) ?? 'options';
}

type ChangeMode = (mode: AuthMode) => void;

function BackToOptions({ onChangeMode }: { onChangeMode: ChangeMode }) {
  return (
    <button
      type="button"
      onClick={() => onChangeMode('options')}
      className={`${linkButton} mt-6 inline-block`}
    >
      <span aria-hidden="true">← </span>
      {t('auth.backToOptions')}
    </button>
  );
}

function Options({ onChangeMode }: { onChangeMode: ChangeMode }) {
  return (
    <AuthCard title={t('auth.options.question')} intro={t('auth.options.intro')}>
      <div className="grid gap-3">
        <button type="button" className={buttonPrimary} onClick={() => onChangeMode('login')}>
          {t('auth.options.signIn')}
        </button>
        <button type="button" className={buttonSecondary} onClick={() => onChangeMode('signup')}>
          {t('auth.options.createAccount')}
        </button>
      </div>
    </AuthCard>
  );
}

function LoginView({ onChangeMode }: { onChangeMode: ChangeMode }) {
  const navigate = useNavigate();
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<LoginFormInput, LoginForm>(loginFormSchema, {
    email: '',
    password: '',
  });

  const onSubmit = async ({ email, password }: LoginForm) => {
    try {
      storeSession(await login({ username: email, password }));
    } catch (error) {
      notify(signInFailure(error));
      return;
    }
    notify({ type: 'success', title: t('auth.notifications.loggedIn') });
    const state = authStore.getState();
    const role = getRole(state);
    // Staff have no client profile: their KYC details do not exist.
    if (!isStaffRole(role)) await loadKycData();
    const destination = getPostLoginDestination(state.purchaseType, role, state.returnPath);
    // A recommendation's link is followed once: the next sign-in goes to the portal as usual.
    if (state.purchaseType === 'recommendation') authStore.setState({ purchaseType: '', returnPath: null });
    navigate(destination, { replace: true });
  };

  return (
    <AuthCard title={t('auth.login.title')} intro={t('auth.login.intro')}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          registration={field('email')}
          error={errorOf('email')}
        />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          registration={field('password')}
          error={errorOf('password')}
        />
        <div className="flex justify-end">
          <button type="button" className={linkButton} onClick={() => onChangeMode('password-reset')}>
            {t('auth.login.forgot')}
          </button>
        </div>
        <button type="submit" className={`${buttonPrimary} w-full`} disabled={isSubmitDisabled}>
          {form.formState.isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
      </form>
      <p className="mt-6 text-slate-700">
        {t('auth.login.noAccount')}{' '}
        <button type="button" className={linkButton} onClick={() => onChangeMode('signup')}>
          {t('auth.login.createAccount')}
        </button>
      </p>
      <BackToOptions onChangeMode={onChangeMode} />
    </AuthCard>
  );
}

function SignupView({ onChangeMode }: { onChangeMode: ChangeMode }) {
  const navigate = useNavigate();
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<SignupFormInput, SignupForm>(
    signupFormSchema,
    {
      firstName: '',
      lastName: '',
      email: '',
    },
  );

  const onSubmit = async ({ firstName, lastName, email }: SignupForm) => {
    let registrationId: string;
    try {
      registrationId = await createUser({ email, names: { firstName, lastName } });
    } catch (error) {
      notify(registrationFailure(error));
      return;
    }
    authStore.setState({
      regId: registrationId,
      pendingEmail: email,
      isPasswordReset: false,
      forgotPasswordRef: null,
    });
    notify({
      type: 'success',
      title: t('auth.notifications.registered'),
      message: t('auth.notifications.registeredText'),
    });
    navigate(paths.authOtp.getHref());
  };

  return (
    <AuthCard title={t('auth.signup.title')} intro={t('auth.signup.intro')}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('auth.fields.firstName')}
            autoComplete="given-name"
            registration={field('firstName')}
            error={errorOf('firstName')}
          />
          <TextField
            label={t('auth.fields.lastName')}
            autoComplete="family-name"
            registration={field('lastName')}
            error={errorOf('lastName')}
          />
        </div>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          registration={field('email')}
          error={errorOf('email')}
        />
        <button type="submit" className={`${buttonPrimary} w-full`} disabled={isSubmitDisabled}>
          {form.formState.isSubmitting ? t('auth.signup.submitting') : t('auth.signup.submit')}
        </button>
      </form>
      <p className="mt-6 text-slate-700">
        {t('auth.signup.haveAccount')}{' '}
        <button type="button" className={linkButton} onClick={() => onChangeMode('login')}>
          {t('auth.signup.signIn')}
        </button>
      </p>
      <BackToOptions onChangeMode={onChangeMode} />
    </AuthCard>
  );
}

function ResetRequestView({ onChangeMode }: { onChangeMode: ChangeMode }) {
  const navigate = useNavigate();
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<ResetRequestFormInput, ResetRequestForm>(
    resetRequestFormSchema,
    { email: '' },
  );

  const onSubmit = async ({ email }: ResetRequestForm) => {
    let reference: string;
    try {
      reference = (await requestPasswordReset({ username: email })).forgotPasswordSystemRef;
    } catch (error) {
      notify(signInFailure(error));
      return;
    }
    authStore.setState({
      forgotPasswordRef: reference,
      isPasswordReset: true,
      pendingEmail: email,
      regId: null,
    });
    notify({
      type: 'info',
      title: t('auth.notifications.resetCodeSent'),
      message: t('auth.notifications.resetCodeSentText'),
    });
    navigate(paths.authOtp.getHref());
  };

  return (
    <AuthCard title={t('auth.reset.title')} intro={t('auth.reset.intro')}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          registration={field('email')}
          error={errorOf('email')}
        />
        <button type="submit" className={`${buttonPrimary} w-full`} disabled={isSubmitDisabled}>
          {form.formState.isSubmitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </button>
      </form>
      <p className="mt-6 text-slate-700">
        {t('auth.reset.remembered')}{' '}
        <button type="button" className={linkButton} onClick={() => onChangeMode('login')}>
          {t('auth.reset.login')}
        </button>
      </p>
      <BackToOptions onChangeMode={onChangeMode} />
    </AuthCard>
  );
}

/**
 * The sign-in page (spec-2 Auth page): 'Do you have an account?', then the login, signup and
 * password-reset modes. The mode lives in the address (?mode=…) so a reload keeps it.
 */
export function AuthScreen({ initialMode = 'options' }: { initialMode?: AuthMode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [fallbackMode, setFallbackMode] = useState<AuthMode>(initialMode);
  const modeParam = searchParams.get('mode');
  const mode = modeParam ? parseMode(modeParam) : fallbackMode;

  const changeMode: ChangeMode = (next) => {
    setFallbackMode(next);
    setSearchParams(next === 'options' ? {} : { mode: next });
  };

  const view = {
    options: <Options onChangeMode={changeMode} />,
    login: <LoginView onChangeMode={changeMode} />,
    signup: <SignupView onChangeMode={changeMode} />,
    'password-reset': <ResetRequestView onChangeMode={changeMode} />,
  }[mode];
  // Each mode is its own form: switching remounts it, so no value or error carries over.
  return <div key={mode}>{view}</div>;
}

export default function AuthRoute() {
  return <AuthScreen />;
}
