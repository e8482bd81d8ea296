import { MOTOR_PRIVATE_CLASS_CODE } from '@bima/domain';
import { describe, expect, it } from 'vitest';
import { getWizardStepNumber, MOTOR_JOURNEY_CLASS, motorJourneyHeader } from './motor-journey';

describe('getWizardStepNumber', () => {
  it.each([
    ['/motor/basic-details', 1],
    ['/motor/basic-details/benefits', 1],
    ['/motor/cover-details/vehicle-details', 2],
    ['/motor/payment-confirmation/summary', 3],
    ['/motor/elsewhere', 0],
    ['/insurance', 0],
  ])('%s → %d', (path, step) => {
    expect(getWizardStepNumber(path)).toBe(step);
  });
});

describe('motorJourneyHeader', () => {
  it('names the journey, the product and the current step', () => {
    const header = motorJourneyHeader(2, 'Jubilee Motor Elite');
    expect(header.title).toBe('Motor Private');
    expect(header.subtitle).toBe('Selected product: Jubilee Motor Elite');
    expect(header.steps.map((step) => step.title)).toEqual([
      'Get Quotation',
      'Risk Assessment',
      'Payment & Confirmation',
    ]);
    expect(header.breadcrumbs.at(-1)).toEqual({ label: 'Risk Assessment' });
    expect(header.label).toBe('Quotation progress');
  });

  it('names motor private itself before an underwriter product is chosen in the flow', () => {
    expect(motorJourneyHeader(1).subtitle).toBe('Selected product: Motor Private');
    expect(motorJourneyHeader(3, '').subtitle).toBe('Selected product: Motor Private');
  });

  it('names no product when there is none to name (an invoice paid from the portal)', () => {
    expect(motorJourneyHeader(3, null).subtitle).toBeUndefined();
  });
});

describe('MOTOR_JOURNEY_CLASS', () => {
  it("is the class the route table gives motor private's address, the one its quote links carry", () => {
    expect(MOTOR_JOURNEY_CLASS).toBe(MOTOR_PRIVATE_CLASS_CODE);
  });
});
