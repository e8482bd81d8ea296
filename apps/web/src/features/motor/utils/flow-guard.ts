import { QUOTATION_MESSAGES } from '@bima/domain';
import type { MotorFlowState } from '../../../stores/motor-flow';

export type FlowRequirement = 'coverType' | 'product' | 'coverDetails';

export interface GuardFailure {
  requirement: FlowRequirement;
  errors: string[];
}

/**
 * The per-step checks of spec-1 §5: the first unmet requirement with the messages to list, or null when
 * the screen may open.
 */
export function findUnmetRequirement(
  state: MotorFlowState,
  requirements: readonly FlowRequirement[],
): GuardFailure | null {
  for (const requirement of requirements) {
    if (requirement === 'coverType' && !state.selectedCoverType) {
      return { requirement, errors: [QUOTATION_MESSAGES.coverTypeRequired] };
    }
    if (requirement === 'product' && !state.selectedProduct) {
      return { requirement, errors: [QUOTATION_MESSAGES.selectProduct] };
    }
    if (requirement === 'coverDetails') {
      const errors = [
        ...(state.coverDetails.coverPeriod ? [] : [QUOTATION_MESSAGES.coverPeriodRequired]),
        ...(state.coverDetails.startDate ? [] : [QUOTATION_MESSAGES.startDateRequired]),
      ];
      if (errors.length > 0) return { requirement, errors };
    }
  }
  return null;
}
