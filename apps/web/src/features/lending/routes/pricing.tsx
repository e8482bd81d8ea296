import { PRICING_MONTHS, type PricingBandInput } from '@bima/domain/loan-pricing';
import { LOAN_PRODUCTS, type LoanProduct } from '@bima/domain/loans';
import { parseAmount } from '@bima/domain/numbers';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table';
import { ErrorSummary } from '../../../components/error-summary';
import { ListPages } from '../../../components/pagination';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge } from '../../../components/status-badge';
import { fieldErrorClass, inputClass, labelClass } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { ApiError } from '../../../lib/api-client';
import {
  inForceTablesQueryOptions,
  type PricingBand,
  type PricingTable,
  pricingTablesQueryOptions,
  usePublishPricingTable,
} from '../api/pricing';
import { formatKesExact } from '../components/format';
import { t } from '../i18n';

const STATE_TONES = { IN_FORCE: 'success', SCHEDULED: 'info', PAST: 'neutral' } as const;

/** A band row as typed: every field text until sent. */
interface BandDraft {
  key: number;
  minPrincipal: string;
  maxPrincipal: string;
  months: string;
  facilityFee: string;
  monthlyRatePercent: string;
}

let nextKey = 1;
const draftOf = (band?: PricingBand): BandDraft => ({
  key: nextKey++,
  // A band answers cents; the lender types whole shillings.
  minPrincipal: band ? String(band.minPrincipal / 100) : '',
  maxPrincipal: band?.maxPrincipal != null ? String(band.maxPrincipal / 100) : '',
  months: band ? String(band.months) : '',
  facilityFee: band?.facilityFee != null ? String(band.facilityFee / 100) : '',
  monthlyRatePercent: band?.monthlyRatePercent ?? '',
});

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** An amount as the portal reads every amount ("500,000", "500 000"); one it cannot read goes as typed, for the server's message. */
function amountOf(text: string): number | string {
  const read = parseAmount(text);
  return read.ok ? read.value : text.trim();
}

function toInput(band: BandDraft): PricingBandInput {
  return {
    // A blank smallest amount is a band from nothing, as before.
    minPrincipal: blankToNull(band.minPrincipal) === null ? 0 : amountOf(band.minPrincipal),
    maxPrincipal: blankToNull(band.maxPrincipal) === null ? null : amountOf(band.maxPrincipal),
    months: Number(band.months),
    facilityFee: blankToNull(band.facilityFee) === null ? null : amountOf(band.facilityFee),
    monthlyRatePercent: blankToNull(band.monthlyRatePercent),
  };
}

/** Kenya's tomorrow, the earliest day a new table may start. */
function tomorrow(): string {
  return new Date(Date.now() + 3 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}

/** One table: its name, product, first day and state, and its bands. */
function TableCard({ table }: { table: PricingTable }) {
  return (
    <Card title={table.name} headingLevel={3} className="mt-4">
      <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-800">
        <StatusBadge label={t(`lending.pricing.state.${table.state}`)} tone={STATE_TONES[table.state]} />
        <span>{t(`lending.pricing.product.${table.product}`)}</span>
        <span>{t('lending.pricing.from', { date: table.effectiveFrom })}</span>
      </p>
      <DataTable<PricingBand>
        caption={t('lending.pricing.bandsOf', { name: table.name })}
        hideCaption
        columns={[
          { key: 'months', header: t('lending.pricing.columns.months'), cell: (band) => band.months },
          {
            key: 'range',
            header: t('lending.pricing.columns.range'),
            cell: (band) =>
              band.maxPrincipal === null
                ? t('lending.pricing.andAbove', { amount: formatKesExact(band.minPrincipal) })
                : `${formatKesExact(band.minPrincipal)} – ${formatKesExact(band.maxPrincipal)}`,
          },
          {
            key: 'price',
            header: t('lending.pricing.columns.price'),
            cell: (band) =>
              band.facilityFee !== null
                ? t('lending.pricing.fee', { amount: formatKesExact(band.facilityFee) })
                : t('lending.pricing.rate', { percent: band.monthlyRatePercent ?? '' }),
          },
        ]}
        rows={table.bands}
        rowKey={(band) => `${band.months}-${band.minPrincipal}`}
        emptyText={t('lending.na')}
      />
    </Card>
  );
}

/** Publish a new table: the product, a name, its first day and its bands (started from the one in force). */
function PublishForm() {
  const ids = useId();
  const publish = usePublishPricingTable();
  const inForce = useQuery(inForceTablesQueryOptions());
  const [product, setProduct] = useState<LoanProduct>('ipf');
  const [name, setName] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState(tomorrow());
  const [bands, setBands] = useState<BandDraft[]>([draftOf()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);

  const current = inForce.data?.find((table) => table.product === product);
  const update = (key: number, field: keyof Omit<BandDraft, 'key'>, value: string) =>
    setBands((rows) => rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setDone(null);
    try {
      const table = await publish.mutateAsync({ product, name, effectiveFrom, bands: bands.map(toInput) });
      setDone(t('lending.pricing.published', { name: table.name, date: table.effectiveFrom }));
      setName('');
      setBands([draftOf()]);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.errors ?? []) : [];
      setErrors(
        Object.fromEntries(
          fields.filter((item) => item.field).map((item) => [String(item.field), item.message]),
        ),
      );
    }
  };

  const errorOf = (field: string) => errors[field];
  const summary = Object.values(errors).map((message) => ({ message }));
  if (publish.error && summary.length === 0) {
    summary.push({
      message: publish.error instanceof Error ? publish.error.message : t('lending.detail.failed'),
    });
  }

  const input = (
    field: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    extra = {},
  ) => {
    const id = `${ids}-${field}`;
    const message = errorOf(field);
    return (
      <div>
        <label htmlFor={id} className={`block ${labelClass}`}>
          {label}
        </label>
        <input
          id={id}
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          {...extra}
        />
        {message ? (
          <p id={`${id}-error`} className={fieldErrorClass}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Card title={t('lending.pricing.publishTitle')} className="mt-8">
      <p className="text-slate-700">{t('lending.pricing.publishIntro')}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        {summary.length > 0 ? <ErrorSummary errors={summary} /> : null}
        {done ? (
          <p
            role="status"
            className="rounded-xl border-l-4 border-emerald-700 bg-emerald-50 p-4 text-emerald-950"
          >
            {done}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor={`${ids}-product`} className={`block ${labelClass}`}>
              {t('lending.pricing.productLabel')}
            </label>
            <select
              id={`${ids}-product`}
              className={inputClass}
              value={product}
              onChange={(event) => setProduct(event.target.value as LoanProduct)}
            >
              {LOAN_PRODUCTS.map((value) => (
                <option key={value} value={value}>
                  {t(`lending.pricing.product.${value}`)}
                </option>
              ))}
            </select>
          </div>
          {input('name', t('lending.pricing.name'), name, setName)}
          {input('effectiveFrom', t('lending.pricing.effectiveFrom'), effectiveFrom, setEffectiveFrom, {
            type: 'date',
          })}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="small"
            disabled={!current}
            onClick={() => setBands(current!.bands.map((band) => draftOf(band)))}
          >
            {t('lending.pricing.copyCurrent')}
          </Button>
          <Button variant="small" onClick={() => setBands((rows) => [...rows, draftOf()])}>
            {t('lending.pricing.addBand')}
          </Button>
        </div>
        <fieldset>
          <legend className={labelClass}>
            {t('lending.pricing.bands', { terms: PRICING_MONTHS[product].join(', ') })}
          </legend>
          <ol className="mt-2 space-y-3">
            {bands.map((band, index) => (
              <li key={band.key} className="rounded-xl border border-slate-200 p-3">
                <p className="font-semibold text-slate-900">
                  {t('lending.pricing.band', { number: index + 1 })}
                </p>
                <div className="mt-2 grid gap-3 sm:grid-cols-5">
                  {input(
                    `bands.${index}.months`,
                    t('lending.pricing.columns.months'),
                    band.months,
                    (value) => update(band.key, 'months', value),
                    { inputMode: 'numeric' },
                  )}
                  {input(
                    `bands.${index}.minPrincipal`,
                    t('lending.pricing.min'),
                    band.minPrincipal,
                    (value) => update(band.key, 'minPrincipal', value),
                    { inputMode: 'numeric' },
                  )}
                  {input(
                    `bands.${index}.maxPrincipal`,
                    t('lending.pricing.max'),
                    band.maxPrincipal,
                    (value) => update(band.key, 'maxPrincipal', value),
                    { inputMode: 'numeric' },
                  )}
                  {input(
                    `bands.${index}.facilityFee`,
                    t('lending.pricing.feeLabel'),
                    band.facilityFee,
                    (value) => update(band.key, 'facilityFee', value),
                    { inputMode: 'numeric' },
                  )}
                  {input(
                    `bands.${index}.monthlyRatePercent`,
                    t('lending.pricing.rateLabel'),
                    band.monthlyRatePercent,
                    (value) => update(band.key, 'monthlyRatePercent', value),
                    { inputMode: 'decimal' },
                  )}
                </div>
                {bands.length > 1 ? (
                  <Button
                    variant="small"
                    className="mt-2"
                    onClick={() => setBands((rows) => rows.filter((row) => row.key !== band.key))}
                  >
                    {t('lending.pricing.removeBand', { number: index + 1 })}
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        </fieldset>
        <Button type="submit" disabled={publish.isPending}>
          {publish.isPending ? t('lending.pricing.publishing') : t('lending.pricing.publish')}
        </Button>
      </form>
    </Card>
  );
}

/** The lender's pricing: its tables (in force, scheduled, past), paged, and publishing a new one. */
export default function PricingRoute() {
  const [page, setPage] = usePageParam();
  const tables = useQuery(pricingTablesQueryOptions(page));
  return (
    <div>
      <ScreenHeading level={1}>{t('lending.pricing.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('lending.pricing.intro')}</p>
      <QueryStatus
        isPending={tables.isPending}
        isError={tables.isError}
        onRetry={() => void tables.refetch()}
      />
      <section aria-labelledby="pricing-tables" className="mt-6">
        <h2 id="pricing-tables" className="text-xl font-bold text-slate-900">
          {t('lending.pricing.tablesTitle')}
        </h2>
        {tables.data?.total === 0 ? (
          <p className="mt-2 text-slate-800">{t('lending.pricing.empty')}</p>
        ) : null}
        {tables.data?.items.map((table) => (
          <TableCard key={table.id} table={table} />
        ))}
        <ListPages
          list={tables.data}
          onPageChange={setPage}
          isDisabled={tables.isPlaceholderData}
          label={t('lending.pricing.pages')}
        />
      </section>
      <PublishForm />
    </div>
  );
}
