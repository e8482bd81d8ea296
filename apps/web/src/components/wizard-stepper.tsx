import { type CSSProperties, useId, useState } from 'react';
import { t } from './i18n';

export interface WizardStep {
  key: string;
  title: string;
  /** A line under the step's title on wide screens. */
  description?: string;
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

export interface WizardStepperProps {
  steps: ReadonlyArray<WizardStep>;
  /** The step in progress, counting from 1. */
  currentStep: number;
  /** Names the steps' navigation and the progress bar. */
  label: string;
  /** Phones: the steps' list is shown (else one line says the step; the list is there for screen readers). */
  isExpanded?: boolean;
  onToggle?: () => void;
}

/**
 * Every wizard's steps (motor private, motor commercial, fire, theft, aviation): an ordered list of
 * numbered steps, each with its title and status, the current one marked aria-current="step", and
 * the progress bar. On a phone one line says "Step n of N: name" and the list opens on demand, so
 * the step's own content starts on the first screen; screen readers always get the whole list.
 */
export function WizardStepper({ steps, currentStep, label, isExpanded, onToggle }: WizardStepperProps) {
  const listId = useId();
  const [isOwnExpanded, setOwnExpanded] = useState(false);
  const expanded = isExpanded ?? isOwnExpanded;
  const toggle = onToggle ?? (() => setOwnExpanded((value) => !value));
  const percent = getProgressPercent(currentStep, steps.length);
  const current = steps[currentStep - 1];
  const columns = { '--wizard-steps': steps.length } as CSSProperties;
  return (
    <nav
      aria-label={label}
      className="rounded-2xl border border-slate-200 bg-white px-3 py-2 shadow-sm sm:p-4"
    >
      <div className="flex items-center justify-between gap-2 sm:hidden">
        <p aria-hidden="true" className="min-w-0 truncate text-sm font-semibold text-slate-900">
          {t('components.wizard.stepOf', { step: currentStep, total: steps.length })}: {current?.title}
        </p>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={toggle}
          className="shrink-0 rounded-lg px-2 py-1 text-sm font-semibold text-emerald-800 underline underline-offset-4 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {expanded ? t('components.wizard.hideSteps') : t('components.wizard.showSteps')}
        </button>
      </div>
      <ol
        id={listId}
        style={columns}
        className={`gap-2 sm:grid sm:grid-cols-[repeat(var(--wizard-steps),minmax(0,1fr))] sm:gap-4 ${
          expanded ? 'mt-2 grid grid-cols-1 sm:mt-0' : 'max-sm:sr-only'
        }`}
      >
        {steps.map((step, index) => {
          const number = index + 1;
          const status = getStepStatus(number, currentStep);
          const classes = STATUS_CLASSES[status];
          return (
            <li
              key={step.key}
              data-status={status}
              aria-current={status === 'in-progress' ? 'step' : undefined}
              className="flex items-center gap-3 sm:flex-col sm:items-start sm:gap-2 lg:flex-row lg:gap-3"
            >
              <span
                aria-hidden="true"
                className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${classes.circle}`}
              >
                {status === 'completed' ? '✓' : number}
              </span>
              <div className="min-w-0">
                <p className="text-sm leading-tight font-semibold break-words text-slate-900 lg:text-base">
                  <span className="sr-only">
                    {t('components.wizard.stepOf', { step: number, total: steps.length })}:{' '}
                  </span>
                  {step.title}
                </p>
                {step.description ? (
                  <p className="mt-0.5 hidden text-sm text-slate-700 xl:block">{step.description}</p>
                ) : null}
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
      <div className="mt-2 flex items-center gap-3 sm:mt-4">
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200 sm:h-2"
        >
          <div className="h-full rounded-full bg-emerald-700" style={{ width: `${percent}%` }} />
        </div>
        <span className="text-xs font-semibold text-slate-800 sm:text-sm">
          {t('components.wizard.progress', { percent })}
        </span>
      </div>
    </nav>
  );
}
