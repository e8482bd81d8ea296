import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { insuranceClassText } from '../../../components/code-labels';
import { DataTable } from '../../../components/data-table';
import { IdentityStatusList } from '../../../components/identity-check';
import { t as identityText } from '../../../components/identity-i18n';
import { Pagination, pageCountOf } from '../../../components/pagination';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { fieldErrorClass, inputClass, labelClass } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { type StatementLine, statementQueryOptions } from '../api/commission-statement';
import { insuredVerificationsQueryOptions } from '../api/identity';
import { t } from '../i18n';
import { errorMessage } from '../utils/errors';
import { formatWhen, fullName } from '../utils/format';

/** The intermediary's commission statement: the policies it placed, with the commission on each. */
export default function CommissionStatementRoute() {
  const ids = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [page, setPage] = usePageParam();
  const query = useQuery(statementQueryOptions({ page, ...range }));
  const statement = query.data;
  // The insured's identity checks beside each policy on the page (the server answers only the
  // firm's own clients' policies).
  const shown = statement?.items.map((line) => line.policyNumber) ?? [];
  const verifications = useQuery(insuredVerificationsQueryOptions(shown));
  const checksOf = (policyNumber: string) =>
    verifications.data?.items.find((item) => item.policyNumber === policyNumber)?.checks;

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setRange({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  };

  return (
    <div>
      <ScreenHeading level={1}>{t('staff.statement.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('staff.statement.intro')}</p>
      <form className="mt-4 flex flex-wrap items-end gap-4" onSubmit={onFilter} noValidate>
        <div>
          <label htmlFor={`${ids}-from`} className={labelClass}>
            {t('staff.statement.from')}
          </label>
          <input
            id={`${ids}-from`}
            type="date"
            className={inputClass}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-to`} className={labelClass}>
            {t('staff.statement.to')}
          </label>
          <input
            id={`${ids}-to`}
            type="date"
            className={inputClass}
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <Button type="submit">{t('staff.statement.show')}</Button>
      </form>
      {query.isError && statement ? (
        <p role="alert" className={fieldErrorClass}>
          {errorMessage(query.error, t('staff.statement.loadError'))}
        </p>
      ) : null}
      <QueryStatus
        isPending={query.isPending}
        isError={query.isError && !statement}
        onRetry={() => void query.refetch()}
        errorText={errorMessage(query.error, t('staff.statement.loadError'))}
      />
      {statement ? (
        <>
          <div className="mt-6">
            <SummaryList
              rows={[
                { label: t('staff.statement.policies'), value: String(statement.totals.count) },
                { label: t('staff.statement.totalPremium'), value: formatKes(statement.totals.premium) },
                {
                  label: t('staff.statement.totalCommission'),
                  value: formatKes(statement.totals.commission),
                },
              ]}
            />
          </div>
          <div className="mt-6">
            <DataTable<StatementLine>
              caption={t('staff.statement.caption')}
              isScrollFocusable
              isLoading={query.isFetching}
              columns={[
                {
                  key: 'policy',
                  header: t('staff.statement.policy'),
                  cell: (r) => r.policyNumber,
                  isRowHeader: true,
                },
                { key: 'client', header: t('staff.statement.client'), cell: (r) => fullName(r.client.names) },
                {
                  key: 'identity',
                  header: identityText('identity.staff.column'),
                  cell: (r) => {
                    const checks = checksOf(r.policyNumber);
                    return checks ? <IdentityStatusList checks={checks} compact /> : t('staff.na');
                  },
                },
                { key: 'product', header: t('staff.statement.product'), cell: (r) => r.productName },
                {
                  key: 'class',
                  header: t('staff.statement.class'),
                  cell: (r) => insuranceClassText({ code: r.classCode, name: r.className }),
                },
                {
                  key: 'premium',
                  header: t('staff.statement.premium'),
                  cell: (r) => formatKes(r.premium),
                  align: 'right',
                },
                { key: 'rate', header: t('staff.statement.rate'), cell: (r) => r.rate, align: 'right' },
                {
                  key: 'commission',
                  header: t('staff.statement.commission'),
                  cell: (r) => formatKes(r.commission),
                  align: 'right',
                },
                { key: 'date', header: t('staff.statement.date'), cell: (r) => formatWhen(r.date) },
              ]}
              rows={statement.items}
              rowKey={(r) => r.policyNumber}
              emptyText={t('staff.statement.empty')}
            />
          </div>
          <Pagination
            className="mt-4"
            page={statement.page}
            pageCount={pageCountOf(statement)}
            onPageChange={setPage}
            isDisabled={query.isFetching}
          />
        </>
      ) : null}
    </div>
  );
}
