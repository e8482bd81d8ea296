import { createPersistedStore, usePersistedStore } from '../lib/persisted-store';
import type { FoundVehicle } from '../lib/vehicle-search';

export interface FoundVehicleState {
  /** The vehicle the buyer confirmed from the plate search; the vehicle details start from it. */
  vehicle: FoundVehicle | null;
}

/**
 * The vehicle found from the number plate on a motor journey's first screen, kept per tab (signed
 * session storage) so the motor private and commercial journeys' vehicle steps start from it, and a
 * switch from one journey to the other keeps it. It holds no owner data.
 */
export const foundVehicleStore = createPersistedStore<FoundVehicleState>('found_vehicle', { vehicle: null });

export function useFoundVehicle(): FoundVehicle | null {
  return usePersistedStore(foundVehicleStore, (state) => state.vehicle);
}

export function keepFoundVehicle(vehicle: FoundVehicle | null): void {
  foundVehicleStore.setState({ vehicle });
}
