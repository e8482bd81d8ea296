import { classQuoteLinkSchemas } from '@bima/domain';
import { describe, expect, it } from 'vitest';
import { decodeJourneyLink, encodeJourneyLink } from '../../lib/quote-link';
import { type ClassFlowState, emptyClassFlow } from './flow';
import { classLinkOf, restoreClassLink } from './quote-link';

const risk = {
  buildingValue: 5_000_000,
  contentsValue: 1_000_000,
  location: { county: 'Nairobi', town: 'Kileleshwa' },
  construction: 'stone-tile',
  occupancy: 'owner-occupied',
};
const product = { productSystemRef: 'CIC-FD-DOM', productName: 'CIC Home', underwriter: 'CIC' };
const quotes = [{ productSystemRef: 'CIC-FD-DOM', productName: 'CIC Home', underwriter: [{ name: 'CIC' }] }];
const atBenefits: ClassFlowState = { ...emptyClassFlow, step: 'benefits', risk, product, optional: ['RIOT'] };

describe('the class-cover quote link', () => {
  it('carries the risk, product and benefits, never the client’s details, and nothing before a risk or once paid', () => {
    expect(classLinkOf('fire-domestic', atBenefits)).toEqual({
      v: 1,
      step: 'benefits',
      risk,
      product: 'CIC-FD-DOM',
      optional: ['RIOT'],
    });
    const atSummary = { ...atBenefits, step: 'summary' as const, kyc: { fullName: 'A' } as never };
    expect(classLinkOf('fire-domestic', atSummary)).toMatchObject({ step: 'benefits' });
    expect(JSON.stringify(classLinkOf('fire-domestic', atSummary))).not.toContain('fullName');
    expect(classLinkOf('fire-domestic', emptyClassFlow)).toBeNull();
    expect(classLinkOf('fire-domestic', { ...atBenefits, paid: { policyNumber: 'P1' } })).toBeNull();
    // Another class's risk never makes a link of this one.
    expect(classLinkOf('theft', atBenefits)).toBeNull();
  });

  it('opens in a fresh tab as it was: through the address and back, the product found again', async () => {
    const schema = classQuoteLinkSchemas['fire-domestic'];
    const link = decodeJourneyLink(
      schema,
      encodeJourneyLink(schema, classLinkOf('fire-domestic', atBenefits)!),
    );
    expect(link).not.toBeNull();
    const restored = await restoreClassLink(link!, { fetchQuotes: async () => quotes });
    expect(restored).toEqual({ state: atBenefits, messages: [] });
  });

  it('opens the quotes with a message when the product is no longer offered, and without one when the quotes fail', async () => {
    const link = classLinkOf('fire-domestic', atBenefits)!;
    const gone = await restoreClassLink(link, { fetchQuotes: async () => [] });
    expect(gone.state).toMatchObject({ step: 'quotes', risk, product: null, optional: [] });
    expect(gone.messages).toEqual([
      'The product in this quote link is no longer offered for this cover. Choose another below.',
    ]);
    const failed = await restoreClassLink(link, {
      fetchQuotes: () => Promise.reject(new Error('offline')),
    });
    expect(failed).toMatchObject({ state: { step: 'quotes', product: null }, messages: [] });
  });

  it('reads a tampered address as no link', () => {
    const schema = classQuoteLinkSchemas['fire-domestic'];
    const encoded = encodeJourneyLink(schema, classLinkOf('fire-domestic', atBenefits)!);
    expect(decodeJourneyLink(schema, `${encoded.slice(0, -3)}xyz`)).toBeNull();
    expect(decodeJourneyLink(classQuoteLinkSchemas.aviation, encoded)).toBeNull();
    const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(
      decodeJourneyLink(schema, raw({ v: 1, step: 'benefits', risk: { ...risk, buildingValue: -1 } })),
    ).toBeNull();
  });
});
