import { commercialQuoteLinkSchema } from '@bima/domain';
import { describe, expect, it } from 'vitest';
import type { QuotedProductSummary } from '../../../lib/motor-types';
import { decodeJourneyLink, encodeJourneyLink } from '../../../lib/quote-link';
import { type CommercialFlowState, commercialFlowDefaults } from '../stores/commercial-flow';
import { commercialLinkOf, restoreCommercialLink } from './quote-link';

const valuation = {
  vehicleValue: 4_000_000,
  vehicleType: 'lorry' as const,
  tonnageCapacity: 10,
  usageDetails: {
    primaryUse: 'general-cartage' as const,
    goodsCarried: 'Building materials',
    routes: 'Nairobi–Mombasa',
  },
};
const plan = {
  productSystemRef: 'APA-MC-LORRY',
  productName: 'APA Lorry',
  premium: 120_000,
} as QuotedProductSummary;
const atQuote: CommercialFlowState = {
  ...commercialFlowDefaults,
  step: 3,
  coverType: 'comprehensive-commercial',
  valuation,
};

describe('the motor commercial quote link', () => {
  it('carries the cover, valuation and plan up to the vehicle step; nothing before a cover or once paid', () => {
    expect(commercialLinkOf(atQuote)).toEqual({
      v: 1,
      step: 'quote',
      cover: 'comprehensive-commercial',
      valuation,
    });
    const atKyc = {
      ...atQuote,
      step: 5,
      selectedProduct: plan,
      vehicleDetails: { registrationNumber: 'KDA 123B' } as never,
    };
    const link = commercialLinkOf(atKyc);
    expect(link).toMatchObject({ step: 'vehicle', product: 'APA-MC-LORRY' });
    expect(JSON.stringify(link)).not.toContain('KDA');
    expect(commercialLinkOf(commercialFlowDefaults)).toBeNull();
    expect(commercialLinkOf({ ...atKyc, paymentStatus: 'success' })).toBeNull();
    // A valuation the cover no longer accepts: the cover alone.
    const noValue = { ...atQuote, step: 2, valuation: { ...valuation, vehicleValue: 0 } };
    expect(commercialLinkOf(noValue)).toEqual({ v: 1, step: 'valuation', cover: 'comprehensive-commercial' });
  });

  it('opens in a fresh tab as it was, the plan found among today’s plans', async () => {
    const atVehicle = { ...atQuote, step: 4, selectedProduct: plan };
    const encoded = encodeJourneyLink(commercialQuoteLinkSchema, commercialLinkOf(atVehicle)!);
    const link = decodeJourneyLink(commercialQuoteLinkSchema, encoded)!;
    const restored = await restoreCommercialLink(link, { fetchPlans: async () => [plan] });
    expect(restored).toEqual({ state: atVehicle, messages: [] });
  });

  it('opens the plans with a message when the plan is gone', async () => {
    const link = commercialLinkOf({ ...atQuote, step: 4, selectedProduct: plan })!;
    const restored = await restoreCommercialLink(link, { fetchPlans: async () => [] });
    expect(restored.state).toMatchObject({ step: 3, selectedProduct: null, valuation });
    expect(restored.messages).toEqual([
      'The product in this quote link is no longer offered for this vehicle. Choose another below.',
    ]);
  });

  it('reads a tampered address as no link', () => {
    const encoded = encodeJourneyLink(commercialQuoteLinkSchema, commercialLinkOf(atQuote)!);
    expect(decodeJourneyLink(commercialQuoteLinkSchema, `${encoded}!`)).toBeNull();
    const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(
      decodeJourneyLink(commercialQuoteLinkSchema, raw({ ...commercialLinkOf(atQuote), cover: 'boat' })),
    ).toBeNull();
    expect(
      decodeJourneyLink(commercialQuoteLinkSchema, raw({ ...commercialLinkOf(atQuote), premium: 1 })),
    ).toBeNull();
  });
});
