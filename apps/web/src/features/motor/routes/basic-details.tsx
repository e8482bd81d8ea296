import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { ErrorBoundary } from '../../../components/error-boundary';
import { ErrorSummary } from '../../../components/error-summary';
import { buttonSecondary } from '../../../components/ui';
import { WizardFrame } from '../../../components/wizard-frame';
import { formatKenyaDateTime } from '../../../lib/dates';
import { MOTOR_JOURNEY_CLASS, motorJourneyHeader } from '../../../lib/motor-journey';
import { WizardHelpButton } from '../../../lib/wizard-help-button';
import { clearFlowErrors, motorFlowStore, useMotorFlow } from '../../../stores/motor-flow';
import { t } from '../i18n';
import { useOpenQuote, useQuoteLinkSync } from '../use-quote-link';

/**
 * Step 1 of the motor private wizard (spec-1 §2.2): the header, the stored errors above the current
 * screen, and the screen. Errors are cleared on entry; a flow of another insurance class (one quoted
 * for a landing-page card of another class before the wizard took its class from its address)
 * starts afresh.
 */
export default function BasicDetailsRoute() {
  const productName = useMotorFlow((state) => state.selectedProduct?.productName);
  const errors = useMotorFlow((state) => state.errors);
  const { phase, notice, startAfresh } = useOpenQuote();
  useQuoteLinkSync(phase === 'ready');

  // A layout effect runs before the screens' own effects, so errors a screen raises on entry survive.
  useLayoutEffect(() => {
    const flow = motorFlowStore.getState();
    if (flow.insuranceClass && flow.insuranceClass !== MOTOR_JOURNEY_CLASS) {
      motorFlowStore.reset();
      return;
    }
    clearFlowErrors();
  }, []);

  return (
    <WizardFrame {...motorJourneyHeader(1, productName)} action={<WizardHelpButton />}>
      <ErrorSummary className="mb-6" errors={errors.map((message) => ({ message }))} />
      {notice ? (
        <div
          role="status"
          className="mb-6 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950 sm:p-5"
        >
          <p className="font-semibold">{t('motor.quoteLink.restoredTitle')}</p>
          <p className="mt-1">
            {t('motor.quoteLink.restoredText', { time: formatKenyaDateTime(notice.updatedAt) })}
          </p>
          <button type="button" onClick={startAfresh} className={`${buttonSecondary} mt-3`}>
            {t('motor.quoteLink.startNew')}
          </button>
        </div>
      ) : null}
      <div>
        {phase === 'opening' ? (
          <p
            role="status"
            className="rounded-2xl border border-slate-200 bg-white p-5 font-semibold text-slate-900"
          >
            {t('motor.quoteLink.opening')}
          </p>
        ) : (
          <ErrorBoundary compact>
            <Outlet />
          </ErrorBoundary>
        )}
      </div>
    </WizardFrame>
  );
}
