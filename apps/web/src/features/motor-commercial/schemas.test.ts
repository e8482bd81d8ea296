import {
  CLASS_MESSAGES,
  COMMERCIAL_KYC_MESSAGES,
  COMMERCIAL_VEHICLE_MESSAGES,
} from '@bima/domain/classes/risks';
import { describe, expect, it } from 'vitest';
import {
  hasPositiveValue,
  kycFormSchema,
  kycFormValues,
  type ValuationFormInput,
  valuationChoicesFrom,
  valuationFormSchema,
  vehicleFormSchema,
  vehicleFormValues,
  vehicleStepStart,
} from './schemas';

const valuation = (patch: Partial<ValuationFormInput> = {}): ValuationFormInput => ({
  coverType: 'comprehensive-commercial',
  vehicleValue: '2500000',
  vehicleType: 'lorry',
  tonnageCapacity: '10',
  usageDetails: { primaryUse: 'general-cartage', goodsCarried: 'Cement', routes: 'Nairobi–Mombasa' },
  ...patch,
});

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('the valuation form', () => {
  it('gives the risk in numbers', () => {
    const result = valuationFormSchema.safeParse(valuation());
    expect(result.success && result.data).toMatchObject({ vehicleValue: 2_500_000, tonnageCapacity: 10 });
  });

  it('asks no value for third-party cover', () => {
    const result = valuationFormSchema.safeParse(
      valuation({ coverType: 'third-party-commercial', vehicleValue: '' }),
    );
    expect(result.success && result.data.vehicleValue).toBe(0);
  });

  it('names each missing answer with the spec messages', () => {
    const result = valuationFormSchema.safeParse(
      valuation({
        vehicleType: '',
        tonnageCapacity: '',
        usageDetails: { primaryUse: '', goodsCarried: ' ', routes: '' },
      }),
    );
    expect(messagesOf(result)).toEqual(
      expect.arrayContaining([
        CLASS_MESSAGES.vehicleTypeRequired,
        CLASS_MESSAGES.tonnageRequired,
        CLASS_MESSAGES.primaryUseRequired,
        CLASS_MESSAGES.goodsCarriedRequired,
        CLASS_MESSAGES.routesRequired,
      ]),
    );
    expect(messagesOf(valuationFormSchema.safeParse(valuation({ vehicleValue: '0' })))).toEqual([
      CLASS_MESSAGES.vehicleValuePositive,
    ]);
    expect(messagesOf(valuationFormSchema.safeParse(valuation({ tonnageCapacity: '61' })))).toEqual([
      CLASS_MESSAGES.tonnageRange,
    ]);
  });

  it.each([
    ['', false],
    ['0', false],
    ['-5', false],
    ['abc', false],
    ['1', true],
    ['2500000', true],
    // Shown back grouped once the field is left: still a value (issue 28).
    ['2,500,000', true],
    ['2 500 000', true],
  ])('Get Quotation waits for a value above 0: %j → %s', (text, ready) => {
    expect(hasPositiveValue(text)).toBe(ready);
  });
});

describe('the vehicle form', () => {
  it('requires every field, the engine capacity as a number', () => {
    const messages = messagesOf(vehicleFormSchema.safeParse(vehicleFormValues(null)));
    expect(messages).toEqual(
      expect.arrayContaining([
        COMMERCIAL_VEHICLE_MESSAGES.make,
        COMMERCIAL_VEHICLE_MESSAGES.model,
        COMMERCIAL_VEHICLE_MESSAGES.registrationNumber,
        COMMERCIAL_VEHICLE_MESSAGES.chassisNumber,
        COMMERCIAL_VEHICLE_MESSAGES.engineNumber,
        COMMERCIAL_VEHICLE_MESSAGES.engineCapacity,
        COMMERCIAL_VEHICLE_MESSAGES.bodyType,
        COMMERCIAL_VEHICLE_MESSAGES.fuelType,
        COMMERCIAL_VEHICLE_MESSAGES.purpose,
        COMMERCIAL_VEHICLE_MESSAGES.modifications,
        COMMERCIAL_VEHICLE_MESSAGES.yearOfManufacture,
      ]),
    );
  });

  it('round-trips a saved vehicle', () => {
    const vehicle = {
      make: 'Isuzu',
      model: 'FVZ',
      registrationNumber: 'KCX 456T',
      chassisNumber: 'JALFVZ34SK7000123',
      engineNumber: '6HK1-123456',
      engineCapacity: 7790,
      bodyType: 'Flatbed',
      fuelType: 'Diesel' as const,
      purpose: 'General cartage',
      modifications: 'no' as const,
      yearOfManufacture: 2018,
    };
    const result = vehicleFormSchema.safeParse(vehicleFormValues(vehicle));
    expect(result.success && result.data).toEqual(vehicle);
  });
});

describe('the KYC form', () => {
  it('is filled in from the profile, leaving a KRA PIN of N/A blank', () => {
    expect(
      kycFormValues(null, {
        email: 'w@example.co.ke',
        names: { firstName: 'Wanjiru', lastName: 'Kamau' },
        kraPin: 'N/A',
        phone: '0712345678',
        address: null,
      }),
    ).toEqual({
      fullName: 'Wanjiru Kamau',
      idNumber: '',
      kraPin: '',
      phoneNumber: '0712345678',
      email: 'w@example.co.ke',
      address: '',
    });
  });

  it('requires every field with the spec messages', () => {
    const messages = messagesOf(kycFormSchema.safeParse(kycFormValues(null, null)));
    expect(messages).toEqual([
      COMMERCIAL_KYC_MESSAGES.fullName,
      COMMERCIAL_KYC_MESSAGES.idNumber,
      COMMERCIAL_KYC_MESSAGES.kraPin,
      COMMERCIAL_KYC_MESSAGES.phoneNumber,
      COMMERCIAL_KYC_MESSAGES.email,
      COMMERCIAL_KYC_MESSAGES.address,
    ]);
  });
});

describe('where the vehicle step starts (issue 30)', () => {
  const found = {
    registrationNumber: 'KCE456D',
    make: 'Isuzu',
    model: 'FRR',
    yearOfManufacture: 2018,
    chassisNumber: 'JALFRR90PJ7000123',
    engineNumber: '4HK1-778899',
    bodyType: 'Lorry',
    engineCapacity: 5193,
    fuelType: 'Diesel' as const,
    colour: 'WHITE',
  };

  it('fills what the register knows; only the purpose and modifications are left to give', () => {
    const start = vehicleStepStart(null, found);
    expect(start).toEqual({
      make: 'Isuzu',
      model: 'FRR',
      registrationNumber: 'KCE 456D',
      chassisNumber: 'JALFRR90PJ7000123',
      engineNumber: '4HK1-778899',
      engineCapacity: '5193',
      bodyType: 'Lorry',
      fuelType: 'Diesel',
      purpose: '',
      modifications: '',
      yearOfManufacture: '2018',
    });
    expect(
      vehicleFormSchema.safeParse({ ...start, purpose: 'Cement deliveries', modifications: 'no' }).success,
    ).toBe(true);
  });

  it("keeps the buyer's vehicle for the same plate, and starts from a newly found other plate", () => {
    const saved = vehicleFormSchema.parse({
      ...vehicleStepStart(null, found),
      purpose: 'Cement deliveries',
      modifications: 'no',
    });
    expect(vehicleStepStart(saved, found).purpose).toBe('Cement deliveries');
    expect(vehicleStepStart(saved, { ...found, registrationNumber: 'KBB111B' })).toMatchObject({
      registrationNumber: 'KBB 111B',
      purpose: '',
    });
    expect(vehicleStepStart(saved, null).purpose).toBe('Cement deliveries');
    expect(vehicleStepStart(null, null)).toEqual(vehicleFormValues(null));
  });
});

describe("the valuation's choices from the found vehicle", () => {
  const vehicle = (bodyType: string, vehicleClass: 'commercial' | 'psv' = 'commercial') => ({
    registrationNumber: 'KCT880M',
    make: 'NISSAN',
    model: 'CARAVAN',
    yearOfManufacture: 2016,
    chassisNumber: 'VW6E25-012345',
    engineNumber: 'ZD30-445566',
    bodyType,
    vehicleClass,
    engineCapacity: 2953,
    fuelType: 'Diesel' as const,
    colour: 'WHITE',
  });
  it.each([
    ['PICK-UP', 'pickup'],
    ['LORRY', 'lorry'],
    ['TIPPER TRUCK', 'lorry'],
    ['PANEL VAN', 'van'],
    ['BUS', 'bus'],
    ['FUEL TANKER', 'tanker'],
    ['PRIME MOVER', 'prime-mover'],
    ['STATION WAGON', ''],
  ])('a %s body is a vehicle of type %o', (bodyType, vehicleType) => {
    expect(valuationChoicesFrom(vehicle(bodyType)).vehicleType).toBe(vehicleType);
  });

  it('a PSV minibus is a matatu used as a public service vehicle; nothing found chooses nothing', () => {
    expect(valuationChoicesFrom(vehicle('MINI BUS', 'psv'))).toEqual({
      vehicleType: 'matatu',
      primaryUse: 'psv',
    });
    expect(valuationChoicesFrom(null)).toEqual({ vehicleType: '', primaryUse: '' });
  });
});
