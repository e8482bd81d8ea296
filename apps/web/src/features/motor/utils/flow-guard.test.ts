import { describe, expect, it } from 'vitest';
import { sampleProduct } from '../../../lib/motor-test-fixtures';
import { motorFlowDefaults } from '../../../stores/motor-flow';
import { findUnmetRequirement } from './flow-guard';

describe('findUnmetRequirement (spec-1 §5 per-step checks)', () => {
  it('asks for a cover type first', () => {
    expect(findUnmetRequirement(motorFlowDefaults, ['coverType', 'product'])).toEqual({
      requirement: 'coverType',
      errors: ['Please select a cover type.'],
    });
  });

  it('then for a product', () => {
    const state = { ...motorFlowDefaults, selectedCoverType: 'comprehensive' as const };
    expect(findUnmetRequirement(state, ['coverType', 'product'])?.errors).toEqual([
      'Please select a product.',
    ]);
  });

  it('lists each missing cover detail', () => {
    const state = {
      ...motorFlowDefaults,
      selectedCoverType: 'comprehensive' as const,
      selectedProduct: sampleProduct,
      coverDetails: { coverPeriod: '365', startDate: '' },
    };
    expect(findUnmetRequirement(state, ['coverType', 'product', 'coverDetails'])?.errors).toEqual([
      'Start date is required.',
    ]);
    expect(
      findUnmetRequirement({ ...state, coverDetails: { coverPeriod: '', startDate: '' } }, ['coverDetails'])
        ?.errors,
    ).toEqual(['Cover period is required.', 'Start date is required.']);
  });

  it('lets the screen open when everything is there', () => {
    const state = {
      ...motorFlowDefaults,
      selectedCoverType: 'third-party' as const,
      selectedProduct: sampleProduct,
      coverDetails: { coverPeriod: '30', startDate: '2030-01-01' },
    };
    expect(findUnmetRequirement(state, ['coverType', 'product', 'coverDetails'])).toBeNull();
  });
});
