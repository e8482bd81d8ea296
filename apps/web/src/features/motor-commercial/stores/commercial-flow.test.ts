import { describe, expect, it } from 'vitest';
import type { QuotedProductSummary } from '../../../lib/motor-types';
import {
  advance,
  type CommercialFlowState,
  type CommercialInvoice,
  type CommercialValuation,
  canGoBack,
  commercialFlowDefaults,
  goBack,
  isStepCompleted,
  needsSignIn,
  quoteRiskOf,
  reachableStep,
  setPaymentStatus,
} from './commercial-flow';

const lorry: CommercialValuation = {
  vehicleValue: 2_500_000,
  vehicleType: 'lorry',
  tonnageCapacity: 10,
  usageDetails: {
    primaryUse: 'general-cartage',
    goodsCarried: 'Building materials',
    routes: 'Nairobi–Mombasa',
  },
};

const plan = (ref: string): QuotedProductSummary =>
  ({ productSystemRef: ref, productName: ref, premium: 160_000 }) as QuotedProductSummary;

const invoice: CommercialInvoice = {
  systemQuotationRef: 'Q1',
  invoiceSystemRef: 'INV1',
  amount: 160_000,
  requestKey: '{}',
};

const apply = (
  state: CommercialFlowState,
  change: (s: CommercialFlowState) => Partial<CommercialFlowState>,
) => ({
  ...state,
  ...change(state),
});

/** A flow that has reached the payment step with the comprehensive lorry. */
function atPayment(): CommercialFlowState {
  let state = commercialFlowDefaults;
  state = apply(state, (s) => advance(s, { type: 'coverType', coverType: 'comprehensive-commercial' }));
  state = apply(state, (s) => advance(s, { type: 'valuation', valuation: lorry }));
  state = apply(state, (s) => advance(s, { type: 'product', product: plan('JUB-MC-STD') }));
  state = apply(state, (s) =>
    advance(s, {
      type: 'vehicle',
      vehicle: {
        make: 'Isuzu',
        model: 'FVZ',
        registrationNumber: 'KCX 456T',
        chassisNumber: 'JALFVZ34SK7000123',
        engineNumber: '6HK1-123456',
        engineCapacity: 7790,
        bodyType: 'Flatbed',
        fuelType: 'Diesel',
        purpose: 'General cartage',
        modifications: 'no',
        yearOfManufacture: 2018,
      },
    }),
  );
  state = apply(state, (s) =>
    advance(s, {
      type: 'kyc',
      kyc: {
        fullName: 'Wanjiru Kamau',
        idNumber: '29876543',
        kraPin: 'A123456789Z',
        phoneNumber: '0712345678',
        email: 'w@example.co.ke',
        address: 'Plot 12, Mombasa Road',
      },
    }),
  );
  return apply(state, (s) => advance(s, { type: 'invoice', invoice }));
}

describe('advancing through the wizard', () => {
  it('each payload sets its part and moves one step on, from 1 to 7', () => {
    const state = atPayment();
    expect(state.step).toBe(7);
    expect(state).toMatchObject({
      coverType: 'comprehensive-commercial',
      valuation: lorry,
      invoice,
      paymentStatus: 'pending',
    });
    expect(state.selectedProduct?.productSystemRef).toBe('JUB-MC-STD');
  });

  it('never goes past step 8, the last the flow allows', () => {
    const state = { ...atPayment(), step: 8 };
    expect(advance(state, { type: 'invoice', invoice }).step).toBe(8);
  });

  it('a different cover type drops the chosen plan and its invoice; the same one keeps them', () => {
    const paid = atPayment();
    const same = apply({ ...paid, step: 1 }, (s) =>
      advance(s, { type: 'coverType', coverType: 'comprehensive-commercial' }),
    );
    expect(same.selectedProduct).not.toBeNull();
    expect(same.invoice).toEqual(invoice);
    const other = apply({ ...paid, step: 1 }, (s) =>
      advance(s, { type: 'coverType', coverType: 'third-party-commercial' }),
    );
    expect(other).toMatchObject({ step: 2, selectedProduct: null, invoice: null });
  });

  it('a changed value drops the plan priced for the old one; an unchanged valuation keeps it', () => {
    const state = { ...atPayment(), step: 2 };
    const unchanged = apply(state, (s) => advance(s, { type: 'valuation', valuation: { ...lorry } }));
    expect(unchanged.selectedProduct).not.toBeNull();
    const changed = apply(state, (s) =>
      advance(s, { type: 'valuation', valuation: { ...lorry, vehicleValue: 3_000_000 } }),
    );
    expect(changed).toMatchObject({ step: 3, selectedProduct: null, invoice: null });
  });

  it('choosing another plan drops the invoice made for the first', () => {
    const state = { ...atPayment(), step: 3 };
    const other = apply(state, (s) => advance(s, { type: 'product', product: plan('APA-MC-EXEC') }));
    expect(other).toMatchObject({ step: 4, invoice: null });
  });
});

describe('Back', () => {
  it('moves one step and never below step 1', () => {
    expect(goBack({ ...commercialFlowDefaults, step: 3 })).toEqual({ step: 2 });
    expect(goBack({ ...commercialFlowDefaults, step: 1 })).toEqual({});
    expect(canGoBack({ step: 1, paymentStatus: 'pending' })).toBe(false);
  });

  it('is disabled once the payment succeeded, and allowed after a failure', () => {
    const paid = { ...atPayment(), ...setPaymentStatus('success', 'POL-1') };
    expect(paid.policyNumber).toBe('POL-1');
    expect(canGoBack(paid)).toBe(false);
    expect(goBack(paid)).toEqual({});
    const failed = { ...atPayment(), ...setPaymentStatus('failed') };
    expect(canGoBack(failed)).toBe(true);
  });
});

describe('the risk quotes are asked for', () => {
  it('needs the cover type and the valuation', () => {
    expect(quoteRiskOf(commercialFlowDefaults)).toBeNull();
    expect(quoteRiskOf({ coverType: 'comprehensive-commercial', valuation: null })).toBeNull();
    expect(quoteRiskOf({ coverType: 'comprehensive-commercial', valuation: lorry })).toEqual({
      ...lorry,
      coverType: 'comprehensive-commercial',
    });
  });

  it('has no value for third-party cover, and none means no quotes for comprehensive cover', () => {
    expect(quoteRiskOf({ coverType: 'third-party-commercial', valuation: lorry })?.vehicleValue).toBe(0);
    expect(
      quoteRiskOf({ coverType: 'comprehensive-commercial', valuation: { ...lorry, vehicleValue: 0 } }),
    ).toBeNull();
  });
});

describe('the step indicator and the step shown', () => {
  it.each([
    [1, 3, true],
    [2, 3, true],
    [3, 3, false],
    [4, 3, false],
  ])('step %i is completed at step %i: %s', (step, current, completed) => {
    expect(isStepCompleted(step, current)).toBe(completed);
  });

  it('falls back to the first step whose answer is missing', () => {
    expect(reachableStep({ ...commercialFlowDefaults, step: 5 })).toBe(1);
    const chosen = { ...commercialFlowDefaults, coverType: 'comprehensive-commercial' as const, step: 6 };
    expect(reachableStep(chosen)).toBe(2);
    expect(reachableStep({ ...atPayment(), selectedProduct: null })).toBe(3);
    expect(reachableStep(atPayment())).toBe(7);
  });

  it('asks for sign-in from the vehicle details on', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(needsSignIn)).toEqual([false, false, false, true, true, true, true]);
  });
});
