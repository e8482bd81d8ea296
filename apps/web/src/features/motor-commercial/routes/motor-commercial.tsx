import { COMMERCIAL_COVER_LABELS, commercialQuoteLinkSchema } from '@bima/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from '../../../components/error-boundary';
import {
  JourneyLinkStatus,
  JourneyOpening,
  ShareJourneyButton,
} from '../../../components/journey-link-status';
import { WizardFrame } from '../../../components/wizard-frame';
import { paths } from '../../../config/paths';
import { domainText } from '../../../lib/domain-text';
import { notify } from '../../../lib/notifications';
import { usePersistedStore } from '../../../lib/persisted-store';
import { queryClient } from '../../../lib/query-client';
import { useJourneyLink } from '../../../lib/use-journey-link';
import { authStore } from '../../../stores/auth';
import { commercialQuotesQueryOptions } from '../api/commercial';
import { CoverTypeStep } from '../components/cover-type-step';
import { KycStep } from '../components/kyc-step';
import { PaymentStep } from '../components/payment-step';
import { QuoteStep } from '../components/quote-step';
import { SummaryStep } from '../components/summary-step';
import { ValuationStep } from '../components/valuation-step';
import { VehicleStep } from '../components/vehicle-step';
import { t } from '../i18n';
import {
  COMMERCIAL_STEPS,
  commercialFlowStore,
  needsSignIn,
  reachableStep,
  useCommercialFlow,
} from '../stores/commercial-flow';
import { commercialLinkOf, restoreCommercialLink } from '../utils/quote-link';

/** The quote step: the plans priced for the vehicle, the journey's link worth sharing. */
const QUOTE_STEP = 3;

const STEP_VIEWS = [CoverTypeStep, ValuationStep, QuoteStep, VehicleStep, KycStep, SummaryStep, PaymentStep];

/**
 * The motor commercial wizard (spec-2 "Motor commercial wizard") at /motor-commercial/MC101/MotorCommercial:
 * seven steps on one address, the flow kept per tab so a reload or the trip through sign-in comes back
 * to the same step. From the vehicle details on, the client must be signed in.
 */
export default function MotorCommercialRoute() {
  const navigate = useNavigate();
  const link = useJourneyLink({
    line: 'motor-commercial',
    schema: commercialQuoteLinkSchema,
    linkOf: () => commercialLinkOf(commercialFlowStore.getState()),
    subscribe: commercialFlowStore.subscribe,
    isEmpty: () => {
      const state = commercialFlowStore.getState();
      return !state.coverType && !state.valuation;
    },
    open: async (opened) => {
      const { state, messages } = await restoreCommercialLink(opened, {
        fetchPlans: (risk) => queryClient.fetchQuery(commercialQuotesQueryOptions(risk)),
      });
      commercialFlowStore.reset();
      commercialFlowStore.setState(state);
      return messages;
    },
    reset: () => commercialFlowStore.reset(),
  });
  const flow = useCommercialFlow();
  const isAuthenticated = usePersistedStore(authStore, (state) => state.isAuthenticated);
  const purchaseType = usePersistedStore(authStore, (state) => state.purchaseType);
  const reachable = reachableStep(flow);
  const shown = Math.min(reachable, COMMERCIAL_STEPS.length);
  const mustSignIn = link.phase === 'ready' && needsSignIn(shown) && !isAuthenticated;

  // Each step starts at the top of the page, as a new screen would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per step shown
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'auto' });
  }, [shown]);

  // A stale step (its earlier answers missing) is corrected in the store too.
  useEffect(() => {
    if (reachable !== flow.step) commercialFlowStore.setState({ step: reachable });
  }, [reachable, flow.step]);

  useEffect(() => {
    if (mustSignIn) {
      authStore.setState({ purchaseType: 'motor-commercial' });
      notify({ type: 'info', title: t('motorCommercial.signInNotice'), duration: 5_000 });
      navigate(paths.auth.getHref(), { replace: true });
      return;
    }
    // Back from sign-in: the next sign-in goes to the portal as usual.
    if (isAuthenticated && purchaseType === 'motor-commercial') authStore.setState({ purchaseType: '' });
  }, [mustSignIn, isAuthenticated, purchaseType, navigate]);

  const steps = COMMERCIAL_STEPS.map((key) => ({
    key,
    title: t(`motorCommercial.steps.${key}.title`),
    description: t(`motorCommercial.steps.${key}.description`),
  }));
  const current = steps[shown - 1];
  const StepView = STEP_VIEWS[shown - 1] ?? CoverTypeStep;

  return (
    <WizardFrame
      title={t('motorCommercial.title')}
      subtitle={
        flow.selectedProduct && shown > QUOTE_STEP
          ? t('motorCommercial.selectedPlan', { name: flow.selectedProduct.productName })
          : undefined
      }
      breadcrumbs={[
        { label: t('motorCommercial.breadcrumbHome'), href: paths.home.getHref() },
        { label: t('motorCommercial.title') },
        { label: current?.title ?? '' },
      ]}
      steps={steps}
      currentStep={shown}
      label={t('motorCommercial.progressLabel')}
    >
      <div className="space-y-6">
        <JourneyLinkStatus view={link} />
        {link.phase === 'opening' ? (
          <JourneyOpening />
        ) : mustSignIn ? null : (
          <ErrorBoundary>
            <StepView key={shown} />
          </ErrorBoundary>
        )}
        {link.phase === 'ready' && shown === QUOTE_STEP && flow.coverType ? (
          <ShareJourneyButton
            view={link}
            title={t('motorCommercial.share.title')}
            text={t('motorCommercial.share.text', {
              cover: domainText(COMMERCIAL_COVER_LABELS[flow.coverType]),
            })}
          />
        ) : null}
      </div>
    </WizardFrame>
  );
}
