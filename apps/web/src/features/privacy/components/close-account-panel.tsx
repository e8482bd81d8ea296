import { type CloseAccountInput, closeAccountSchema } from '@bima/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ZodType } from 'zod';
import { CheckboxField } from '../../../components/checkbox-field';
import { TextField } from '../../../components/text-field';
import { buttonDanger, cardClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { domainText } from '../../../lib/domain-text';
import { notify } from '../../../lib/notifications';
import { useSpecForm } from '../../../lib/use-spec-form';
import { clearSignedInState } from '../../../stores/session';
import { closeAccount } from '../api/privacy';
import { t } from '../i18n';

type CloseValues = { password: string; confirm: boolean };
const closeFormSchema = closeAccountSchema as unknown as ZodType<CloseAccountInput, CloseValues>;

/**
 * "Close my account": what is kept and what is deleted, then the password and a confirmation. A
 * refusal (an open claim or loan, money held, a payment in flight) is said on the screen; once
 * closed, the browser forgets the session and the client lands on the sign-in page.
 */
export function CloseAccountPanel() {
  const navigate = useNavigate();
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm(closeFormSchema, {
    password: '',
    confirm: false,
  });
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = async (values: CloseAccountInput) => {
    setRefusal(null);
    try {
      const { reference } = await closeAccount(values.password);
      // The session has ended: like any ended session, the browser forgets it and shows the sign-in
      // page (a call still in flight answers 403 and goes there too), with the news on top.
      clearSignedInState();
      notify({
        type: 'success',
        title: t('privacy.close.closed'),
        message: t('privacy.close.closedText', { reference }),
        duration: 10_000,
      });
      await navigate(paths.auth.getHref(), { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setRefusal(t('privacy.close.failed'));
        return;
      }
      const passwordError = error.errors.find((item) => item.field === 'password');
      if (passwordError) {
        form.setError('password', { type: 'server', message: domainText(passwordError.message) });
        return;
      }
      setRefusal(error.err_msg ? domainText(error.err_msg) : t('privacy.close.failed'));
    }
  };

  return (
    <section aria-labelledby="privacy-close-heading" className={`${cardClass} border-red-200`}>
      <h2 id="privacy-close-heading" className="text-lg font-bold text-slate-900">
        {t('privacy.close.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('privacy.close.intro')}</p>
      <h3 className="mt-3 font-semibold text-slate-900">{t('privacy.close.keptTitle')}</h3>
      <p className="text-sm text-slate-700">{t('privacy.close.kept')}</p>
      <h3 className="mt-3 font-semibold text-slate-900">{t('privacy.close.deletedTitle')}</h3>
      <p className="text-sm text-slate-700">{t('privacy.close.deleted')}</p>
      <p className="mt-3 text-sm text-slate-700">{t('privacy.close.blocked')}</p>
      <p className="mt-1 text-sm font-semibold text-slate-800">{t('privacy.close.downloadFirst')}</p>
      {refusal ? (
        <div role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3">
          <p className="font-semibold text-red-900">{t('privacy.close.refusedTitle')}</p>
          <p className="text-red-900">{refusal}</p>
        </div>
      ) : null}
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-4 space-y-4">
        <TextField
          label={t('privacy.close.password')}
          type="password"
          autoComplete="current-password"
          registration={field('password')}
          error={errorOf('password')}
        />
        <CheckboxField
          label={t('privacy.close.confirm')}
          registration={field('confirm')}
          error={errorOf('confirm')}
        />
        <button
          type="submit"
          className={`${buttonDanger} w-full py-2.5 sm:w-auto`}
          disabled={isSubmitDisabled}
        >
          {form.formState.isSubmitting ? t('privacy.close.closing') : t('privacy.close.button')}
        </button>
      </form>
    </section>
  );
}
