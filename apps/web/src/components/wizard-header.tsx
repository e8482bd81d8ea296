import type { ReactNode } from 'react';
import { Breadcrumb, type BreadcrumbItem } from './breadcrumb';
import { t } from './i18n';

export interface WizardStep {
  key: string;
  title: string;
  description: string;
}

export interface WizardHeaderProps {
  title: string;
  /** A line under the title (e.g. the chosen product). */
  subtitle?: string;
  breadcrumbs: BreadcrumbItem[];
  steps: ReadonlyArray<WizardStep>;
  /** The step in progress, counting from 1. */
  currentStep: number;
  /** Names the steps' navigation and the progress bar. */
  label: string;
  /** Shown beside the title (e.g. the Help button). */
  action?: ReactNode;
}

export type WizardStepStatus = 'completed' | 'in-progress' | 'pending';

/** A step is completed when it comes before the current one, in progress when it is it, else pending. */
export function getStepStatus(stepNumber: number, currentStep: number): WizardStepStatus {
  if (stepNumber < currentStep) return 'completed';
  if (stepNumber === currentStep) return 'in-progress';
  return 'pending';
}

/** Progress percentage: the current step number divided by the step count, rounded (1 of 3 → 33). */
export function getProgressPercent(currentStep: number, stepCount: number): number {
  if (stepCount <= 0) return 0;
  const clamped = Math.min(Math.max(currentStep, 0), stepCount);
  return Math.round((clamped / stepCount) * 100);
}

const STATUS_CLASSES: Record<WizardStepStatus, { circle: string; badge: string }> = {
  completed: { circle: 'bg-emerald-800 text-white', badge: 'bg-emerald-100 text-emerald-900' },
  'in-progress': { circle: 'bg-amber-500 text-slate-950', badge: 'bg-amber-100 text-amber-950' },
  pending: { circle: 'bg-slate-200 text-slate-800', badge: 'bg-slate-100 text-slate-800' },
};

/** A wizard's breadcrumbs and title, its numbered steps with their status, and the progress bar. */
export function WizardHeader({
  title,
  subtitle,
  breadcrumbs,
  steps,
  currentStep,
  label,
  action,
}: WizardHeaderProps) {
  const percent = getProgressPercent(currentStep, steps.length);
  return (
    <header className="space-y-5">
      <Breadcrumb items={breadcrumbs} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 font-semibold text-emerald-900">{subtitle}</p> : null}
        </div>
        {action}
      </div>
      <nav aria-label={label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <ol
          className="grid gap-2 sm:gap-4"
          style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}
        >
          {steps.map((step, index) => {
            const number = index + 1;
            const status = getStepStatus(number, currentStep);
            const classes = STATUS_CLASSES[status];
            return (
              <li
                key={step.key}
                aria-current={status === 'in-progress' ? 'step' : undefined}
                className="flex flex-col items-start gap-2 sm:flex-row sm:gap-3"
              >
                <span
                  aria-hidden="true"
                  className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${classes.circle}`}
                >
                  {status === 'completed' ? '✓' : number}
                </span>
                <div className="min-w-0">
                  <p className="text-sm leading-tight font-semibold text-slate-900 sm:text-base">
                    <span className="sr-only">
                      {t('components.wizard.stepOf', { step: number, total: steps.length })}:{' '}
                    </span>
                    {step.title}
                  </p>
                  <p className="mt-0.5 hidden text-sm text-slate-700 md:block">{step.description}</p>
                  <span
                    className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${classes.badge}`}
                  >
                    {t(`components.wizard.status.${status}`)}
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
        <div className="mt-4 flex items-center gap-3">
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
    </header>
  );
}
