/** The five criteria of spec-2 §5: length 8+, a lowercase letter, an uppercase letter, a digit, a symbol. */
export function scorePassword(password: string): number {
  return [
    password.length >= 8,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
}

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

/** 0–1 Weak, 2 Fair, 3 Good, 4–5 Strong. */
export function labelPasswordStrength(score: number): PasswordStrengthLabel {
  if (score <= 1) return 'Weak';
  if (score === 2) return 'Fair';
  if (score === 3) return 'Good';
  return 'Strong';
}

export const MIN_PASSWORD_LENGTH = 8;
export const MIN_PASSWORD_SCORE = 2;
