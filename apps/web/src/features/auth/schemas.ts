import { ACCOUNT_MESSAGES, emailSchema, loginSchema, namesSchema, newPasswordSchema } from '@bima/domain';
import { z } from 'zod';

/** Sign-in form: the domain's login rules (the e-mail is sent as `username`). */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: loginSchema.shape.password,
});
export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginForm = z.output<typeof loginFormSchema>;

/** Sign-up form: first and last name and e-mail (spec-2 §5). */
export const signupFormSchema = z.object({
  firstName: namesSchema.shape.firstName,
  lastName: namesSchema.shape.lastName,
  email: emailSchema,
});
export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupForm = z.output<typeof signupFormSchema>;

/** Password-reset request: the account's e-mail. */
export const resetRequestFormSchema = z.object({ email: emailSchema });
export type ResetRequestFormInput = z.input<typeof resetRequestFormSchema>;
export type ResetRequestForm = z.output<typeof resetRequestFormSchema>;

/**
 * Set-password form: 8+ characters, strength Fair or better (the domain's new-password rule) and a
 * matching confirmation ('Passwords do not match', checked even while the password is still invalid).
 */
export const setPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: ACCOUNT_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof value?.password === 'string' && typeof value?.confirmPassword === 'string';
    },
  });
export type SetPasswordForm = z.output<typeof setPasswordFormSchema>;

/** Accepting a staff invitation: the e-mailed 4-digit code, then a new password as on set-password. */
export const acceptInvitationFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{4}$/, ACCOUNT_MESSAGES.codeInvalid),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: ACCOUNT_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });
export type AcceptInvitationFormInput = z.input<typeof acceptInvitationFormSchema>;
export type AcceptInvitationForm = z.output<typeof acceptInvitationFormSchema>;
