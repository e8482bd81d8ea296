import countries from 'i18n-iso-countries';
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  codeSchema,
  emailSchema,
  MAX_PASSWORD_LENGTH,
  namesSchema,
  newPasswordSchema,
  updateClientSchema,
} from './account';
import { parseKenyanPhone } from './identifiers';
import { choiceSchema } from './numbers';

/*
 * The editable User Profile and the KYC identity (nationality, ID type). Not exported from the
 * package index: the country and phone data (i18n-iso-countries, libphonenumber-js) stay out of
 * the landing page's JavaScript and load only with the screens that ask for a country.
 */

/** Messages of the profile and KYC identity rules; Swahili in locales/sw.messages.json. */
export const PROFILE_MESSAGES = {
  countryInvalid: 'Choose a country from the list.',
  phoneInvalid: 'Enter a valid phone number for the chosen country.',
  idTypeRequired: 'ID type is required.',
  idNumberRequired: 'ID number is required.',
  nationalIdInvalid: 'A National ID number has 6 to 8 digits.',
  passportInvalid: 'A passport number has 6 to 9 letters or digits.',
  alienIdInvalid: 'An Alien ID number has 6 to 9 digits.',
  nationalIdCitizensOnly: 'A National ID is for Kenyan citizens. Choose Passport or Alien ID.',
  alienIdResidentsOnly:
    'An Alien ID is for residents who are not Kenyan citizens. Choose National ID or Passport.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  samePassword: 'The new password must differ from the current one.',
  sameEmail: 'This is already your e-mail address.',
  emailTaken: 'An account with this e-mail already exists.',
  samePhone: 'This is already your phone number.',
  changeNotPending: 'This change has expired or was already made. Start again.',
} as const;

/** Kenya: the default nationality and phone country (spec-2 §9: country KE, calling code 254). */
export const DEFAULT_COUNTRY = 'KE';

/** Whether a code is an ISO 3166-1 alpha-2 country code. */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

export const countryCodeSchema = z
  .string({ error: PROFILE_MESSAGES.countryInvalid })
  .trim()
  .transform((code) => code.toUpperCase())
  .refine(isCountryCode, PROFILE_MESSAGES.countryInvalid);

/**
 * A phone number of any country, validated with libphonenumber-js: `country` is the country whose
 * number is typed without a +code (Kenya by default). Answers the number in E.164 (+254712345678),
 * or null when it is not a valid number there.
 */
export function normalisePhone(options: { phone: string; country?: string }): string | null {
  const country = (options.country ?? DEFAULT_COUNTRY).toUpperCase();
  if (!isSupportedCountry(country)) return null;
  // A Kenyan number in any of the forms Kenyans type (parseKenyanPhone), then checked as any other.
  const kenyan =
    country === DEFAULT_COUNTRY || /^\s*(?:\+|00)\s*254/.test(options.phone)
      ? parseKenyanPhone(options.phone)
      : null;
  const parsed = parsePhoneNumberFromString(kenyan?.e164 ?? options.phone.trim(), country as CountryCode);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** The profile's phone: other countries allowed (the M-Pesa number stays a Kenyan +254 one). */
export const profilePhoneSchema = z
  .object({
    country: countryCodeSchema.default(DEFAULT_COUNTRY),
    phone: z
      .string({ error: ACCOUNT_MESSAGES.phoneRequired })
      .trim()
      .min(1, { message: ACCOUNT_MESSAGES.phoneRequired, abort: true })
      .max(30, PROFILE_MESSAGES.phoneInvalid),
  })
  .transform((value, context) => {
    const e164 = normalisePhone(value);
    if (!e164) {
      context.addIssue({ code: 'custom', path: ['phone'], message: PROFILE_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return { country: value.country, phone: e164 };
  });

export const ID_TYPES = ['NATIONAL_ID', 'PASSPORT', 'ALIEN_ID'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** The shape of each ID type's number (upper-cased, spaces removed). */
export const ID_NUMBER_PATTERNS: Readonly<Record<IdType, RegExp>> = {
  NATIONAL_ID: /^\d{6,8}$/,
  PASSPORT: /^[A-Z0-9]{6,9}$/,
  ALIEN_ID: /^\d{6,9}$/,
};

const ID_NUMBER_MESSAGES: Readonly<Record<IdType, string>> = {
  NATIONAL_ID: PROFILE_MESSAGES.nationalIdInvalid,
  PASSPORT: PROFILE_MESSAGES.passportInvalid,
  ALIEN_ID: PROFILE_MESSAGES.alienIdInvalid,
};

/** The ID types a person of a nationality may use: National ID for Kenyans, Alien ID for others. */
export function idTypesFor(nationality: string): IdType[] {
  return nationality.toUpperCase() === DEFAULT_COUNTRY
    ? ['NATIONAL_ID', 'PASSPORT']
    : ['PASSPORT', 'ALIEN_ID'];
}

/** The first problem of an identity (field and message), or null when it holds. */
export function checkIdentity(options: {
  nationality: string;
  idType: IdType;
  idNumber: string;
}): { field: 'idType' | 'idNumber'; message: string } | null {
  const { nationality, idType, idNumber } = options;
  if (!idTypesFor(nationality).includes(idType)) {
    const message =
      idType === 'NATIONAL_ID'
        ? PROFILE_MESSAGES.nationalIdCitizensOnly
        : PROFILE_MESSAGES.alienIdResidentsOnly;
    return { field: 'idType', message };
  }
  if (!ID_NUMBER_PATTERNS[idType].test(idNumber))
    return { field: 'idNumber', message: ID_NUMBER_MESSAGES[idType] };
  return null;
}

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const identityFields = {
  /** Left out, the nationality already stored stays (Kenya for a new client). */
  nationality: countryCodeSchema.optional(),
  idType: z.preprocess(blankToUndefined, choiceSchema(ID_TYPES, PROFILE_MESSAGES.idTypeRequired).optional()),
  idNumber: z.preprocess(
    blankToUndefined,
    z
      .string({ error: PROFILE_MESSAGES.idNumberRequired })
      .max(30, PROFILE_MESSAGES.passportInvalid)
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .optional(),
  ),
};

/**
 * `client / client / updateClient` with the identity: the spec-2 KYC fields plus nationality (Kenya
 * when none is stored), ID type and ID number. The identity may be left out (callers from before it existed),
 * but an ID type needs its number, a number its type, and both must suit the nationality.
 */
export const kycSchema = updateClientSchema.extend(identityFields).superRefine((value, context) => {
  if (!value.idType && !value.idNumber) return;
  if (!value.idType) {
    context.addIssue({ code: 'custom', path: ['idType'], message: PROFILE_MESSAGES.idTypeRequired });
    return;
  }
  if (!value.idNumber) {
    context.addIssue({ code: 'custom', path: ['idNumber'], message: PROFILE_MESSAGES.idNumberRequired });
    return;
  }
  const problem = checkIdentity({
    nationality: value.nationality ?? DEFAULT_COUNTRY,
    idType: value.idType,
    idNumber: value.idNumber,
  });
  if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});
export type KycInput = z.infer<typeof kycSchema>;

export const updateNamesSchema = z.object({ names: namesSchema });
export type UpdateNamesInput = z.infer<typeof updateNamesSchema>;

export const requestEmailChangeSchema = z.object({ email: emailSchema });

const changeRefSchema = z
  .string({ error: PROFILE_MESSAGES.changeNotPending })
  .uuid(PROFILE_MESSAGES.changeNotPending);

export const confirmChangeSchema = z.object({ changeRef: changeRefSchema, code: codeSchema });
export type ConfirmChangeInput = z.infer<typeof confirmChangeSchema>;

export const requestPhoneChangeSchema = profilePhoneSchema;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: PROFILE_MESSAGES.currentPasswordRequired })
      .min(1, PROFILE_MESSAGES.currentPasswordRequired)
      .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
    newPassword: newPasswordSchema,
  })
  .refine((value) => value.currentPassword !== value.newPassword, {
    path: ['newPassword'],
    message: PROFILE_MESSAGES.samePassword,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form: the action's fields plus the confirmation (spec-2 'Passwords do not match'). */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z
      .string({ error: PROFILE_MESSAGES.currentPasswordRequired })
      .min(1, PROFILE_MESSAGES.currentPasswordRequired)
      .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: ACCOUNT_MESSAGES.passwordMismatch }),
  })
  .superRefine((value, context) => {
    if (value.currentPassword === value.newPassword) {
      context.addIssue({ code: 'custom', path: ['newPassword'], message: PROFILE_MESSAGES.samePassword });
    }
    if (value.newPassword !== value.confirmPassword) {
      context.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: ACCOUNT_MESSAGES.passwordMismatch,
      });
    }
  });

/** The code form of an e-mail or phone change. */
export const changeCodeFormSchema = z.object({ code: codeSchema });
