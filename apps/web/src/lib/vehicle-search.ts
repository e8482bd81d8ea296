import { type FoundVehicle, normaliseRegistration } from '@bima/domain';
import { ApiError, callAction } from './api-client';

/**
 * A vehicle the register knows, as the plate search answers it (`@bima/domain`'s contract): only
 * what a buyer needs to see and the purchase needs to hold, never the owner.
 */
export type { FoundVehicle };

/** What a search came to: the screens show each one differently and carry on by hand on all but `found`. */
export type PlateSearchOutcome =
  | { kind: 'found'; vehicle: FoundVehicle }
  | { kind: 'not-found' }
  /** Refused as asked (too many searches, a plate the server will not read): its own message. */
  | { kind: 'refused'; message: string }
  /** DMVIC (or the network) did not answer: the buyer types the details. */
  | { kind: 'unavailable' };

/** A plate as people write it, with its space: KDA123B → KDA 123B, KMEA201A → KMEA 201A. */
export function spacedPlate(plate: string): string {
  return normaliseRegistration(plate).replace(/^([A-Z]{3,4})(\d{3}[A-Z])$/, '$1 $2');
}

/** The journey that sells cover for a vehicle of this class; null where none does (motor cycles). */
export function journeyOfVehicle(
  vehicleClass: FoundVehicle['vehicleClass'],
): 'private' | 'commercial' | null {
  if (vehicleClass === 'private') return 'private';
  if (vehicleClass === 'commercial' || vehicleClass === 'psv') return 'commercial';
  return null;
}

/**
 * A failed search as the screens say it: a 4xx with a message (rate limit, a plate refused) is the
 * server's own words in the portal's language; anything else (DMVIC down, a timeout, no network) is
 * an outage, after which the buyer goes on by hand.
 */
export function describeSearchFailure(error: unknown): PlateSearchOutcome {
  if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) {
    const message = error.errors.map((entry) => entry.message).find(Boolean) ?? error.err_msg?.trim();
    if (message && error.httpStatus !== 404) return { kind: 'refused', message };
    if (error.httpStatus === 404) return { kind: 'not-found' };
  }
  return { kind: 'unavailable' };
}

/** `underwriting / vehicle / searchVehicle` for a plate as typed (spaces and case do not matter). */
export async function searchVehicle(plate: string, signal?: AbortSignal): Promise<PlateSearchOutcome> {
  try {
    const answer = await callAction(
      'underwriting/vehicle/searchVehicle',
      { registrationNumber: normaliseRegistration(plate) },
      // The screen says what went wrong beside the field; no toast on top of it.
      { silent: true, signal },
    );
    return answer.found ? { kind: 'found', vehicle: answer.vehicle } : { kind: 'not-found' };
  } catch (error) {
    return describeSearchFailure(error);
  }
}
