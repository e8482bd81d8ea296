import { describe, expect, it } from 'vitest';
import { sampleProduct } from '../../../lib/motor-test-fixtures';
import type { ComparisonItem } from '../../../lib/motor-types';
import { type MotorFlowState, motorFlowDefaults } from '../../../stores/motor-flow';
import {
  addOptionalBenefit,
  chooseCoverType,
  chooseThirdPartyWithoutValue,
  clearComparison,
  receiveQuotes,
  removeBenefit,
  removeFromComparison,
  saveVehicleValue,
  selectProduct,
  setCoreBenefitLimit,
  storeQuotation,
  toggleComparison,
} from './flow-reducers';

const apply = (state: MotorFlowState, patch: Partial<MotorFlowState>): MotorFlowState => ({
  ...state,
  ...patch,
});

const item = (id: string): ComparisonItem => ({
  id,
  productSystemRef: `REF-${id}`,
  name: `Product ${id}`,
  description: '',
  premium: 1_000,
  underwriter: 'Jubilee Insurance',
  coreBenefits: [],
  optionalBenefits: [],
  coverType: 'comprehensive',
});

describe('vehicle value and cover type', () => {
  it('saving a value marks it saved and uses it for comprehensive cover', () => {
    const state = apply(motorFlowDefaults, saveVehicleValue(motorFlowDefaults, 1_500_000));
    expect(state).toMatchObject({
      isVehicleValueSaved: true,
      vehicleValue: 1_500_000,
      enteredVehicleValue: 1_500_000,
    });
  });

  it('choosing third-party sets the vehicle value to 0, and another cover restores the saved value', () => {
    let state = apply(motorFlowDefaults, saveVehicleValue(motorFlowDefaults, 1_500_000));
    state = apply(state, chooseCoverType(state, 'third-party'));
    expect(state.vehicleValue).toBe(0);
    state = apply(state, chooseCoverType(state, 'comprehensive'));
    expect(state.vehicleValue).toBe(1_500_000);
  });

  it('saving a value while third-party is chosen keeps the risk value at 0', () => {
    let state = apply(motorFlowDefaults, chooseCoverType(motorFlowDefaults, 'third-party'));
    state = apply(state, saveVehicleValue(state, 900_000));
    expect(state).toMatchObject({ vehicleValue: 0, enteredVehicleValue: 900_000 });
  });
});

describe('third-party without a vehicle value (issue 14)', () => {
  it('chooses third-party with the value at 0 and the options shown; another cover asks for the value again', () => {
    const withValue = apply(motorFlowDefaults, saveVehicleValue(motorFlowDefaults, 900_000));
    const state = apply(withValue, chooseThirdPartyWithoutValue());
    expect(state).toMatchObject({
      selectedCoverType: 'third-party',
      enteredVehicleValue: 0,
      vehicleValue: 0,
      isVehicleValueSaved: true,
    });
    expect(apply(state, chooseCoverType(state, 'comprehensive')).vehicleValue).toBe(0);
  });
});

describe('selectProduct (spec-1 §4)', () => {
  it('resets optional benefits, sets core limits and excesses to their defaults and drops a stale quote', () => {
    const dirty: MotorFlowState = {
      ...motorFlowDefaults,
      selectedOptionalBenefits: [
        { benefitSystemRef: 'X', benefit_category_name: 'X', benefitType: 'optional' },
      ],
      coreBenefitLimits: { '11': 15_000_000 },
      coverDetails: { coverPeriod: '90', startDate: '2030-01-01' },
      calculatedFor: '{}',
    };
    const state = apply(dirty, selectProduct(dirty, sampleProduct));
    expect(state.selectedOptionalBenefits).toEqual([]);
    expect(state.coreBenefitLimits).toEqual({ '11': 5_000_000, '12': 0 });
    expect(state.excessAmounts).toEqual({ collision: 2_500_000 });
    expect(state.coverDetails).toEqual({ coverPeriod: '', startDate: '2030-01-01' });
    expect(state.calculatedFor).toBeNull();
  });

  it('keeps a cover period the product offers', () => {
    const state = { ...motorFlowDefaults, coverDetails: { coverPeriod: '365', startDate: '' } };
    expect(selectProduct(state, sampleProduct).coverDetails).toEqual({ coverPeriod: '365', startDate: '' });
  });
});

describe('comparison', () => {
  it('adds without duplicates, removes by id and clears', () => {
    let state = apply(motorFlowDefaults, toggleComparison(motorFlowDefaults, item('1')));
    state = apply(state, toggleComparison(state, item('2')));
    expect(state.selectedComparisonProducts.map((entry) => entry.id)).toEqual(['1', '2']);
    state = apply(state, toggleComparison(state, item('1')));
    expect(state.selectedComparisonProducts.map((entry) => entry.id)).toEqual(['2']);
    state = apply(state, removeFromComparison(state, '2'));
    expect(state.selectedComparisonProducts).toEqual([]);
    state = apply(state, toggleComparison(state, item('3')));
    expect(clearComparison().selectedComparisonProducts).toEqual([]);
  });

  it('new quotes keep only compared products that are still quoted', () => {
    const state = { ...motorFlowDefaults, selectedComparisonProducts: [item('1'), item('9')] };
    const patch = receiveQuotes(state, [sampleProduct], '07');
    expect(patch.selectedComparisonProducts?.map((entry) => entry.id)).toEqual(['1']);
    expect(patch.insuranceClass).toBe('07');
  });
});

describe('benefits', () => {
  const withProduct = apply(motorFlowDefaults, selectProduct(motorFlowDefaults, sampleProduct));

  it('confirming a benefit stores it once, with the latest limit', () => {
    let state = apply(
      withProduct,
      addOptionalBenefit(withProduct, {
        benefitSystemRef: 'A',
        benefit_category_name: 'A',
        benefitType: 'optional',
      }),
    );
    state = apply(
      state,
      addOptionalBenefit(state, {
        benefitSystemRef: 'A',
        benefit_category_name: 'A',
        benefitType: 'optional',
        params: { limit: 5 },
      }),
    );
    expect(state.selectedOptionalBenefits).toEqual([
      { benefitSystemRef: 'A', benefit_category_name: 'A', benefitType: 'optional', params: { limit: 5 } },
    ]);
  });

  it('removal drops an optional benefit by benefitSystemRef and resets a core limit to its default', () => {
    let state = apply(withProduct, setCoreBenefitLimit(withProduct, '11', 120_000));
    state = apply(
      state,
      addOptionalBenefit(state, {
        benefitSystemRef: 'JUB-PVT',
        benefit_category_name: 'PVT',
        benefitType: 'optional',
      }),
    );
    state = apply(state, removeBenefit(state, 'JUB-PVT'));
    expect(state.selectedOptionalBenefits).toEqual([]);
    expect(state.coreBenefitLimits['11']).toBe(120_000);
    state = apply(state, removeBenefit(state, 'JUB-WINDSCREEN'));
    expect(state.coreBenefitLimits['11']).toBe(5_000_000);
  });

  it('any change makes a calculated quotation stale', () => {
    const quoted = { ...withProduct, ...storeQuotation({} as never, 'key') };
    expect(setCoreBenefitLimit(quoted, '11', 60_000)).toMatchObject({
      calculatedQuotation: null,
      calculatedFor: null,
    });
  });
});
