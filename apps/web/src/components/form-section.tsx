import type { ReactNode } from 'react';

/**
 * A titled group of fields (a long form's sections), two columns on wide screens. `min-w-0`: a
 * fieldset is at least as wide as its widest content by default, so one wide table inside would
 * push the page past a phone's edge (the table scrolls inside instead); one column of `minmax(0, 1fr)` likewise for a select with long options.
 */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <legend className="px-1 text-lg font-bold text-slate-900">{title}</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
