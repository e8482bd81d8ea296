import type { ReactNode } from 'react';
import { buttonSecondary, cardClass } from '../../../components/ui';
import { t } from '../i18n';
import { type BreakdownRow, formatKes } from '../utils/records';

/** Loading and error states of a portal screen's data. */
export function QueryStatus({
  isPending,
  isError,
  onRetry,
  errorText,
}: {
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  errorText?: string;
}) {
  if (isPending) {
    return (
      <p role="status" className={`${cardClass} mt-6 text-slate-800`}>
        {t('portal.loading')}
      </p>
    );
  }
  if (isError) {
    return (
      <div role="alert" className={`${cardClass} mt-6 space-y-3`}>
        <p className="font-semibold text-red-900">{errorText ?? t('portal.loadError')}</p>
        <button type="button" onClick={onRetry} className={buttonSecondary}>
          {t('portal.retry')}
        </button>
      </div>
    );
  }
  return null;
}

const badgeColours: Record<string, string> = {
  ACTIVE: 'bg-emerald-100 text-emerald-900',
  PAID: 'bg-emerald-100 text-emerald-900',
  UNPAID: 'bg-amber-100 text-amber-950',
  PARTLY_PAID: 'bg-sky-100 text-sky-950',
  EXPIRED: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${badgeColours[status] ?? 'bg-slate-100 text-slate-800'}`}
    >
      {t(`portal.status.${status}`)}
    </span>
  );
}

/** A card with a heading (h2) for a section of a detail screen. */
export function DetailCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** Label/value rows. */
export function DetailList({ rows }: { rows: ReadonlyArray<{ label: string; value: ReactNode }> }) {
  return (
    <dl className="divide-y divide-slate-200">
      {rows.map((row) => (
        <div key={row.label} className="flex flex-wrap justify-between gap-x-4 py-2">
          <dt className="text-slate-700">{row.label}</dt>
          <dd className="text-right font-semibold break-words text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function BreakdownTable({ rows }: { rows: BreakdownRow[] }) {
  if (rows.length === 0) return <p className="text-slate-700">{t('portal.na')}</p>;
  return (
    <table className="w-full text-left">
      <caption className="sr-only">{t('portal.breakdown.title')}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-sm text-slate-700">
          <th scope="col" className="py-2 font-semibold">
            {t('portal.breakdown.item')}
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {t('portal.breakdown.amount')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {rows.map((row) => (
          <tr key={row.label} className={row.isTotal ? 'font-bold text-slate-900' : 'text-slate-800'}>
            <th scope="row" className={`py-2 ${row.isTotal ? 'font-bold' : 'font-normal'}`}>
              {row.label}
            </th>
            <td className="py-2 text-right tabular-nums">{formatKes(row.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
