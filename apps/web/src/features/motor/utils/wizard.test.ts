import { describe, expect, it } from 'vitest';
import { getProgressPercent, getStepStatus, getWizardStepNumber } from './wizard';

describe('getStepStatus (completed if its index is less than the current one)', () => {
  it.each([
    [1, 1, 'in-progress'],
    [2, 1, 'pending'],
    [3, 1, 'pending'],
    [1, 2, 'completed'],
    [2, 2, 'in-progress'],
    [1, 3, 'completed'],
    [2, 3, 'completed'],
    [3, 3, 'in-progress'],
  ] as const)('step %d while on step %d is %s', (step, current, status) => {
    expect(getStepStatus(step, current)).toBe(status);
  });
});

describe('getProgressPercent (step / 3, rounded)', () => {
  it.each([
    [0, 0],
    [1, 33],
    [2, 67],
    [3, 100],
    [4, 100],
  ])('step %d → %d %', (step, percent) => {
    expect(getProgressPercent(step)).toBe(percent);
  });

  it('is 0 for a wizard without steps', () => {
    expect(getProgressPercent(1, 0)).toBe(0);
  });
});

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
