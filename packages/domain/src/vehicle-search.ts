import { z } from 'zod';
import { normaliseRegistration } from './purchase';

/**
 * Quotes from the number plate: the public plate search (`underwriting/vehicle/searchVehicle`)
 * answers what the register (DMVIC's VehicleSearch) holds of a vehicle that a buyer needs — never the
 * owner — or `found: false` for a plate it does not know, and the journey goes on by hand.
 */
export const VEHICLE_SEARCH_MESSAGES = {
  plateRequired: 'Enter the number plate.',
  plateInvalid: 'Enter a number plate like KDA 123A (a motor cycle: KMDA 123A).',
  unavailable: 'We could not look up the plate right now; enter the details yourself.',
} as const;

/** A car's plate as the portal takes it (KDA 123A) or a motor cycle's (KMDA 123A); upper case, no space. */
export const PLATE_SEARCH_PATTERN = /^([A-Z]{3}\d{3}[A-Z]|KM[A-Z]{2}\d{3}[A-Z])$/;

export const VEHICLE_REGISTER_CLASSES = ['private', 'commercial', 'motorcycle', 'psv'] as const;
export const REGISTER_FUEL_TYPES = ['Petrol', 'Diesel', 'Electric', 'Hybrid'] as const;

/** The plate as typed: case and spaces do not matter. */
export const vehicleSearchSchema = z.object({
  registrationNumber: z
    .string({ error: VEHICLE_SEARCH_MESSAGES.plateRequired })
    .transform(normaliseRegistration)
    .pipe(
      z
        .string()
        .min(1, VEHICLE_SEARCH_MESSAGES.plateRequired)
        .regex(PLATE_SEARCH_PATTERN, VEHICLE_SEARCH_MESSAGES.plateInvalid),
    ),
});
export type VehicleSearchInput = z.output<typeof vehicleSearchSchema>;

/** What the register holds that a buyer needs; build fields it may not carry are null. */
export const foundVehicleSchema = z.object({
  registrationNumber: z.string(),
  make: z.string(),
  model: z.string(),
  yearOfManufacture: z.number().int().nullable(),
  chassisNumber: z.string(),
  engineNumber: z.string(),
  bodyType: z.string(),
  vehicleClass: z.enum(VEHICLE_REGISTER_CLASSES),
  /** cc. */
  engineCapacity: z.number().int().nullable(),
  fuelType: z.enum(REGISTER_FUEL_TYPES).nullable(),
  colour: z.string().nullable(),
});
export type FoundVehicle = z.infer<typeof foundVehicleSchema>;

export const vehicleSearchResultSchema = z.union([
  z.object({ found: z.literal(true), vehicle: foundVehicleSchema }),
  z.object({ found: z.literal(false) }),
]);
export type VehicleSearchResult = z.infer<typeof vehicleSearchResultSchema>;
