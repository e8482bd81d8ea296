import { type ReactNode, useState } from 'react';
import { Breadcrumb, type BreadcrumbItem } from './breadcrumb';
import { type WizardStep, WizardStepper } from './wizard-stepper';

export interface WizardHeading {
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

export interface WizardFrameProps extends WizardHeading {
  /** The step's own screen. */
  children: ReactNode;
}

/**
 * The page of every purchase wizard (motor private, motor commercial, fire, theft, aviation): the
 * breadcrumbs, the title with the chosen product and an action, the steps, then the step's screen.
 * On a phone the header is compact (the title, the product, one "Step n of N" line; the breadcrumbs
 * and the steps' list behind "Show steps"), so the step's content starts on the first screen.
 */
export function WizardFrame({
  title,
  subtitle,
  breadcrumbs,
  steps,
  currentStep,
  label,
  action,
  children,
}: WizardFrameProps) {
  const [isExpanded, setExpanded] = useState(false);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-3 sm:px-6 sm:py-8">
      <header className="space-y-2 sm:space-y-5">
        <div className={isExpanded ? undefined : 'max-sm:hidden'}>
          <Breadcrumb items={breadcrumbs} />
        </div>
        <div className="flex items-center justify-between gap-3 sm:items-start">
          <div className="min-w-0">
            <h1 className="text-xl font-extrabold tracking-tight break-words text-slate-900 sm:text-3xl">
              {title}
            </h1>
            {subtitle ? (
              <p className="text-sm font-semibold break-words text-emerald-900 sm:mt-1 sm:text-base">
                {subtitle}
              </p>
            ) : null}
          </div>
          {action ? <div className="shrink-0">{action}</div> : null}
        </div>
        <WizardStepper
          steps={steps}
          currentStep={currentStep}
          label={label}
          isExpanded={isExpanded}
          onToggle={() => setExpanded((value) => !value)}
        />
      </header>
      <div className="mt-4 sm:mt-6">{children}</div>
    </div>
  );
}
