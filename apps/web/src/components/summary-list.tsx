import type { ReactNode } from 'react';

export interface SummaryListRow {
  label: string;
  value: ReactNode;
}

/** Label/value rows as a definition list: a summary panel, a record's details. */
export function SummaryList({ rows }: { rows: ReadonlyArray<SummaryListRow> }) {
  return (
    <dl className="divide-y divide-slate-200">
      {rows.map((row) => (
        <div key={row.label} className="flex flex-wrap justify-between gap-x-4 py-2">
          <dt className="text-slate-700">{row.label}</dt>
          <dd className="min-w-0 text-right font-semibold wrap-anywhere text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
