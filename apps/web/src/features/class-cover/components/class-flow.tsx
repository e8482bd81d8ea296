import { classFlowHref, classRouteOf } from '@bima/domain/class-routes';
import { classDefinitionOf } from '@bima/domain/classes/definitions';
import { type ComponentType, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Breadcrumb } from '../../../components/breadcrumb';
import { Button } from '../../../components/button';
import { ScreenHeading } from '../../../components/screen-heading';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notifications';
import { usePersistedStore } from '../../../lib/persisted-store';
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
      insuranceClass={route.insuranceClass}
      href={classFlowHref(route)}
      RiskStep={RiskStep}
    />
  );
}

function Flow({
  routeName,
  insuranceClass,
  href,
  RiskStep,
}: ClassCoverFlowProps & { insuranceClass: string; href: string }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const store = classFlowStore(routeName);
  const flow = usePersistedStore(store);
  const isAuthenticated = usePersistedStore(authStore, (state) => state.isAuthenticated);
  const purchaseType = usePersistedStore(authStore, (state) => state.purchaseType);
  const step = reachableStep(flow);
  const definition = classDefinitionOf(insuranceClass)!;
  const title = t(`classCover.titles.${routeName}`);
  const mustSignIn = needsSignIn(step) && !isAuthenticated;
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
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Breadcrumb
        items={[
          { label: t('classCover.home'), href: paths.home.getHref() },
          { label: title, href },
          { label: stepName },
        ]}
      />
      <div>
        <p className="font-semibold text-emerald-800">
          {t('classCover.stepOf', { step: index + 1, steps: CLASS_STEPS.length })}
        </p>
        <ScreenHeading key={step}>
          {title}: {stepName}
        </ScreenHeading>
        <p className="mt-1 text-slate-700">{t(`classCover.intro.${step}`)}</p>
      </div>
      {View ? (
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
  );
}
