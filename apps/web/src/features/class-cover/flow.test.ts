import { describe, expect, it } from 'vitest';
import { type ClassFlowState, classFlowReducer, emptyClassFlow, needsSignIn, reachableStep } from './flow';

const home = { buildingValue: 5_000_000, contentsValue: 0 };
const product = { productSystemRef: 'JUB-FD-HOME', productName: 'Jubilee Home Fire', underwriter: 'Jubilee' };
const kyc = {
  fullName: 'Amina Njeri',
  idNumber: '29876543',
  kraPin: 'A123456789Z',
  phoneNumber: '0712345678',
  email: 'amina@example.co.ke',
  address: 'Plot 4, Ngong Road, Nairobi',
};
const invoiced = { systemQuotationRef: 'QT-1', invoiceSystemRef: 'INV-1', amount: 6_000 };

function through(...events: Parameters<typeof classFlowReducer>[1][]): ClassFlowState {
  return events.reduce(classFlowReducer, emptyClassFlow);
}

describe('the class cover flow', () => {
  it('moves one step per answer, from the risk to the payment', () => {
    const flow = through(
      { type: 'risk', risk: home },
      { type: 'product', product },
      { type: 'benefits', optional: ['JUB-FD-HOME-EARTHQUAKE'] },
      { type: 'details', kyc },
      { type: 'invoiced', quotation: invoiced, startDate: '2026-11-24' },
    );
    expect(flow.step).toBe('payment');
    expect(flow.optional).toEqual(['JUB-FD-HOME-EARTHQUAKE']);
    expect(reachableStep(flow)).toBe('payment');
  });

  it('drops the product, extras and quotation when the risk changes, and the quotation when extras change', () => {
    const priced = through(
      { type: 'risk', risk: home },
      { type: 'product', product },
      { type: 'benefits', optional: [] },
      { type: 'details', kyc },
      { type: 'invoiced', quotation: invoiced, startDate: '2026-11-24' },
    );
    const newRisk = classFlowReducer(priced, { type: 'risk', risk: { ...home, contentsValue: 1 } });
    expect(newRisk).toMatchObject({ step: 'quotes', product: null, optional: [], quotation: null });
    const sameRisk = classFlowReducer(priced, { type: 'risk', risk: { ...home } });
    expect(sameRisk.quotation).toEqual(invoiced);
    const newExtras = classFlowReducer(priced, { type: 'benefits', optional: ['X'] });
    expect(newExtras.quotation).toBeNull();
  });

  it('goes back one step, never before the first, and not at all once paid', () => {
    expect(classFlowReducer(emptyClassFlow, { type: 'back' }).step).toBe('risk');
    const quotes = through({ type: 'risk', risk: home });
    expect(classFlowReducer(quotes, { type: 'back' }).step).toBe('risk');
    const paid = through(
      { type: 'risk', risk: home },
      { type: 'product', product },
      { type: 'benefits', optional: [] },
      { type: 'details', kyc },
      { type: 'invoiced', quotation: invoiced, startDate: '2026-11-24' },
      { type: 'paid', policyNumber: 'POL-1' },
    );
    expect(classFlowReducer(paid, { type: 'back' })).toBe(paid);
    expect(classFlowReducer(paid, { type: 'restart' })).toEqual(emptyClassFlow);
  });

  it('lands a stale tab on the first step that needs an answer, and asks for sign-in from the details on', () => {
    expect(reachableStep({ ...emptyClassFlow, step: 'summary' })).toBe('risk');
    expect(reachableStep({ ...emptyClassFlow, risk: home, step: 'summary' })).toBe('quotes');
    expect(reachableStep({ ...emptyClassFlow, risk: home, product, step: 'summary' })).toBe('details');
    expect(needsSignIn('benefits')).toBe(false);
    expect(needsSignIn('details')).toBe(true);
  });
});
