import { Breadcrumb } from '../../../components/breadcrumb';
import { paths } from '../../../config/paths';
import { t } from '../i18n';
import { getProgressPercent, getStepStatus, WIZARD_STEPS, type WizardStepStatus } from '../utils/wizard';

const STATUS_TEXT: Record<WizardStepStatus, string> = {
  completed: 'motor.wizard.statusCompleted',
  'in-progress': 'motor.wizard.statusInProgress',
  pending: 'motor.wizard.statusPending',
};

const STATUS_CLASSES: Record<WizardStepStatus, { circle: string; badge: string }> = {
  completed: { circle: 'bg-emerald-800 text-white', badge: 'bg-emerald-100 text-emerald-900' },
  'in-progress': { circle: 'bg-amber-500 text-slate-950', badge: 'bg-amber-100 text-amber-950' },
  pending: { circle: 'bg-slate-200 text-slate-800', badge: 'bg-slate-100 text-slate-800' },
};

/** The motor private wizard's title, breadcrumbs, three steps with their status, and progress. */
export function WizardHeader({ currentStep, productName }: { currentStep: number; productName?: string }) {
  const percent = getProgressPercent(currentStep);
  const current = WIZARD_STEPS.find((step) => step.number === currentStep);
  const currentTitle = current ? t(`motor.wizard.steps.${current.key}.title`) : '';
  return (
    <header className="space-y-5">
      <Breadcrumb
        items={[
          { label: t('landing.breadcrumbHome'), href: paths.home.getHref() },
          { label: t('motor.title'), href: paths.motorBasicDetails.getHref() },
          { label: currentTitle },
        ]}
      />
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('motor.title')}</h1>
        {productName ? (
          <p className="mt-1 font-semibold text-emerald-900">
            {t('motor.selectedProduct', { name: productName })}
          </p>
        ) : null}
      </div>
      <nav
        aria-label={t('motor.wizard.label')}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <ol className="grid grid-cols-3 gap-2 sm:gap-4">
          {WIZARD_STEPS.map((step) => {
            const status = getStepStatus(step.number, currentStep);
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
                  {status === 'completed' ? '✓' : step.number}
                </span>
                <div className="min-w-0">
                  <p className="text-sm leading-tight font-semibold text-slate-900 sm:text-base">
                    <span className="sr-only">
                      {t('motor.wizard.stepOf', { step: step.number, total: 3 })}:{' '}
                    </span>
                    {t(`motor.wizard.steps.${step.key}.title`)}
                  </p>
                  <p className="mt-0.5 hidden text-sm text-slate-700 md:block">
                    {t(`motor.wizard.steps.${step.key}.description`)}
                  </p>
                  <span
                    className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${classes.badge}`}
                  >
                    {t(STATUS_TEXT[status])}
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
        <div className="mt-4 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={t('motor.wizard.label')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-emerald-700" style={{ width: `${percent}%` }} />
          </div>
          <span className="text-sm font-semibold text-slate-800">
            {t('motor.wizard.progress', { percent })}
          </span>
        </div>
      </nav>
    </header>
  );
}
