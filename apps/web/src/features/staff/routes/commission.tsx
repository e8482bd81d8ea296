import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { insuranceClassText } from '../../../components/code-labels';
import { DataTable } from '../../../components/data-table';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { TextField } from '../../../components/text-field';
import { notify } from '../../../lib/notifications';
import { type CommissionRate, commissionQueryOptions, useSetCommissionRate } from '../api/commission';
import { t } from '../i18n';
import { errorMessage, fieldError } from '../utils/errors';
import { bpsToPercentText, formatWhen, percentTextToBps } from '../utils/format';

/** One class's rate in percent; the server's refusal (above the cap) is shown on the field. */
function EditRate({ rate, onDone }: { rate: CommissionRate; onDone: () => void }) {
  const setRate = useSetCommissionRate();
  const form = useForm<{ percent: string }>({ defaultValues: { percent: bpsToPercentText(rate.rateBps) } });
  const error = form.formState.errors.percent?.message;

  const onSubmit = async ({ percent }: { percent: string }) => {
    const rateBps = percentTextToBps(percent);
    if (rateBps === null) {
      form.setError('percent', { message: t('staff.commission.rateInvalid') });
      return;
    }
    try {
      const saved = await setRate.mutateAsync({ classCode: rate.classCode, rateBps });
      notify({
        type: 'success',
        title: t('staff.commission.saved', {
          name: insuranceClassText({ code: saved.classCode, name: saved.className }),
          rate: saved.rate,
        }),
      });
      onDone();
    } catch (failure) {
      form.setError('percent', {
        message: fieldError(failure, 'rateBps') ?? errorMessage(failure, t('staff.commission.saveFailed')),
      });
    }
  };

  return (
    <Card
      title={t('staff.commission.editLabel', {
        name: insuranceClassText({ code: rate.classCode, name: rate.className }),
      })}
      className="mt-6"
    >
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4 sm:max-w-sm">
        <TextField
          label={t('staff.commission.rateField', {
            name: insuranceClassText({ code: rate.classCode, name: rate.className }),
          })}
          hint={t('staff.commission.rateHint', { cap: rate.cap })}
          inputMode="decimal"
          autoComplete="off"
          registration={form.register('percent')}
          error={error}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('staff.commission.saving') : t('staff.commission.save')}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            {t('staff.commission.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Admin: the commission rate of each insurance class and its cap; a rate is edited in percent. */
export default function CommissionRoute() {
  const rates = useQuery(commissionQueryOptions());
  const [editing, setEditing] = useState<string | null>(null);
  const data = rates.data;
  const editedRate = data?.items.find((rate) => rate.classCode === editing);
  return (
    <div>
      <ScreenHeading level={1}>{t('staff.commission.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('staff.commission.intro')}</p>
      <QueryStatus isPending={rates.isPending} isError={rates.isError} onRetry={() => void rates.refetch()} />
      {data ? (
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <DataTable<CommissionRate>
            caption={t('staff.commission.caption')}
            hideCaption
            columns={[
              {
                key: 'class',
                header: t('staff.commission.class'),
                isRowHeader: true,
                cell: (rate) => insuranceClassText({ code: rate.classCode, name: rate.className }),
              },
              { key: 'rate', header: t('staff.commission.rate'), cell: (rate) => rate.rate, align: 'right' },
              { key: 'cap', header: t('staff.commission.cap'), cell: (rate) => rate.cap, align: 'right' },
              {
                key: 'updated',
                header: t('staff.commission.updated'),
                cell: (rate) => formatWhen(rate.updatedAt),
              },
              {
                key: 'edit',
                header: <span className="sr-only">{t('staff.commission.edit')}</span>,
                cell: (rate) => (
                  <Button
                    variant="small"
                    aria-label={t('staff.commission.editLabel', {
                      name: insuranceClassText({ code: rate.classCode, name: rate.className }),
                    })}
                    onClick={() => setEditing(rate.classCode)}
                  >
                    {t('staff.commission.edit')}
                  </Button>
                ),
              },
            ]}
            rows={data.items}
            rowKey={(rate) => rate.classCode}
            emptyText={t('staff.commission.empty')}
          />
          {data.disclaimer ? <p className="mt-4 text-sm text-slate-700">{data.disclaimer}</p> : null}
        </div>
      ) : null}
      {editedRate ? (
        <EditRate key={editedRate.classCode} rate={editedRate} onDone={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
