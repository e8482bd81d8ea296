import { suspendIntermediarySchema } from '@bima/domain/intermediaries';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { Modal } from '../../../components/modal';
import { TextAreaField } from '../../../components/text-area-field';
import { useSpecForm } from '../../../lib/use-spec-form';
import { type AdminIntermediary, useChangeIntermediary } from '../api/intermediaries';
import { t } from '../i18n';
import { errorMessage } from '../utils/errors';

const reasonSchema = suspendIntermediarySchema.pick({ reason: true });

/** Suspends an ACTIVE firm with a reason (the domain schema's rule and messages). */
export function SuspendModal({
  firm,
  onClose,
  onDone,
}: {
  firm: AdminIntermediary;
  onClose: () => void;
  onDone: (firm: AdminIntermediary) => void;
}) {
  const change = useChangeIntermediary();
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<{ reason: string }, { reason: string }>(
    reasonSchema,
    { reason: '' },
  );
  const onSubmit = async ({ reason }: { reason: string }) => {
    try {
      onDone(await change.mutateAsync({ kind: 'suspend', id: firm.id, reason }));
    } catch {
      // Said in the dialog below (change.error).
    }
  };
  return (
    <Modal title={t('staff.intermediaries.suspendTitle', { name: firm.intermediaryNames })} onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <p className="text-slate-700">{t('staff.intermediaries.suspendIntro')}</p>
        {change.error ? (
          <ErrorSummary
            errors={[{ message: errorMessage(change.error, t('staff.intermediaries.changeFailed')) }]}
          />
        ) : null}
        <TextAreaField
          label={t('staff.intermediaries.reason')}
          registration={field('reason')}
          error={errorOf('reason')}
          rows={3}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('staff.intermediaries.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitDisabled || change.isPending}>
            {t('staff.intermediaries.confirmSuspend')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
