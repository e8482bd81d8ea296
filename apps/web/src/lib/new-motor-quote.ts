import { centsToWholeShillings } from '@bima/domain/money';
import { motorFlowDefaults, motorFlowStore } from '../stores/motor-flow';
import { MOTOR_JOURNEY_CLASS } from './motor-journey';

/**
 * Starts the motor private quote journey afresh with a vehicle value already entered (an expired
 * policy's "Get a new quote"): the visitor lands on the cover-type step with the value in its field,
 * to save or change. Third-party cover (no value) starts with the field empty. The value comes in
 * cents, as a policy answers it; the field holds whole shillings, as the client types them.
 */
export function startMotorQuoteWithValue(vehicleValueCents: number | null): void {
  motorFlowStore.setState({
    ...motorFlowDefaults,
    insuranceClass: MOTOR_JOURNEY_CLASS,
    enteredVehicleValue:
      vehicleValueCents && vehicleValueCents > 0 ? centsToWholeShillings(vehicleValueCents) : 0,
  });
}
