import { describe, expect, it } from 'vitest';
import { getProgressPercent, getStepStatus } from './wizard-stepper';

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
    expect(getProgressPercent(step, 3)).toBe(percent);
  });

  it('is 0 for a wizard without steps', () => {
    expect(getProgressPercent(1, 0)).toBe(0);
  });
});
