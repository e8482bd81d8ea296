import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { updateClientSchema } from './account';
import { normaliseSearch } from './backoffice-search';
import { settleClaimSchema } from './claims';
import { classKycSchema } from './classes/risks';
import { isChassisNumber, parseKenyanPhone } from './identifiers';
import { intermediaryPhoneSchema } from './intermediaries';
import { loanMpesaPaymentSchema } from './loans';
import { profilePhoneSchema } from './profile';
import {
  fullVehicleSchema,
  MPESA_MESSAGES,
  mpesaPhoneSchema,
  VEHICLE_MESSAGES,
  vehicleIdentitySchema,
} from './purchase';
import { schoolMpesaPaymentSchema } from './school';
import { walletTopUpSchema } from './wallet';

const updateClientPhone = (typed: string) => updateClientSchema.shape.phone.parse(typed);

const identity = {
  make: 'Toyota',
  model: 'Fielder',
  registrationNumber: 'KDA 123B',
};

describe('chassis numbers: a VIN or a Japanese frame number', () => {
  it.each([
    'JTEBU5JR5K5123456',
    'jtdbr32e720123456',
    'NZE161-3012345',
    'nze161-3012345',
    ' GP5-3012345 ',
    'KDH200-0012345',
    'ZVW30-1234567',
    'ZRE142-1234567',
  ])('accepts %s', (value) => {
    expect(isChassisNumber(value)).toBe(true);
    const parsed = vehicleIdentitySchema.safeParse({ ...identity, chassisNumber: value });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.chassisNumber).toBe(value.trim().toUpperCase());
  });

  it.each([
    'SHORT',
    'NZE161',
    'JTEBU5JR5K512345', // 16
    'JTEBU5JR5K51234567', // 18
    'JTEBU5JR5K51234O6', // O is never in a VIN
    'JTEBU5JR5K51234I6',
    'NZE161-30',
    'NZE161 3012345',
    '161NZE-3012345',
  ])("refuses %s with the spec's message", (value) => {
    const parsed = vehicleIdentitySchema.safeParse({ ...identity, chassisNumber: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(VEHICLE_MESSAGES.chassisLength);
  });
});

describe('body types', () => {
  const vehicle = (bodyType: string) => ({
    ...identity,
    chassisNumber: 'NZE161-3012345',
    engineNumber: '1NZ-1234567',
    engineCapacity: 1500,
    fuelType: 'Petrol',
    bodyType,
    usePurpose: 'private',
    colour: 'Silver',
    yearOfManufacture: 2014,
    antiTheftDevice: 'no',
    modifications: 'no',
  });
  const issuesOf = (bodyType: string) =>
    fullVehicleSchema('2026-11-26')
      .safeParse(vehicle(bodyType))
      .error?.issues.filter((issue) => issue.path[0] === 'bodyType')
      .map((issue) => issue.message) ?? [];

  it('accepts body types with digits and hyphens as dealers write them', () => {
    for (const bodyType of ['SUV 4x4', 'Station Wagon', 'Double-cab pick-up', 'Van/Bus']) {
      expect(issuesOf(bodyType), bodyType).toEqual([]);
    }
  });

  it('still refuses what is not a body type', () => {
    expect(issuesOf('4x4')).toEqual([VEHICLE_MESSAGES.bodyTypeLetters]);
    expect(issuesOf('SUV!')).toEqual([VEHICLE_MESSAGES.bodyTypeLetters]);
  });
});

describe('Kenyan phone numbers: every form people type reads as the same number', () => {
  const forms = (national: string) => {
    const [a, b, c] = [national.slice(0, 3), national.slice(3, 6), national.slice(6)];
    return [
      `0${national}`,
      `0${a} ${b} ${c}`,
      `0${a}-${b}-${c}`,
      `+254${national}`,
      `254${national}`,
      national,
      `+254 ${a} ${b} ${c}`,
      `+254 (0)${a} ${b} ${c}`,
      `00254${national}`,
      ` 0${a}.${b}.${c} `,
      `(0${a}) ${b}-${c}`,
    ];
  };

  it.each([
    ['0712345678', '712345678'],
    ['0712 345 678', '712345678'],
    ['0712-345-678', '712345678'],
    ['+254712345678', '712345678'],
    ['254712345678', '712345678'],
    ['712345678', '712345678'],
    ['+254 712 345 678', '712345678'],
    ['0112 345 678', '112345678'],
    ['+254 110 000 111', '110000111'],
    ['112345678', '112345678'],
    ['0202 123 456', '202123456'],
  ])('%s is %s', (typed, national) => {
    const phone = parseKenyanPhone(typed);
    expect(phone).toEqual({
      national,
      local: `0${national}`,
      e164: `+254${national}`,
      msisdn: `254${national}`,
      isMobile: /^[17]/.test(national),
    });
  });

  it.each([
    '',
    '07123',
    '07123456789',
    '071234567a',
    '+1 202 555 0100',
    '+255712345678',
    '812345678',
    '0012345678',
    '2547123456789',
    '+254 012 345 678',
    '7123456789',
  ])('%j is not a Kenyan number', (typed) => {
    expect(parseKenyanPhone(typed)).toBeNull();
  });

  it('property: each way of writing a mobile number gives its nine digits, as M-Pesa takes them', () => {
    const nationalMobile = fc
      .tuple(fc.constantFrom('7', '1'), fc.stringMatching(/^\d{8}$/))
      .map(([first, rest]) => `${first}${rest}`);
    fc.assert(
      fc.property(nationalMobile, (national) => {
        for (const typed of forms(national)) {
          expect(parseKenyanPhone(typed), typed).toMatchObject({ national, isMobile: true });
          expect(mpesaPhoneSchema.parse(typed), typed).toBe(`254${national}`);
          expect(updateClientPhone(typed), typed).toBe(`0${national}`);
          expect(intermediaryPhoneSchema.parse(typed), typed).toBe(`+254${national}`);
          expect(normaliseSearch(typed).phone, typed).toBe(`254${national}`);
        }
      }),
    );
  });

  it('property: a digit more or less is never a number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,8}$|^\d{11}$|^\d{13}$/), (digits) => {
        expect(parseKenyanPhone(digits)).toBeNull();
      }),
    );
  });

  it("the M-Pesa schema refuses a landline (M-Pesa pays mobiles) with the spec's message", () => {
    const parsed = mpesaPhoneSchema.safeParse('0202 123 456');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MPESA_MESSAGES.invalid);
  });

  it.each([
    ['the KYC form', (typed: string) => updateClientSchema.shape.phone.safeParse(typed).success],
    ['the class KYC', (typed: string) => classKycSchema.shape.phoneNumber.safeParse(typed).success],
    ['a firm (staff form)', (typed: string) => intermediaryPhoneSchema.safeParse(typed).success],
    ['M-Pesa checkout', (typed: string) => mpesaPhoneSchema.safeParse(typed).success],
    [
      'the claim payout',
      (typed: string) => settleClaimSchema.safeParse({ id: 1, method: 'mpesa', phone: typed }).success,
    ],
    [
      'a wallet top-up',
      (typed: string) => walletTopUpSchema.safeParse({ amount: 10_000, phone: typed }).success,
    ],
    [
      'school fees',
      (typed: string) => schoolMpesaPaymentSchema.safeParse({ invoiceRef: 'SCH-1', phone: typed }).success,
    ],
    [
      'a loan instalment',
      (typed: string) => loanMpesaPaymentSchema.safeParse({ loanRef: 'LN-1', phone: typed }).success,
    ],
    [
      'the profile (any country, Kenya by default)',
      (typed: string) => profilePhoneSchema.safeParse({ phone: typed }).success,
    ],
  ])('%s accepts every form of 0712 345 678 and 0112 345 678', (_name, accepts) => {
    for (const typed of [...forms('712345678'), ...forms('112345678')])
      expect(accepts(typed), typed).toBe(true);
  });
});
