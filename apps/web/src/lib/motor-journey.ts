import { CLASS_ROUTES } from '@bima/domain/class-routes';
import type { WizardHeading } from '../components/wizard-frame';
import { paths } from '../config/paths';
import journeyTexts from '../locales/en.motor-journey.json';
import swahiliJourneyTexts from '../locales/sw.motor-journey.json';
import { addResources, t } from './i18n';

// The journey's texts come with the first motor or purchase screen, not in the entry chunk.
addResources(journeyTexts, swahiliJourneyTexts);

/**
 * The motor private journey's three steps (spec-1 §2.3), each owning one wrapper route under /motor:
 * the motor feature runs the quotation, the purchase feature the other two.
 */
export const WIZARD_STEPS = [
  { number: 1, key: 'quotation', segment: 'basic-details' },
  { number: 2, key: 'risk', segment: 'cover-details' },
  { number: 3, key: 'payment', segment: 'payment-confirmation' },
] as const;

export type WizardStepKey = (typeof WIZARD_STEPS)[number]['key'];

/**
 * The insurance class the motor private wizard quotes: its address (/motor/…) says which flow it is,
 * so a bookmark, a typed address or a shared first-step link needs nothing chosen on the landing page.
 */
export const MOTOR_JOURNEY_CLASS = CLASS_ROUTES.find(
  (route) => route.flow === 'motor-private',
)!.insuranceClass;

/** The wizard step a /motor/... path belongs to, or 0 when it is none of the three. */
export function getWizardStepNumber(pathname: string): number {
  const [, area, segment] = pathname.split('/');
  if (area !== 'motor') return 0;
  return WIZARD_STEPS.find((step) => step.segment === segment)?.number ?? 0;
}

/**
 * The motor journey's wizard header at `currentStep`. It names the product of this flow: the
 * underwriter's product chosen in it (`flowProductName`, from the motor flow), else motor private
 * itself — never a card clicked elsewhere on the landing page. `null`: no product to name (an invoice
 * paid from the portal whose product is not known here).
 */
export function motorJourneyHeader(currentStep: number, flowProductName?: string | null): WizardHeading {
  const steps = WIZARD_STEPS.map((step) => ({
    key: step.key,
    title: t(`motorJourney.steps.${step.key}.title`),
    description: t(`motorJourney.steps.${step.key}.description`),
  }));
  const title = t('motorJourney.title');
  return {
    title,
    subtitle:
      flowProductName === null
        ? undefined
        : t('motorJourney.selectedProduct', { name: flowProductName || title }),
    breadcrumbs: [
      { label: t('landing.breadcrumbHome'), href: paths.home.getHref() },
      { label: title, href: paths.motorBasicDetails.getHref() },
      { label: steps[currentStep - 1]?.title ?? '' },
    ],
    steps,
    currentStep,
    label: t('motorJourney.label'),
  };
}
