/** The motor private wizard's three steps (spec-1 §2.3), each owning one wrapper route under /motor. */
export const WIZARD_STEPS = [
  { number: 1, key: 'quotation', segment: 'basic-details' },
  { number: 2, key: 'risk', segment: 'cover-details' },
  { number: 3, key: 'payment', segment: 'payment-confirmation' },
] as const;

export type WizardStepKey = (typeof WIZARD_STEPS)[number]['key'];
export type WizardStepStatus = 'completed' | 'in-progress' | 'pending';

/** A step is completed when it comes before the current one, in progress when it is it, else pending. */
export function getStepStatus(stepNumber: number, currentStep: number): WizardStepStatus {
  if (stepNumber < currentStep) return 'completed';
  if (stepNumber === currentStep) return 'in-progress';
  return 'pending';
}

/** Progress percentage: the current step number divided by the step count, rounded (1 of 3 → 33). */
export function getProgressPercent(currentStep: number, stepCount: number = WIZARD_STEPS.length): number {
  if (stepCount <= 0) return 0;
  const clamped = Math.min(Math.max(currentStep, 0), stepCount);
  return Math.round((clamped / stepCount) * 100);
}

/** The wizard step a /motor/... path belongs to, or 0 when it is none of the three. */
export function getWizardStepNumber(pathname: string): number {
  const [, area, segment] = pathname.split('/');
  if (area !== 'motor') return 0;
  return WIZARD_STEPS.find((step) => step.segment === segment)?.number ?? 0;
}
