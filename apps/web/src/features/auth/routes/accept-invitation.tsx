import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TextField } from '../../../components/text-field';
import { buttonPrimary, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notifications';
import { useSpecForm } from '../../../lib/use-spec-form';
import { storeSession } from '../../../stores/auth';
import { acceptInvitation } from '../api/registration';
import { AuthCard } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import { t } from '../i18n';
import {
  type AcceptInvitationForm,
  type AcceptInvitationFormInput,
  acceptInvitationFormSchema,
} from '../schemas';
import { signInFailure } from '../utils/failure';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/staff/accept-invitation?ref=…`, the link of a staff invitation e-mail: the invited staff member
 * types the e-mailed code and a password, and is signed in to the staff area at once (or told to
 * wait when their firm is not active yet).
 */
export default function AcceptInvitationRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invitationRef = params.get('ref') ?? '';
  const [pending, setPending] = useState<string | null>(null);
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<
    AcceptInvitationFormInput,
    AcceptInvitationForm
  >(acceptInvitationFormSchema, { code: '', password: '', confirmPassword: '' });
  const password = form.watch('password') ?? '';

  if (!UUID.test(invitationRef)) {
    return (
      <AuthCard
        title={t('auth.acceptInvitation.missingTitle')}
        intro={t('auth.acceptInvitation.missingText')}
      >
        <Link to={paths.auth.getHref('login')} className={linkButton}>
          {t('auth.otp.backToSignIn')}
        </Link>
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

  const onSubmit = async ({ code, password: newPassword }: AcceptInvitationForm) => {
    try {
      const answer = await acceptInvitation({ invitationRef, code, password: newPassword });
      if (!answer.signedIn) {
        setPending(answer.message);
        return;
      }
      storeSession(answer);
    } catch (error) {
      notify(signInFailure(error));
      return;
    }
    notify({
      type: 'success',
      title: t('auth.acceptInvitation.welcome'),
      message: t('auth.acceptInvitation.welcomeText'),
    });
    navigate('/staff', { replace: true });
  };

  return (
    <AuthCard title={t('auth.acceptInvitation.title')} intro={t('auth.acceptInvitation.intro')}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <TextField
          label={t('auth.acceptInvitation.code')}
          registration={field('code')}
          error={errorOf('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
        />
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
    </AuthCard>
  );
}
