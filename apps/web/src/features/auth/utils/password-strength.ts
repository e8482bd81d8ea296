import {
  labelPasswordStrength,
  type PasswordStrengthLabel,
  scorePassword,
} from '@bima/domain/password-strength';

/** The meter has four bars. */
export const STRENGTH_BARS = 4;

export interface PasswordStrength {
  score: number;
  label: PasswordStrengthLabel;
  /** Bars lit: Weak 1, Fair 2, Good 3, Strong 4; none while the field is empty. */
  filledBars: number;
}

const BARS_BY_LABEL: Record<PasswordStrengthLabel, number> = { Weak: 1, Fair: 2, Good: 3, Strong: 4 };

/** The strength meter's reading of a password (spec-2 §5: 5 criteria, 0–1 Weak … 4–5 Strong). */
export function measurePassword(password: string): PasswordStrength {
  const score = scorePassword(password);
  const label = labelPasswordStrength(score);
  return { score, label, filledBars: password === '' ? 0 : BARS_BY_LABEL[label] };
}

export type PasswordCriterion = 'length' | 'lower' | 'upper' | 'digit' | 'symbol';

/** The five criteria, each met or not, for the checklist under the meter. */
export function listPasswordCriteria(password: string): Array<{ id: PasswordCriterion; isMet: boolean }> {
  return [
    { id: 'length', isMet: password.length >= 8 },
    { id: 'lower', isMet: /[a-z]/.test(password) },
    { id: 'upper', isMet: /[A-Z]/.test(password) },
    { id: 'digit', isMet: /\d/.test(password) },
    { id: 'symbol', isMet: /[^A-Za-z0-9]/.test(password) },
  ];
}
