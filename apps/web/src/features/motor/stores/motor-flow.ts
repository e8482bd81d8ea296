import { createPersistedStore, usePersistedStore } from '../../../lib/persisted-store';
import { type MotorFlowState, motorFlowDefaults } from './flow-reducers';

export type { MotorFlowState } from './flow-reducers';

/**
 * The motor private journey, kept in signed session storage so it survives a reload and the Back
 * button. Screens change it only through the pure reducers in `flow-reducers.ts`:
 * `motorFlowStore.setState((state) => reducer(state, …))`.
 */
export const motorFlowStore = createPersistedStore<MotorFlowState>('motor', motorFlowDefaults);

export function useMotorFlow(): MotorFlowState;
export function useMotorFlow<S>(selector: (state: MotorFlowState) => S): S;
export function useMotorFlow<S>(selector?: (state: MotorFlowState) => S) {
  return usePersistedStore(motorFlowStore, selector ?? ((state: MotorFlowState) => state as unknown as S));
}

/** Messages for the wrapper to list above the screen the visitor is sent to. */
export function setFlowErrors(errors: string[]): void {
  motorFlowStore.setState({ errors });
}

export function clearFlowErrors(): void {
  if (motorFlowStore.getState().errors.length > 0) motorFlowStore.setState({ errors: [] });
}
