import { describe, expect, it } from 'vitest';
import { nextProgress } from './progress';

describe('nextProgress', () => {
  it.each([
    [0, 0, 1],
    [0, 0.5, 10],
    [0, 0.999, 20],
    [90, 0.999, 100],
    [100, 0.3, 100],
  ])('from %i with %f → %i', (current, random, next) => {
    expect(nextProgress(current, random)).toBe(next);
  });

  it('always reaches 100 within 100 ticks', () => {
    let value = 0;
    for (let tick = 0; tick < 100; tick += 1) value = nextProgress(value, 0);
    expect(value).toBe(100);
  });
});
