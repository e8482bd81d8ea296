import { type ReactNode, useId, useRef } from 'react';
import { useBottomBarRoom } from './use-bottom-bar-room';

interface RunningTotalBarProps {
  /** What the amount is ("Total premium so far"). */
  label: string;
  /** The formatted amount, or null while it is first worked out. */
  amount: string | null;
  /** A line under the amount (what it includes, or that it is being worked out again). */
  note?: ReactNode;
}

/**
 * The running total of a page where each choice changes a price: it stays at the bottom of the
 * screen while the page scrolls (on a phone the total is never out of sight) and, at the end of the
 * page, takes its own place above what follows, so it never sits over the last inputs. While it is
 * shown the page scrolls focused fields above it (scroll-padding), so a field reached by keyboard is
 * never hidden behind it.
 */
export function RunningTotalBar({ label, amount, note }: RunningTotalBarProps) {
  const labelId = useId();
  const barRef = useRef<HTMLElement>(null);

  useBottomBarRoom(barRef);

  return (
    <section
      ref={barRef}
      aria-labelledby={labelId}
      className="sticky bottom-0 z-10 rounded-xl border border-slate-300 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)]"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={labelId} className="font-semibold text-slate-900">
          {label}
        </h2>
        <p aria-live="polite" aria-atomic="true" className="text-xl font-bold text-emerald-900">
          {amount ?? '…'}
        </p>
      </div>
      {note ? <div className="text-sm text-slate-700">{note}</div> : null}
    </section>
  );
}
