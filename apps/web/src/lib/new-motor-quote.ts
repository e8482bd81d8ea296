import { motorFlowDefaults, motorFlowStore } from '../stores/motor-flow';
import { productStore } from '../stores/product';

/** Motor private's class code: the quote journey asks for its products. */
const MOTOR_PRIVATE_CLASS = '07';

/**
 * Starts the motor private quote journey afresh with a vehicle value already entered (an expired
 * policy's "Get a new quote"): the visitor lands on the cover-type step with the value in its field,
 * to save or change. Third-party cover (no value) starts with the field empty.
 */
export function startMotorQuoteWithValue(vehicleValue: number | null): void {
  productStore.setState({ insuranceClass: MOTOR_PRIVATE_CLASS, coverType: '', selectedProduct: null });
  motorFlowStore.setState({
    ...motorFlowDefaults,
    insuranceClass: MOTOR_PRIVATE_CLASS,
    enteredVehicleValue: vehicleValue && vehicleValue > 0 ? vehicleValue : 0,
  });
}
