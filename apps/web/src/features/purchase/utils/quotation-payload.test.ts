import { createQuotationSchema } from '@bima/domain';
import { describe, expect, it } from 'vitest';
import { sampleProduct } from '../../../lib/motor-test-fixtures';
import { buildCreateQuotationPayload, type QuotationPayloadInput } from './quotation-payload';

const vehicle = {
  make: 'Toyota',
  model: 'Harrier',
  registrationNumber: 'KDA 123B',
  chassisNumber: 'JTEBU5JR5K5123456',
};
const client = {
  email: 'wanjiru@example.co.ke',
  kraPin: 'A123456789X',
  names: { firstName: 'Wanjiru', lastName: 'Kamau' },
};
const flow: QuotationPayloadInput['flow'] = {
  vehicleValue: 1_500_000,
  selectedOptionalBenefits: [
    {
      benefitSystemRef: 'JUB-PVT',
      benefit_category_name: 'Political Violence and Terrorism',
      benefitType: 'optional',
    },
  ],
  coreBenefitLimits: { '11': 10_000_000, '12': 0 },
  excessAmounts: { collision: 4_000_000 },
  coverDetails: { coverPeriod: '180', startDate: '2026-04-01' },
};

describe('buildCreateQuotationPayload', () => {
  it('builds spec-2 §3 payload with the benefits, excesses and vehicle the premium was priced with', () => {
    const payload = buildCreateQuotationPayload({ flow, product: sampleProduct, vehicle, client });
    expect(payload).toEqual({
      // The KES 1,500,000 entered, as its cents (issue 29).
      risks: [{ riskType: 'ASSET', value: 150_000_000, riskRef: 'KDA 123B', details: {} }],
      bussinessType: 'DIRECT',
      productSystemRef: 'JUB-MP-ELITE',
      clientDetails: {
        email: 'wanjiru@example.co.ke',
        kraPin: 'A123456789X',
        names: { fname: 'Wanjiru', lname: 'Kamau' },
        kyc: {},
      },
      coverPeriod: 180,
      quotationChannel: 'web',
      coverDetails: { startDate: '2026-04-01' },
      additionalBenefits: [
        {
          benefitSystemRef: 'JUB-PVT',
          benefit_category_name: 'Political Violence and Terrorism',
          benefitType: 'optional',
        },
        {
          benefitSystemRef: 'JUB-WINDSCREEN',
          benefit_category_name: 'Windscreen Cover',
          benefitType: 'inbuilt',
          params: { limit: 10_000_000 },
        },
      ],
      excesses: [{ id: 'collision', amount: 4_000_000 }],
      vehicleDetails: vehicle,
      paymentPlan: 'annual',
    });
    expect(createQuotationSchema.safeParse(payload).success).toBe(true);
  });

  it('sends the monthly plan when the client chose to pay monthly (issue 31)', () => {
    const payload = buildCreateQuotationPayload({
      flow,
      product: sampleProduct,
      vehicle,
      client,
      paymentPlan: 'monthly',
    });
    expect(payload.paymentPlan).toBe('monthly');
    expect(createQuotationSchema.parse(payload).paymentPlan).toBe('monthly');
  });

  it('sends no value for third-party cover', () => {
    const product = { ...sampleProduct, coverType: 'third-party' as const };
    const payload = buildCreateQuotationPayload({
      flow: { ...flow, vehicleValue: 0 },
      product,
      vehicle,
      client,
    });
    expect(payload.risks[0]?.value).toBeNull();
    expect(createQuotationSchema.safeParse(payload).success).toBe(true);
  });

  it('falls back to 365 days when no period was chosen', () => {
    const payload = buildCreateQuotationPayload({
      flow: { ...flow, coverDetails: { coverPeriod: '', startDate: '2026-04-01' } },
      product: sampleProduct,
      vehicle,
      client,
    });
    expect(payload.coverPeriod).toBe(365);
  });
});
