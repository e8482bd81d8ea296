import { formatKes } from '@bima/domain/money';
import { defaultStatementRange, WALLET_FORM_MESSAGES } from '@bima/domain/wallet';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { buttonSecondary, fieldErrorClass, inputClass, labelClass, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { formatIsoDate, formatKenyaDateTime, kenyaTodayIsoDate } from '../../../lib/dates';
import { documentLink } from '../../../lib/document-link';
import { domainText } from '../../../lib/domain-text';
import { type StatementLine, statementQueryOptions } from '../api/wallet';
import { formatBalance } from '../components/format';
import { t } from '../i18n';

/**
 * Accounts: the client's statement from the ledger for a date range (the last 90 days unless
 * chosen): opening and closing balance, the period's totals, every line paged on the server, and the
 * same statement as PDF or CSV. Invoices are one link away (Accounts › Invoices).
 */
export default function AccountsRoute() {
  const [range, setRange] = useState(() => defaultStatementRange(kenyaTodayIsoDate()));
  const [draft, setDraft] = useState(range);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [page, setPage] = usePageParam();
  const statement = useQuery(statementQueryOptions(range, page));
  const data = statement.data;

  const onShow = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.from) || !/^\d{4}-\d{2}-\d{2}$/.test(draft.to)) {
      setRangeError(domainText(WALLET_FORM_MESSAGES.dateInvalid));
      return;
    }
    if (draft.from > draft.to) {
      setRangeError(domainText(WALLET_FORM_MESSAGES.rangeOrder));
      return;
    }
    setRangeError(null);
    setPage(1);
    setRange(draft);
  };

  return (
    <div>
      <ScreenHeading level={1}>{t('wallet.accounts.title')}</ScreenHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{t('wallet.accounts.intro')}</p>
      <p className="mt-3 flex flex-wrap gap-4">
        <Link to={paths.portalAccountInvoices.getHref()} className={linkButton}>
          {t('wallet.accounts.invoicesLink')}
        </Link>
        <Link to={paths.portalTopUpOptions.getHref()} className={linkButton}>
          {t('wallet.accounts.walletLink')}
        </Link>
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card id="statement-range" title={t('wallet.accounts.rangeTitle')}>
          <form noValidate onSubmit={onShow} className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="statement-from" className={labelClass}>
                {t('wallet.accounts.from')}
              </label>
              <input
                id="statement-from"
                type="date"
                className={inputClass}
                value={draft.from}
                max={draft.to}
                aria-invalid={rangeError ? true : undefined}
                aria-describedby={rangeError ? 'statement-range-error' : undefined}
                onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              />
            </div>
            <div>
              <label htmlFor="statement-to" className={labelClass}>
                {t('wallet.accounts.to')}
              </label>
              <input
                id="statement-to"
                type="date"
                className={inputClass}
                value={draft.to}
                min={draft.from}
                aria-invalid={rangeError ? true : undefined}
                aria-describedby={rangeError ? 'statement-range-error' : undefined}
                onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              />
            </div>
            {rangeError ? (
              <p id="statement-range-error" role="alert" className={`${fieldErrorClass} sm:col-span-2`}>
                {rangeError}
              </p>
            ) : null}
            <Button type="submit" className="sm:col-span-2 sm:justify-self-start">
              {t('wallet.accounts.show')}
            </Button>
          </form>
        </Card>
        <Card id="statement-summary" title={t('wallet.accounts.summaryTitle')}>
          {data ? (
            <>
              <SummaryList
                rows={[
                  {
                    label: t('wallet.accounts.period'),
                    value: `${formatIsoDate(data.from)} – ${formatIsoDate(data.to)}`,
                  },
                  { label: t('wallet.accounts.opening'), value: formatBalance(data.openingBalance) },
                  { label: t('wallet.accounts.debits'), value: formatKes(data.totalDebits) },
                  { label: t('wallet.accounts.credits'), value: formatKes(data.totalCredits) },
                  { label: t('wallet.accounts.closing'), value: formatBalance(data.closingBalance) },
                ]}
              />
              <p className="mt-3 text-sm text-slate-700">{t('wallet.accounts.balanceNote')}</p>
              <p className="mt-4 flex flex-wrap gap-3">
                <a href={documentLink(data.downloads.pdf)} download className={buttonSecondary}>
                  {t('wallet.accounts.downloadPdf')}
                </a>
                <a href={data.downloads.csv} download className={buttonSecondary}>
                  {t('wallet.accounts.downloadCsv')}
                </a>
              </p>
            </>
          ) : statement.isError ? (
            <p role="alert" className="text-red-800">
              {t('wallet.accounts.loadError')}
            </p>
          ) : null}
        </Card>
      </div>
      <PagedTable<StatementLine>
        query={statement}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('wallet.accounts.pages')}
        caption={t('wallet.accounts.caption')}
        isScrollFocusable
        rowKey={(line) => String(line.id)}
        emptyText={t('wallet.accounts.empty')}
        columns={[
          {
            key: 'date',
            header: t('wallet.accounts.date'),
            cell: (line) => formatKenyaDateTime(line.occurredAt),
          },
          { key: 'account', header: t('wallet.accounts.account'), cell: (line) => line.account },
          { key: 'description', header: t('wallet.accounts.description'), cell: (line) => line.description },
          {
            key: 'reference',
            header: t('wallet.accounts.reference'),
            cell: (line) => line.reference ?? t('wallet.na'),
            className: '[overflow-wrap:anywhere]',
          },
          {
            key: 'debit',
            header: t('wallet.accounts.debit'),
            align: 'right',
            className: 'tabular-nums',
            cell: (line) => (line.debit ? formatKes(line.debit) : ''),
          },
          {
            key: 'credit',
            header: t('wallet.accounts.credit'),
            align: 'right',
            className: 'tabular-nums',
            cell: (line) => (line.credit ? formatKes(line.credit) : ''),
          },
          {
            key: 'balance',
            header: t('wallet.accounts.balance'),
            align: 'right',
            className: 'tabular-nums',
            cell: (line) => formatBalance(line.balance),
          },
        ]}
      />
    </div>
  );
}
