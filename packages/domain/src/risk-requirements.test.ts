import { describe, expect, it } from 'vitest';
import { missingRiskDetails, vehicleSchemaOf } from './risk-requirements';

const TODAY = '2026-06-01';
const fullVehicle = {
  make: 'Toyota',
  model: 'Harrier',
  registrationNumber: 'KDA 123B',
  chassisNumber: 'JTEBU5JR5K5123456',
  engineNumber: '2GR-1234567',
  engineCapacity: 2500,
  fuelType: 'Petrol',
  bodyType: 'SUV',
  usePurpose: 'private',
  colour: 'White',
  yearOfManufacture: 2019,
  antiTheftDevice: 'no',
  modifications: 'no',
};
const commercialVehicle = {
  make: 'Isuzu',
  model: 'FRR',
  registrationNumber: 'KCB 456C',
  chassisNumber: 'JALFRR90PK7000001',
  engineNumber: '6HK1-778899',
  engineCapacity: 7790,
  bodyType: 'Box body',
  fuelType: 'Diesel',
  purpose: 'Carrying own goods',
  modifications: 'no',
  yearOfManufacture: 2018,
};
const profileKyc = {
  kraPin: 'A123456789X',
  phone: '0712345678',
  address: 'Ngong Road, Nairobi',
  clientType: 'INDIVIDUAL',
};
const classKyc = {
  fullName: 'Wanjiru Kamau',
  idNumber: '12345678',
  kraPin: 'A123456789X',
  phoneNumber: '0712345678',
  email: 'wanjiru@example.co.ke',
  address: 'Ngong Road, Nairobi',
};
const lorry = {
  coverType: 'comprehensive-commercial',
  vehicleValue: 2_500_000,
  vehicleType: 'lorry',
  tonnageCapacity: 10,
  usageDetails: { primaryUse: 'own-goods', goodsCarried: 'Building materials', routes: 'Nairobi–Nakuru' },
};
const home = {
  buildingValue: 5_000_000,
  contentsValue: 1_000_000,
  location: { county: 'Nairobi', town: 'Kileleshwa' },
  construction: 'stone-tile',
  occupancy: 'owner-occupied',
};
const shop = {
  premisesType: 'house',
  contentsValue: 500_000,
  highValueItems: [{ description: 'Laptop', value: 200_000 }],
  security: { alarm: true, guard: false, burglarBars: true, electricFence: false },
};
const fieldsOf = (options: Parameters<typeof missingRiskDetails>[0]) =>
  missingRiskDetails(options).map((missing) => missing.field);

describe('missingRiskDetails: what a quotation lacks before its policy may be bought', () => {
  it.each([
    {
      name: 'motor private comprehensive, complete',
      options: {
        classCode: '07',
        coverType: 'comprehensive',
        vehicle: fullVehicle,
        clientDetails: profileKyc,
      },
      missing: [],
    },
    {
      name: "motor private comprehensive with a recommendation's plate and chassis only",
      options: {
        classCode: '07',
        coverType: 'comprehensive',
        vehicle: { registrationNumber: 'KDC321D', chassisNumber: 'JTEBU5JR5K5765432' },
        clientDetails: profileKyc,
      },
      missing: ['vehicleDetails.make', 'vehicleDetails.model', 'vehicleDetails.engineNumber'],
    },
    {
      name: 'motor private third-party needs only make, model, plate and chassis',
      options: {
        classCode: '07',
        coverType: 'third-party',
        vehicle: {
          make: 'Mazda',
          model: 'Demio',
          registrationNumber: 'KDC321D',
          chassisNumber: 'JTEBU5JR5K5765432',
        },
        clientDetails: profileKyc,
      },
      missing: [],
    },
    {
      name: "motor private with the profile's 'N/A' KRA PIN",
      options: {
        classCode: '07',
        coverType: 'comprehensive',
        vehicle: fullVehicle,
        clientDetails: { ...profileKyc, kraPin: 'N/A', address: null },
      },
      missing: ['kyc.kraPin', 'kyc.address'],
    },
    {
      name: 'motor commercial without its engine number',
      options: {
        classCode: '08',
        coverType: 'comprehensive-commercial',
        vehicle: { ...commercialVehicle, engineNumber: '' },
        clientDetails: { kyc: classKyc },
        riskDetails: lorry,
      },
      missing: ['vehicleDetails.engineNumber'],
    },
    {
      name: 'motor commercial without the year of manufacture its certificate shows',
      options: {
        classCode: '08',
        coverType: 'comprehensive-commercial',
        vehicle: { ...commercialVehicle, yearOfManufacture: undefined },
        clientDetails: { kyc: classKyc },
        riskDetails: lorry,
      },
      missing: ['vehicleDetails.yearOfManufacture'],
    },
    {
      name: 'fire domestic insures no vehicle but needs its KYC',
      options: {
        classCode: '03',
        coverType: 'fire-domestic',
        vehicle: {},
        clientDetails: {},
        riskDetails: home,
      },
      missing: ['kyc.fullName', 'kyc.idNumber'],
    },
    {
      name: "fire domestic without its risk (a motor recommendation's product of another class)",
      options: {
        classCode: '03',
        coverType: 'fire-domestic',
        vehicle: {},
        clientDetails: { kyc: classKyc },
        riskDetails: {},
      },
      missing: ['risk.construction', 'risk.occupancy'],
    },
    {
      name: 'theft, complete',
      options: {
        classCode: '05',
        coverType: 'burglary',
        vehicle: {},
        clientDetails: { kyc: classKyc },
        riskDetails: shop,
      },
      missing: [],
    },
  ])('$name', ({ options, missing }) => {
    const fields = fieldsOf({ ...options, today: TODAY } as Parameters<typeof missingRiskDetails>[0]);
    if (missing.length === 0) expect(fields).toEqual([]);
    else expect(fields).toEqual(expect.arrayContaining(missing));
  });

  it('names every missing field with the message its form shows', () => {
    const missing = missingRiskDetails({
      classCode: '07',
      coverType: 'comprehensive',
      vehicle: { registrationNumber: 'KDC321D' },
      clientDetails: profileKyc,
      today: TODAY,
    });
    expect(missing).toContainEqual({ field: 'vehicleDetails.make', message: 'Vehicle make is required' });
    expect(missing).toContainEqual({
      field: 'vehicleDetails.yearOfManufacture',
      message: 'Year of manufacture is required',
    });
  });

  it('a class that insures no vehicle has no vehicle schema', () => {
    expect(vehicleSchemaOf({ classCode: '03', coverType: 'fire-domestic', today: TODAY })).toBeNull();
    expect(vehicleSchemaOf({ classCode: '07', coverType: 'third-party', today: TODAY })).not.toBeNull();
  });
});
