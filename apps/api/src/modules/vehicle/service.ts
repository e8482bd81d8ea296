import { VEHICLE_SEARCH_MESSAGES, type VehicleSearchInput, type VehicleSearchResult } from '@bima/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Dmvic, DmvicError } from '../../dmvic/port';
import { AppError } from '../../gateway/errors';

/**
 * Quotes from the number plate: what the register (DMVIC's VehicleSearch) holds of a vehicle that a
 * buyer needs — make, model, year, body, chassis and engine numbers, the class — and never the owner.
 * A plate the register does not know is `found: false` (the journey goes on by hand); DMVIC not
 * answering is a 503 the screen can show, never a `found: false` that would hide the outage.
 */
export async function searchVehicle(
  deps: { dmvic: Dmvic; log: Pick<FastifyBaseLogger, 'warn' | 'error'> },
  input: VehicleSearchInput,
): Promise<VehicleSearchResult> {
  try {
    const vehicle = await deps.dmvic.searchVehicle(input.registrationNumber);
    if (!vehicle) return { found: false };
    return {
      found: true,
      vehicle: {
        registrationNumber: vehicle.registrationNumber,
        make: vehicle.make,
        model: vehicle.model,
        yearOfManufacture: vehicle.yearOfManufacture,
        chassisNumber: vehicle.chassisNumber,
        engineNumber: vehicle.engineNumber,
        bodyType: vehicle.bodyType,
        vehicleClass: vehicle.vehicleClass,
        engineCapacity: vehicle.engineCapacity,
        fuelType: vehicle.fuelType,
        colour: vehicle.colour,
      },
    };
  } catch (error) {
    if (error instanceof DmvicError && error.code === 'NTSA_NOT_FOUND') return { found: false };
    if (
      error instanceof DmvicError &&
      error.code === 'INVALID_REQUEST' &&
      error.details.field === 'registrationNumber'
    ) {
      throw new AppError('invalid', VEHICLE_SEARCH_MESSAGES.plateInvalid, {
        errors: [{ field: 'registrationNumber', message: VEHICLE_SEARCH_MESSAGES.plateInvalid }],
      });
    }
    if (error instanceof DmvicError)
      deps.log.warn({ err: error, code: error.code }, 'DMVIC plate search failed');
    else deps.log.error({ err: error }, 'plate search failed');
    throw new AppError('unavailable', VEHICLE_SEARCH_MESSAGES.unavailable, {
      code: 'VEHICLE_SEARCH_UNAVAILABLE',
      retryAfterSeconds: 30,
    });
  }
}
