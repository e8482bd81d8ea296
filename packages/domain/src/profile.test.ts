import { describe, expect, it } from 'vitest';
import { hasSwahili } from './i18n';
import {
  changePasswordSchema,
  checkIdentity,
  idTypesFor,
  isCountryCode,
  kycSchema,
  normalisePhone,
  PROFILE_MESSAGES,
  profilePhoneSchema,
} from './profile';

const KYC = {
  phone: '0712345678',
  kraPin: 'A123456789X',
  clientType: 'INDIVIDUAL',
  address: 'Moi Avenue, Nairobi',
};

describe('country codes', () => {
  it.each([
    ['KE', true],
    ['UG', true],
    ['GB', true],
    ['ke', false],
    ['KEN', false],
    ['XX', false],
    ['', false],
  ])('%s is a country code: %s', (code, expected) => {
    expect(isCountryCode(code)).toBe(expected);
  });
});

describe('profile phone numbers (libphonenumber-js)', () => {
  it.each([
    ['0712345678', 'KE', '+254712345678'],
    ['+254 712 345 678', 'KE', '+254712345678'],
    ['0110123456', 'KE', '+254110123456'],
    ['0772123456', 'UG', '+256772123456'],
    ['+255 754 123 456', 'KE', '+255754123456'],
    ['07911 123456', 'GB', '+447911123456'],
  ])('%s in %s is %s', (phone, country, expected) => {
    expect(normalisePhone({ phone, country })).toBe(expected);
  });

  it.each([
    ['12345', 'KE'],
    ['0712345', 'KE'],
    ['not a phone', 'KE'],
    ['0712345678', 'XX'],
  ])('%s in %s is refused', (phone, country) => {
    expect(normalisePhone({ phone, country })).toBeNull();
  });

  it('defaults to Kenya and names the phone field when the number is wrong', () => {
    expect(profilePhoneSchema.parse({ phone: '0712345678' })).toEqual({
      country: 'KE',
      phone: '+254712345678',
    });
    const result = profilePhoneSchema.safeParse({ country: 'UG', phone: '123' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['phone'],
      message: PROFILE_MESSAGES.phoneInvalid,
    });
  });
});

describe('ID types by nationality', () => {
  it('offers National ID to Kenyans and Alien ID to others; Passport to everyone', () => {
    expect(idTypesFor('KE')).toEqual(['NATIONAL_ID', 'PASSPORT']);
    expect(idTypesFor('UG')).toEqual(['PASSPORT', 'ALIEN_ID']);
  });

  it.each([
    ['KE', 'NATIONAL_ID', '12345678', null],
    ['KE', 'NATIONAL_ID', '123456', null],
    ['KE', 'NATIONAL_ID', '12345', PROFILE_MESSAGES.nationalIdInvalid],
    ['KE', 'NATIONAL_ID', '123456789', PROFILE_MESSAGES.nationalIdInvalid],
    ['KE', 'NATIONAL_ID', 'A1234567', PROFILE_MESSAGES.nationalIdInvalid],
    ['KE', 'PASSPORT', 'AK1234567', null],
    ['UG', 'PASSPORT', 'B1234567', null],
    ['UG', 'PASSPORT', 'B12-4567', PROFILE_MESSAGES.passportInvalid],
    ['UG', 'PASSPORT', 'AB12345678', PROFILE_MESSAGES.passportInvalid],
    ['UG', 'ALIEN_ID', '123456789', null],
    ['UG', 'ALIEN_ID', 'A123456', PROFILE_MESSAGES.alienIdInvalid],
    ['UG', 'NATIONAL_ID', '12345678', PROFILE_MESSAGES.nationalIdCitizensOnly],
    ['KE', 'ALIEN_ID', '12345678', PROFILE_MESSAGES.alienIdResidentsOnly],
  ] as const)('%s %s %s → %s', (nationality, idType, idNumber, message) => {
    expect(checkIdentity({ nationality, idType, idNumber })?.message ?? null).toBe(message);
  });
});

describe('the KYC schema with identity', () => {
  it('checks a missing nationality as Kenyan and upper-cases the ID number', () => {
    const parsed = kycSchema.parse({ ...KYC, idType: 'PASSPORT', idNumber: ' ak 1234567 ' });
    expect(parsed).toMatchObject({ idType: 'PASSPORT', idNumber: 'AK1234567' });
    expect(kycSchema.safeParse({ ...KYC, idType: 'ALIEN_ID', idNumber: '1234567' }).success).toBe(false);
    expect(
      kycSchema.parse({ ...KYC, nationality: 'ug', idType: 'ALIEN_ID', idNumber: '1234567' }),
    ).toMatchObject({
      nationality: 'UG',
    });
  });

  it('puts the identity problem on its field', () => {
    const result = kycSchema.safeParse({
      ...KYC,
      nationality: 'TZ',
      idType: 'NATIONAL_ID',
      idNumber: '12345678',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['idType', PROFILE_MESSAGES.nationalIdCitizensOnly],
    ]);
  });

  it('refuses a country that does not exist', () => {
    const result = kycSchema.safeParse({ ...KYC, nationality: 'ZZ' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['nationality']);
  });

  it('may leave the identity out, but a type needs its number and a number its type', () => {
    expect(kycSchema.parse({ ...KYC, idType: '', idNumber: '' })).toMatchObject({ kraPin: 'A123456789X' });
    const noNumber = kycSchema.safeParse({ ...KYC, idType: 'PASSPORT', idNumber: ' ' });
    expect(noNumber.error?.issues[0]).toMatchObject({
      path: ['idNumber'],
      message: PROFILE_MESSAGES.idNumberRequired,
    });
    const noType = kycSchema.safeParse({ ...KYC, idNumber: '12345678' });
    expect(noType.error?.issues[0]).toMatchObject({
      path: ['idType'],
      message: PROFILE_MESSAGES.idTypeRequired,
    });
  });
});

describe('change password', () => {
  it('refuses a new password equal to the current one', () => {
    const result = changePasswordSchema.safeParse({
      currentPassword: 'Safari-2026!',
      newPassword: 'Safari-2026!',
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['newPassword'],
      message: PROFILE_MESSAGES.samePassword,
    });
  });

  it('requires the current password', () => {
    const result = changePasswordSchema.safeParse({ currentPassword: '', newPassword: 'Another-2026!' });
    expect(result.error?.issues[0]?.message).toBe(PROFILE_MESSAGES.currentPasswordRequired);
  });
});

describe('profile messages in Swahili', () => {
  it('has a Swahili text for every message', () => {
    expect(Object.values(PROFILE_MESSAGES).filter((text) => !hasSwahili(text))).toEqual([]);
  });
});
