import { t } from '../i18n';
import { listPasswordCriteria, measurePassword, STRENGTH_BARS } from '../utils/password-strength';

const barColours: Record<string, string> = {
  Weak: 'bg-red-700',
  Fair: 'bg-amber-600',
  Good: 'bg-sky-700',
  Strong: 'bg-emerald-700',
};

/** The four-bar strength meter with its label and the five criteria (spec-2 §5). */
export function StrengthMeter({ password, id }: { password: string; id?: string }) {
  const strength = measurePassword(password);
  const label = t(`auth.strength.labels.${strength.label}`);
  return (
    <div id={id} className="mt-3">
      <div className="flex gap-1.5" aria-hidden="true">
        {Array.from({ length: STRENGTH_BARS }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the bars are fixed and never reorder
            key={index}
            data-filled={index < strength.filledBars}
            className={`h-2 flex-1 rounded-full ${index < strength.filledBars ? barColours[strength.label] : 'bg-slate-200'}`}
          />
        ))}
      </div>
      <p className="mt-1.5 text-sm font-semibold text-slate-900" aria-live="polite">
        {password === '' ? '\u00a0' : t('auth.strength.label', { label })}
      </p>
      <p className="mt-2 text-sm text-slate-700">{t('auth.strength.criteriaTitle')}</p>
      <ul className="mt-1 grid gap-x-4 gap-y-0.5 text-sm sm:grid-cols-2">
        {listPasswordCriteria(password).map((criterion) => (
          <li key={criterion.id} className={criterion.isMet ? 'text-emerald-800' : 'text-slate-700'}>
            <span aria-hidden="true">{criterion.isMet ? '✓ ' : '○ '}</span>
            {t(`auth.strength.${criterion.id}`)}
            <span className="sr-only">
              {' '}
              ({criterion.isMet ? t('auth.strength.met') : t('auth.strength.notMet')})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
