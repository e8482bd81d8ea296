import { getProgressPercent, getStepStatus, type WizardStepStatus } from '../../../components/wizard-header';
import { t } from '../i18n';

const CIRCLE: Record<WizardStepStatus, string> = {
  completed: 'bg-emerald-800 text-white',
  'in-progress': 'bg-amber-500 text-slate-950 ring-2 ring-amber-700 ring-offset-2',
  pending: 'bg-slate-200 text-slate-800',
};

interface StepIndicatorProps {
  steps: ReadonlyArray<{ key: string; title: string }>;
  currentStep: number;
  label: string;
}

/**
 * The seven steps as numbered circles (a tick once completed: before the current step), the
 * current step's name under them, and the progress bar. Compact enough for a phone; each step's
 * name and status is read out to screen readers.
 */
export function StepIndicator({ steps, currentStep, label }: StepIndicatorProps) {
  const percent = getProgressPercent(currentStep, steps.length);
  const current = steps[currentStep - 1];
  return (
    <nav aria-label={label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <ol className="flex items-start justify-between gap-1">
        {steps.map((step, index) => {
          const number = index + 1;
          const status = getStepStatus(number, currentStep);
          return (
            <li
              key={step.key}
              data-status={status}
              aria-current={status === 'in-progress' ? 'step' : undefined}
              className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center"
            >
              <span
                aria-hidden="true"
                className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${CIRCLE[status]}`}
              >
                {status === 'completed' ? '✓' : number}
              </span>
              <span className="sr-only">
                {t('components.wizard.stepOf', { step: number, total: steps.length })}: {step.title},{' '}
                {t(`components.wizard.status.${status}`)}
              </span>
              <span aria-hidden="true" className="hidden text-xs font-semibold text-slate-800 lg:block">
                {step.title}
              </span>
            </li>
          );
        })}
      </ol>
      <p aria-hidden="true" className="mt-3 text-center font-semibold text-slate-900 lg:hidden">
        {t('components.wizard.stepOf', { step: currentStep, total: steps.length })}: {current?.title}
      </p>
      <div className="mt-3 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-emerald-700" style={{ width: `${percent}%` }} />
        </div>
        <span className="text-sm font-semibold text-slate-800">
          {t('components.wizard.progress', { percent })}
        </span>
      </div>
    </nav>
  );
}
