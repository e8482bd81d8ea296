import { z } from 'zod';
import { type KenyanPhone, KRA_PIN_PATTERN, parseKenyanPhone } from './identifiers';
import { choiceSchema } from './numbers';
import { MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, scorePassword } from './password-strength';

/** The longest password accepted anywhere (sign-in, set-password, reset). */
export const MAX_PASSWORD_LENGTH = 200;

/** Messages of spec-2 §5 and §8 for accounts and KYC, word for word. */
export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email address is required',
  emailInvalid: 'Please enter a valid email address',
  firstNameRequired: 'First name is required',
  firstNameLetters: 'First name should only contain letters',
  lastNameRequired: 'Last name is required',
  lastNameLetters: 'Last name should only contain letters',
  passwordRequired: 'Password is required',
  passwordLength: 'Password must be at least 8 characters long',
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  passwordMismatch: 'Passwords do not match',
  passwordWeak: 'Choose a stronger password: mix upper and lower case letters, digits and symbols.',
  codeInvalid: 'Please enter a valid 4-digit code',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid Kenyan phone number (e.g., 0712345678 or +254712345678)',
  kraPinRequired: 'KRA PIN is required',
  kraPinInvalid: 'Please enter a valid KRA PIN (e.g., A123456789X)',
  accountTypeRequired: 'Account type is required',
  accountTypeInvalid: 'Account type must be one of: INDIVIDUAL, CORPORATE.',
  addressRequired: 'Physical address is required',
  addressLength: 'Address must be at least 10 characters long',
  authenticationFailed: 'Invalid e-mail or password.',
} as const;

/**
 * A Kenyan phone field (KYC, staff forms, M-Pesa): the number as people type it, read by
 * `parseKenyanPhone` — the one parser — and answered in `format` ('local' 0712345678, 'e164'
 * +254712345678, 'msisdn' 254712345678). `mobileOnly`: a number M-Pesa can reach (07xx, 01xx).
 */
export function kenyanPhoneSchema(options: {
  required: string;
  invalid: string;
  format: Exclude<keyof KenyanPhone, 'isMobile' | 'national'>;
  mobileOnly?: boolean;
}) {
  return z
    .string({ error: options.required })
    .trim()
    .min(1, { message: options.required, abort: true })
    .max(40, { message: options.invalid, abort: true })
    .transform((typed, context) => {
      const phone = parseKenyanPhone(typed);
      if (!phone || (options.mobileOnly && !phone.isMobile)) {
        context.addIssue({ code: 'custom', message: options.invalid });
        return z.NEVER;
      }
      return phone[options.format];
    });
}

const NAME_PATTERN = /^[A-Za-z][A-Za-z\s'-]*$/;

export const emailSchema = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, { message: ACCOUNT_MESSAGES.emailRequired, abort: true })
  .max(254, ACCOUNT_MESSAGES.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, ACCOUNT_MESSAGES.emailInvalid)
  .transform((email) => email.toLowerCase());

/** A person's first or last name: letters, spaces, apostrophes and hyphens (Ng'ang'a, Wanjiru-Kamau). */
export const personNameSchema = (required: string, letters: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .max(80, letters)
    .regex(NAME_PATTERN, letters);

export const namesSchema = z.object(
  {
    firstName: personNameSchema(ACCOUNT_MESSAGES.firstNameRequired, ACCOUNT_MESSAGES.firstNameLetters),
    lastName: personNameSchema(ACCOUNT_MESSAGES.lastNameRequired, ACCOUNT_MESSAGES.lastNameLetters),
  },
  { error: ACCOUNT_MESSAGES.firstNameRequired },
);

/** A new password: 8+ characters and at least 'Fair' on the strength meter. */
export const newPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordLength)
  .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooLong)
  .refine((password) => scorePassword(password) >= MIN_PASSWORD_SCORE, {
    message: ACCOUNT_MESSAGES.passwordWeak,
    // A password refused for its length is not also called weak.
    when: (payload) => typeof payload.value === 'string' && payload.value.length <= MAX_PASSWORD_LENGTH,
  });

/** What the client says about the device signing in, kept with the session. */
export const loginDeviceSchema = z.record(z.string(), z.unknown()).optional().default({});

export const codeSchema = z
  .string({ error: ACCOUNT_MESSAGES.codeInvalid })
  .trim()
  .regex(/^\d{4}$/, ACCOUNT_MESSAGES.codeInvalid);

export const createUserSchema = z.object({ email: emailSchema, names: namesSchema });
export const registrationValidationSchema = z.object({
  registrationId: z.string({ error: 'Registration id is required.' }).uuid('Registration id is not valid.'),
  registrationCode: codeSchema,
});
export const setPasswordSchema = z.object({
  registrationId: z.string({ error: 'Registration id is required.' }).uuid('Registration id is not valid.'),
  username: emailSchema,
  password: newPasswordSchema,
  /** Setting the first password signs the user in; the device is kept as `login` keeps it. */
  loginDevice: loginDeviceSchema,
});
export const loginSchema = z.object({
  username: emailSchema,
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
  loginDevice: loginDeviceSchema,
});
export const refreshSchema = z.object({
  refreshToken: z.string({ error: 'Refresh token is required.' }).min(20).max(200),
});
export const forgotPasswordRequestSchema = z.object({ username: emailSchema });
export const forgotPasswordValidationSchema = z.object({
  forgotPasswordSystemRef: z
    .string({ error: 'Reset reference is required.' })
    .uuid('Reset reference is not valid.'),
  code: codeSchema,
  /** The secret of the e-mailed reset link: the code is compared only with it. */
  key: z.string().max(100).optional(),
});
export const resetPasswordSchema = z.object({
  forgotPasswordSystemRef: z
    .string({ error: 'Reset reference is required.' })
    .uuid('Reset reference is not valid.'),
  newPassword: newPasswordSchema,
});
export const resendRegistrationCodeSchema = z.object({
  registrationId: z.string({ error: 'Registration id is required.' }).uuid('Registration id is not valid.'),
});
export const resendResetCodeSchema = z.object({
  forgotPasswordSystemRef: z
    .string({ error: 'Reset reference is required.' })
    .uuid('Reset reference is not valid.'),
});

export const CLIENT_TYPES = ['INDIVIDUAL', 'CORPORATE'] as const;

/** `client / client / updateClient`: the KYC details. */
export const updateClientSchema = z.object({
  kraPin: z
    .string({ error: ACCOUNT_MESSAGES.kraPinRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.kraPinRequired)
    .transform((pin) => pin.toUpperCase())
    .pipe(z.string().regex(KRA_PIN_PATTERN, ACCOUNT_MESSAGES.kraPinInvalid)),
  phone: kenyanPhoneSchema({
    required: ACCOUNT_MESSAGES.phoneRequired,
    invalid: ACCOUNT_MESSAGES.phoneInvalid,
    format: 'local',
  }),
  address: z
    .string({ error: ACCOUNT_MESSAGES.addressRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.addressRequired)
    .min(10, ACCOUNT_MESSAGES.addressLength)
    .max(300, 'Address is too long.'),
  clientType: choiceSchema(
    CLIENT_TYPES,
    ACCOUNT_MESSAGES.accountTypeRequired,
    ACCOUNT_MESSAGES.accountTypeInvalid,
  ),
});
export type UpdateClientInput = z.infer<typeof updateClientSchema>;

/** What the password-setup page says when its link is broken, used, expired or unknown. */
export const PASSWORD_SETUP_MESSAGES = {
  linkIncomplete: 'This link is not complete. Open the link from the e-mail again.',
  linkUnknown: 'This link is not valid. Open the link from the most recent e-mail.',
  linkUsed: 'This link has already been used. Sign in with your password.',
  linkExpired: 'This link has expired. Ask for a new link.',
} as const;

/** The secret of an e-mailed password-setup link: 32 random bytes, base64url (43 characters). */
export const passwordSetupTokenSchema = z
  .string({ error: PASSWORD_SETUP_MESSAGES.linkIncomplete })
  .regex(/^[A-Za-z0-9_-]{43}$/, PASSWORD_SETUP_MESSAGES.linkIncomplete);

/** `user / registration / checkPasswordSetup`: what a link is (valid, used, expired or unknown). */
export const checkPasswordSetupSchema = z.object({ token: passwordSetupTokenSchema });
/** `user / registration / setUpPassword`: the link's token and the new password; the answer is login's. */
export const setUpPasswordSchema = z.object({
  token: passwordSetupTokenSchema,
  password: newPasswordSchema,
  loginDevice: loginDeviceSchema,
});
/** `user / registration / requestPasswordSetupLink`: a new link for an expired one, to the same address. */
export const requestPasswordSetupLinkSchema = z.object({ token: passwordSetupTokenSchema });

/** The languages a user's e-mails and notifications are written in. */
export const USER_LANGUAGES = ['en', 'sw'] as const;

export const USER_LANGUAGE_MESSAGES = {
  languageInvalid: 'Choose English or Kiswahili.',
  accountNotFound: 'Account not found.',
} as const;

/** `user / profile / setLanguage`: the signed-in user's language ('en' | 'sw'). */
export const setUserLanguageSchema = z.object({
  language: z.enum(USER_LANGUAGES, { error: USER_LANGUAGE_MESSAGES.languageInvalid }),
});
export type SetUserLanguageInput = z.infer<typeof setUserLanguageSchema>;
