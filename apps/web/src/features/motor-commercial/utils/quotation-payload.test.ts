import { describe, expect, it } from 'vitest';
import { buildCommercialQuotation, splitFullName } from './quotation-payload';

const risk = {
  coverType: 'comprehensive-commercial' as const,
  vehicleValue: 2_500_000,
  vehicleType: 'lorry' as const,
  tonnageCapacity: 10,
  usageDetails: { primaryUse: 'general-cartage' as const, goodsCarried: 'Cement', routes: 'Nairobi–Mombasa' },
};
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
const kyc = {
  fullName: 'Wanjiru Njeri Kamau',
  idNumber: '29876543',
  kraPin: 'A123456789Z',
  phoneNumber: '0712345678',
  email: 'w@example.co.ke',
  address: 'Plot 12, Mombasa Road',
};

describe('the commercial quotation payload', () => {
  it('carries the risk as details, the vehicle, the KYC and a year from the start date', () => {
    const payload = buildCommercialQuotation({
      risk,
      productSystemRef: 'JUB-MC-STD',
      vehicle,
      kyc,
      startDate: '2026-11-24',
    });
    expect(payload).toEqual({
      // The risk's value in cents (issue 29); its details keep the shillings entered.
      risks: [{ riskType: 'ASSET', value: 250_000_000, riskRef: 'KCX 456T', details: risk }],
      bussinessType: 'DIRECT',
      productSystemRef: 'JUB-MC-STD',
      clientDetails: {
        email: 'w@example.co.ke',
        kraPin: 'A123456789Z',
        names: { fname: 'Wanjiru', lname: 'Njeri Kamau' },
        kyc,
      },
      coverPeriod: 365,
      quotationChannel: 'web',
      coverDetails: { startDate: '2026-11-24' },
      additionalBenefits: [],
      excesses: [],
      vehicleDetails: vehicle,
    });
  });

  it('values third-party cover at nothing', () => {
    const payload = buildCommercialQuotation({
      risk: { ...risk, coverType: 'third-party-commercial', vehicleValue: 0 },
      productSystemRef: 'CIC-MC-TPO',
      vehicle,
      kyc,
      startDate: '2026-11-24',
    });
    expect(payload.risks[0]?.value).toBeNull();
  });

  it.each([
    ['Wanjiru Kamau', { fname: 'Wanjiru', lname: 'Kamau' }],
    ['  Otieno  ', { fname: 'Otieno', lname: 'Otieno' }],
    ['Amina Wairimu Hassan', { fname: 'Amina', lname: 'Wairimu Hassan' }],
  ])('splits %s into first and last names', (name, expected) => {
    expect(splitFullName(name)).toEqual(expected);
  });
});
