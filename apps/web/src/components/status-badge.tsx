export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const toneClasses: Record<StatusTone, string> = {
  neutral: 'bg-slate-200 text-slate-800',
  info: 'bg-sky-100 text-sky-950',
  success: 'bg-emerald-100 text-emerald-900',
  warning: 'bg-amber-100 text-amber-950',
  danger: 'bg-red-100 text-red-900',
};

interface StatusBadgeProps {
  /** The status in words; the tone's colour only repeats it. */
  label: string;
  tone?: StatusTone;
}

/** A status as a small coloured label (Paid, Unpaid, Expired…); each tone meets AA contrast. */
export function StatusBadge({ label, tone = 'neutral' }: StatusBadgeProps) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${toneClasses[tone]}`}>
      {label}
    </span>
  );
}
