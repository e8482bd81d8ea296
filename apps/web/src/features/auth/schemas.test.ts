import { describe, expect, it } from 'vitest';
import { loginFormSchema, setPasswordFormSchema, signupFormSchema } from './schemas';

function messages(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  // The first issue of each field wins, as in the form resolver.
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('setPasswordFormSchema', () => {
  it('accepts a Fair password that matches', () => {
    expect(
      setPasswordFormSchema.safeParse({ password: 'abcdefgh', confirmPassword: 'abcdefgh' }).success,
    ).toBe(true);
  });

  it('needs at least 8 characters', () => {
    expect(messages(setPasswordFormSchema.safeParse({ password: 'Ab1!', confirmPassword: 'Ab1!' }))).toEqual({
      password: 'Password must be at least 8 characters long',
    });
  });

  it('says the passwords do not match, even while the password is too short', () => {
    expect(messages(setPasswordFormSchema.safeParse({ password: 'Ab1!', confirmPassword: 'x' }))).toEqual({
      password: 'Password must be at least 8 characters long',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('says a password over 200 characters is too long, and only that', () => {
    const long = `Aa1!${'x'.repeat(197)}`;
    const result = setPasswordFormSchema.safeParse({ password: long, confirmPassword: long });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at most 200 characters.',
    ]);
    expect(messages(loginFormSchema.safeParse({ email: 'a@b.co', password: long }))).toEqual({
      password: 'Password must be at most 200 characters.',
    });
  });

  it('accepts 8 digits: length plus one character class already scores 2 (Fair)', () => {
    expect(
      setPasswordFormSchema.safeParse({ password: '12345678', confirmPassword: '12345678' }).success,
    ).toBe(true);
  });
});

describe('signup and login forms', () => {
  it('use the spec messages', () => {
    expect(messages(signupFormSchema.safeParse({ firstName: '', lastName: 'K4', email: 'x' }))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name should only contain letters',
      email: 'Please enter a valid email address',
    });
    expect(messages(loginFormSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Email address is required',
      password: 'Password is required',
    });
  });

  it('normalises the e-mail', () => {
    expect(loginFormSchema.parse({ email: ' Wanjiru@Example.CO.KE ', password: 'x' }).email).toBe(
      'wanjiru@example.co.ke',
    );
  });
});
