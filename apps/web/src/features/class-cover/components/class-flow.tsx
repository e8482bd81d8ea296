import { type ClassCoverLine, classQuoteLinkSchemas } from '@bima/domain';
import { classFlowHref, classRouteOf } from '@bima/domain/class-routes';
import { classDefinitionOf } from '@bima/domain/classes/definitions';
import { type ComponentType, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import {
  JourneyLinkStatus,
  JourneyOpening,
  ShareJourneyButton,
} from '../../../components/journey-link-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { WizardFrame } from '../../../components/wizard-frame';
import { paths } from '../../../config/paths';
import { classQuotesQueryOptions } from '../../../lib/class-quotes';
import { notify } from '../../../lib/notifications';
import { usePersistedStore } from '../../../lib/persisted-store';
import { queryClient } from '../../../lib/query-client';
import { useJourneyLink } from '../../../lib/use-journey-link';
import { authStore } from '../../../stores/auth';
import {
  CLASS_STEPS,
  type ClassFlowEvent,
  classFlowReducer,
  classFlowStore,
  needsSignIn,
  reachableStep,
} from '../flow';
import { t } from '../i18n';
import { riskPrefillOf } from '../prefill';
import { classLinkOf, restoreClassLink } from '../quote-link';
import type { RiskStepProps } from './risk-form';
import { BenefitsStep, DetailsStep, PaymentStep, QuotesStep, type StepProps, SummaryStep } from './steps';

const STEP_VIEWS: Record<(typeof CLASS_STEPS)[number], ComponentType<StepProps> | null> = {
  risk: null,
  quotes: QuotesStep,
  benefits: BenefitsStep,
  details: DetailsStep,
  summary: SummaryStep,
  payment: PaymentStep,
};

interface ClassCoverFlowProps {
  /** The catalogue routeName of the class (fire-domestic, theft-insurance, aviation-insurance). */
  routeName: string;
  RiskStep: ComponentType<RiskStepProps>;
}

/**
 * The short purchase flow of a class other than motor (fire domestic, theft, aviation), driven by
 * its definition: the class's own risk screen, then quotes from its market, benefits, your details,
 * summary and M-Pesa. Kept per tab, so a reload or the trip through sign-in returns to the step.
 */
export function ClassCoverFlow({ routeName, RiskStep }: ClassCoverFlowProps) {
  const route = classRouteOf(routeName)!;
  return (
    <Flow
      routeName={routeName}
      line={route.flow as ClassCoverLine}
      insuranceClass={route.insuranceClass}
      href={classFlowHref(route)}
      RiskStep={RiskStep}
    />
  );
}

/** The steps whose quote is worth sharing: the quotes priced for the risk, the product's benefits. */
const SHARED_STEPS: ReadonlyArray<(typeof CLASS_STEPS)[number]> = ['quotes', 'benefits'];

function Flow({
  routeName,
  line,
  insuranceClass,
  href,
  RiskStep,
}: ClassCoverFlowProps & { line: ClassCoverLine; insuranceClass: string; href: string }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const store = classFlowStore(routeName);
  const link = useJourneyLink({
    line,
    schema: classQuoteLinkSchemas[line],
    linkOf: () => classLinkOf(line, store.getState()),
    subscribe: store.subscribe,
    // A risk prefilled by the address (the needs assessment's Get a quote) is a new journey too.
    isEmpty: () =>
      !store.getState().risk && riskPrefillOf(new URLSearchParams(window.location.search)) === null,
    open: async (opened) => {
      const { state, messages } = await restoreClassLink(opened, {
        fetchQuotes: (risk) => queryClient.fetchQuery(classQuotesQueryOptions(insuranceClass, risk)),
      });
      store.reset();
      store.setState(state);
      return messages;
    },
    reset: () => store.reset(),
  });
  const flow = usePersistedStore(store);
  const isAuthenticated = usePersistedStore(authStore, (state) => state.isAuthenticated);
  const purchaseType = usePersistedStore(authStore, (state) => state.purchaseType);
  const step = reachableStep(flow);
  const definition = classDefinitionOf(insuranceClass)!;
  const title = t(`classCover.titles.${routeName}`);
  const mustSignIn = link.phase === 'ready' && needsSignIn(step) && !isAuthenticated;
  const dispatch = (event: ClassFlowEvent) => store.setState((state) => classFlowReducer(state, event));

  // biome-ignore lint/correctness/useExhaustiveDependencies: each step starts at the top, as a new screen
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'auto' });
  }, [step]);

  useEffect(() => {
    if (mustSignIn) {
      authStore.setState({ purchaseType: 'class-cover', returnPath: href });
      notify({ type: 'info', title: t('classCover.signIn'), duration: 5_000 });
      navigate(paths.auth.getHref(), { replace: true });
    } else if (isAuthenticated && purchaseType === 'class-cover') {
      // Back from sign-in: the next sign-in goes to the portal as usual.
      authStore.setState({ purchaseType: '', returnPath: null });
    }
  }, [mustSignIn, isAuthenticated, purchaseType, href, navigate]);

  if (mustSignIn) return null;
  const parsed = flow.risk && definition.riskSchema ? definition.riskSchema.safeParse(flow.risk) : null;
  const riskLines = parsed?.success ? definition.scheduleLines(parsed.data) : [];
  const riskRef = parsed?.success ? definition.riskRef(parsed.data, null) : '';
  const index = CLASS_STEPS.indexOf(step);
  const View = STEP_VIEWS[step];
  const stepName = t(`classCover.steps.${step}`);

  return (
    <WizardFrame
      title={title}
      subtitle={
        flow.product ? t('classCover.selectedProduct', { name: flow.product.productName }) : undefined
      }
      breadcrumbs={[
        { label: t('classCover.home'), href: paths.home.getHref() },
        { label: title, href },
        { label: stepName },
      ]}
      steps={CLASS_STEPS.map((key) => ({ key, title: t(`classCover.steps.${key}`) }))}
      currentStep={index + 1}
      label={t('classCover.progressLabel', { cover: title })}
    >
      <div className="space-y-6">
        {/* Paid: the confirmation has its own heading. */}
        {flow.paid ? null : (
          <div>
            <ScreenHeading key={step}>
              {title}: {stepName}
            </ScreenHeading>
            <p className="mt-1 text-slate-700">{t(`classCover.intro.${step}`)}</p>
          </div>
        )}
        <JourneyLinkStatus view={link} />
        {link.phase === 'opening' ? (
          <JourneyOpening />
        ) : View ? (
          <View
            flow={flow}
            dispatch={dispatch}
            insuranceClass={insuranceClass}
            riskLines={riskLines}
            riskRef={riskRef}
          />
        ) : (
          <RiskStep
            initial={{ ...flow.risk, ...riskPrefillOf(search) }}
            onSubmit={(risk) => dispatch({ type: 'risk', risk })}
          />
        )}
        {link.phase === 'ready' && SHARED_STEPS.includes(step) && flow.risk ? (
          <ShareJourneyButton
            view={link}
            title={t('classCover.share.title', { cover: title })}
            text={t('classCover.share.text', { cover: title })}
          />
        ) : null}
        <div className="flex flex-wrap gap-3">
          {index > 0 && !flow.paid ? (
            <Button variant="secondary" onClick={() => dispatch({ type: 'back' })}>
              {t('classCover.back')}
            </Button>
          ) : null}
          {flow.paid ? (
            <Button variant="secondary" onClick={() => dispatch({ type: 'restart' })}>
              {t('classCover.restart')}
            </Button>
          ) : null}
        </div>
      </div>
    </WizardFrame>
  );
}
