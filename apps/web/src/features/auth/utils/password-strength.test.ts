import { describe, expect, it } from 'vitest';
import { listPasswordCriteria, measurePassword } from './password-strength';

describe('measurePassword', () => {
  it.each([
    ['', 0, 'Weak', 0],
    ['abc', 1, 'Weak', 1],
    ['abcdefgh', 2, 'Fair', 2],
    ['abcdefgH', 3, 'Good', 3],
    ['abcdefH1', 4, 'Strong', 4],
    ['Safari-2026!', 5, 'Strong', 4],
    ['ABC1', 2, 'Fair', 2],
  ])('%j scores %i: %s with %i bars', (password, score, label, bars) => {
    expect(measurePassword(password)).toEqual({ score, label, filledBars: bars });
  });
});

describe('listPasswordCriteria', () => {
  it('marks each of the five criteria', () => {
    expect(listPasswordCriteria('abcD3')).toEqual([
      { id: 'length', isMet: false },
      { id: 'lower', isMet: true },
      { id: 'upper', isMet: true },
      { id: 'digit', isMet: true },
      { id: 'symbol', isMet: false },
    ]);
  });
});
