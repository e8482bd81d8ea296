import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { t } from '../i18n';

interface CodeModalProps {
  email: string;
  onConfirm: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  onClose: () => void;
}

/** A signed-out visitor's e-mail check before the request is sent: the 4-digit code, and Resend. */
export function CodeModal({ email, onConfirm, onResend, onClose }: CodeModalProps) {
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const registration = form.register('code', {
    validate: (value) => {
      const code = value.trim();
      if (!code) return t('helpMotor.code.required');
      return /^\d{4}$/.test(code) || t('helpMotor.code.invalid');
    },
  });

  return (
    <Modal title={t('helpMotor.code.title')} onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(async ({ code }) => {
          await onConfirm(code.trim());
        })}
      >
        <p className="text-slate-800">{t('helpMotor.code.sentTo', { email })}</p>
        <TextField
          id="help-code"
          label={t('helpMotor.code.label')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          registration={registration}
          error={errors.code?.message}
        />
        <div className="flex flex-wrap justify-between gap-3">
          <Button variant="link" onClick={() => void onResend()}>
            {t('helpMotor.code.resend')}
          </Button>
          <div className="flex gap-3">
            <Button variant="secondary" onClick={onClose}>
              {t('helpMotor.code.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('helpMotor.sending') : t('helpMotor.code.confirm')}
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  );
}
