import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { CheckboxField } from '../../../components/checkbox-field';
import { DataTable } from '../../../components/data-table';
import { Pagination, pageCountOf } from '../../../components/pagination';
import { QueryStatus } from '../../../components/query-status';
import { StatusBadge } from '../../../components/status-badge';
import { TextField } from '../../../components/text-field';
import { usePageParam } from '../../../components/use-page-param';
import { ApiError } from '../../../lib/api-client';
import { domainText } from '../../../lib/domain-text';
import { notify } from '../../../lib/notifications';
import {
  MONTHLY_TERMS_PAGE_SIZE,
  type MonthlyTermsVersion,
  monthlyTermsQueryOptions,
  publishMonthlyTerms,
} from '../api/products';
import { t } from '../i18n';
import { formatDateTime } from '../utils/format';
import { bpsToPercent, parseGraceDays, percentToBps } from '../utils/monthly-terms';

const m = (key: string) => `backofficeProducts.monthly.${key}`;

interface MonthlyTermsValues {
  enabled: boolean;
  loading: string;
  graceDays: string;
}

/**
 * "Pay monthly" of a product (issue 31): the underwriter switches paying monthly on or off with its
 * loading (typed as a percentage, sent as basis points) and grace; each Publish is a new version,
 * in force for quotes from then on (quotations already priced keep their plan). The versions listed.
 */
export function MonthlyTermsPanel({ productSystemRef }: { productSystemRef: string }) {
  const queryClient = useQueryClient();
  const [page, setPage] = usePageParam('monthlyPage');
  const terms = useQuery(monthlyTermsQueryOptions(productSystemRef, page));
  const inForce = terms.data?.inForce ?? null;
  return (
    <Card title={t(m('title'))} className="mt-8">
      <p className="text-slate-700">{t(m('intro'))}</p>
      <p className="mt-2">
        <StatusBadge
          label={
            inForce?.enabled
              ? t(m('inForce'), {
                  version: inForce.version,
                  loading: bpsToPercent(inForce.loadingBps),
                  grace: inForce.graceDays,
                })
              : t(m('notOffered'))
          }
          tone={inForce?.enabled ? 'success' : 'neutral'}
        />
      </p>
      {terms.isPending ? null : (
        <MonthlyTermsForm
          key={inForce?.version ?? 0}
          productSystemRef={productSystemRef}
          inForce={inForce}
          onPublished={() => {
            setPage(1);
            void queryClient.invalidateQueries({
              queryKey: ['backoffice', 'monthlyTerms', productSystemRef],
            });
          }}
        />
      )}
      <h3 className="mt-6 font-bold text-slate-900">{t(m('versions'))}</h3>
      {terms.isError ? (
        <QueryStatus
          isPending={false}
          isError
          onRetry={() => void terms.refetch()}
          errorText={t(m('loadError'))}
          className="mt-2"
        />
      ) : (
        <DataTable
          caption={t(m('caption'))}
          hideCaption
          columns={[
            {
              key: 'version',
              header: t(m('columns.version')),
              isRowHeader: true,
              cell: (row: MonthlyTermsVersion) => t(m('version'), { version: row.version }),
            },
            {
              key: 'offered',
              header: t(m('columns.offered')),
              cell: (row: MonthlyTermsVersion) => t(m(row.enabled ? 'yes' : 'no')),
            },
            {
              key: 'loading',
              header: t(m('columns.loading')),
              cell: (row: MonthlyTermsVersion) => `${bpsToPercent(row.loadingBps)} %`,
            },
            {
              key: 'grace',
              header: t(m('columns.grace')),
              cell: (row: MonthlyTermsVersion) => t(m('days'), { count: row.graceDays }),
            },
            {
              key: 'who',
              header: t(m('columns.who')),
              cell: (row: MonthlyTermsVersion) => row.createdBy ?? t(m('system')),
            },
            {
              key: 'when',
              header: t(m('columns.when')),
              className: 'whitespace-nowrap',
              cell: (row: MonthlyTermsVersion) => formatDateTime(row.createdAt),
            },
          ]}
          rows={terms.data?.items ?? []}
          rowKey={(row) => String(row.version)}
          emptyText={t(m('empty'))}
          isLoading={terms.isPending}
          loadingText={t(m('loading'))}
        />
      )}
      {terms.data && terms.data.total > MONTHLY_TERMS_PAGE_SIZE ? (
        <Pagination
          className="mt-4"
          label={t(m('pagination'))}
          page={page}
          pageCount={pageCountOf(terms.data)}
          isDisabled={terms.isFetching}
          onPageChange={setPage}
        />
      ) : null}
    </Card>
  );
}

function MonthlyTermsForm({
  productSystemRef,
  inForce,
  onPublished,
}: {
  productSystemRef: string;
  inForce: MonthlyTermsVersion | null;
  onPublished: () => void;
}) {
  const [isPublishing, setIsPublishing] = useState(false);
  const form = useForm<MonthlyTermsValues>({
    defaultValues: {
      enabled: inForce?.enabled ?? false,
      loading: inForce ? bpsToPercent(inForce.loadingBps) : '',
      graceDays: inForce ? String(inForce.graceDays) : '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const loading = percentToBps(values.loading);
    const grace = parseGraceDays(values.graceDays);
    if (!loading.ok) form.setError('loading', { message: domainText(loading.message) });
    if (!grace.ok) form.setError('graceDays', { message: domainText(grace.message) });
    if (!loading.ok || !grace.ok) return;
    setIsPublishing(true);
    try {
      const published = await publishMonthlyTerms({
        productSystemRef,
        enabled: values.enabled,
        loadingBps: loading.bps,
        graceDays: grace.days,
      });
      notify({ type: 'success', title: t(m('published'), { version: published.version }) });
      onPublished();
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : [];
      for (const field of fields) {
        if (field.field === 'loadingBps') form.setError('loading', { message: field.message });
        if (field.field === 'graceDays') form.setError('graceDays', { message: field.message });
      }
      const message = error instanceof ApiError && error.err_msg ? error.err_msg : t(m('publishFailed'));
      notify({ type: 'error', title: message });
    } finally {
      setIsPublishing(false);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4 sm:max-w-md">
      <CheckboxField label={t(m('enabled'))} registration={form.register('enabled')} />
      <TextField
        label={t(m('loadingLabel'))}
        hint={t(m('loadingHint'))}
        inputMode="decimal"
        registration={form.register('loading')}
        error={errors.loading?.message}
      />
      <TextField
        label={t(m('graceLabel'))}
        hint={t(m('graceHint'))}
        inputMode="numeric"
        registration={form.register('graceDays')}
        error={errors.graceDays?.message}
      />
      <div>
        <Button type="submit" disabled={isPublishing}>
          {t(m('publish'))}
        </Button>
      </div>
    </form>
  );
}
