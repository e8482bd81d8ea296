import { resolveReceiptSchema } from '@bima/domain/backoffice-search';
import { formatKes } from '@bima/domain/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { TextAreaField } from '../../../components/text-area-field';
import { useSpecForm } from '../../../lib/use-spec-form';
import { callStaff } from '../api/call';
import type { StaffReceipt } from '../api/receipts';
import { t } from '../i18n';
import { errorMessage } from '../utils/errors';

const formSchema = resolveReceiptSchema.pick({ resolution: true, note: true });
type ResolveForm = { resolution: 'REFUNDED' | 'APPLIED'; note: string };

/** Admin: records that an unallocated receipt was refunded or applied (once; kept in the audit log). */
export function ResolveReceiptModal({
  receipt,
  onClose,
  onDone,
}: {
  receipt: StaffReceipt;
  onClose: () => void;
  onDone: (status: string) => void;
}) {
  const queryClient = useQueryClient();
  const resolve = useMutation({
    mutationFn: (input: ResolveForm) =>
      callStaff('payments/unallocatedReceipt/resolveReceipt', {
        receiptSystemRef: receipt.receiptSystemRef,
        ...input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'receipts'] }),
  });
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<
    { resolution: string; note: string },
    ResolveForm
  >(formSchema, { resolution: '', note: '' });
  const onSubmit = async (input: ResolveForm) => {
    try {
      onDone((await resolve.mutateAsync(input)).status);
    } catch {
      // Said in the dialog below (resolve.error).
    }
  };
  return (
    <Modal title={t('staff.receipts.resolve.title')} onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <p className="text-slate-700">
          {t('staff.receipts.resolve.intro', {
            amount: formatKes(receipt.amount),
            phone: receipt.phone ?? t('staff.na'),
          })}
        </p>
        {resolve.error ? (
          <ErrorSummary
            errors={[{ message: errorMessage(resolve.error, t('staff.intermediaries.changeFailed')) }]}
          />
        ) : null}
        <SelectField
          label={t('staff.receipts.resolve.resolution')}
          registration={field('resolution')}
          error={errorOf('resolution')}
          placeholder={t('staff.receipts.resolve.resolution')}
          options={[
            { value: 'REFUNDED', label: t('staff.receipts.resolve.refunded') },
            { value: 'APPLIED', label: t('staff.receipts.resolve.applied') },
          ]}
        />
        <TextAreaField
          label={t('staff.receipts.resolve.note')}
          registration={field('note')}
          error={errorOf('note')}
          rows={3}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('staff.receipts.resolve.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitDisabled || resolve.isPending}>
            {t('staff.receipts.resolve.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
