import {
  fullVehicleSchema,
  type VehicleDetails,
  type VehicleIdentity,
  vehicleIdentitySchema,
} from '@bima/domain';
import { z } from 'zod';

/** The vehicle form as typed: every field a string ('' until given). */
export interface VehicleFormValues {
  make: string;
  model: string;
  registrationNumber: string;
  chassisNumber: string;
  engineNumber: string;
  engineCapacity: string;
  fuelType: string;
  bodyType: string;
  usePurpose: string;
  colour: string;
  yearOfManufacture: string;
  antiTheftDevice: string;
  antiTheftDetails: string;
  modifications: string;
  modificationDetails: string;
  modificationDate: string;
}

/** Saved vehicle details: the four identity fields for third-party cover, all of them otherwise. */
export type SavedVehicle = VehicleIdentity | VehicleDetails;

export const emptyVehicleForm: VehicleFormValues = {
  make: '',
  model: '',
  registrationNumber: '',
  chassisNumber: '',
  engineNumber: '',
  engineCapacity: '',
  fuelType: '',
  bodyType: '',
  usePurpose: '',
  colour: '',
  yearOfManufacture: '',
  antiTheftDevice: '',
  antiTheftDetails: '',
  modifications: '',
  modificationDetails: '',
  modificationDate: '',
};

const NUMBER_FIELDS = ['engineCapacity', 'yearOfManufacture'] as const;

/** An empty number field is missing, not 0: it then reads '… is required' rather than a range error. */
function blankNumbersToUndefined(values: unknown): unknown {
  if (typeof values !== 'object' || values === null) return values;
  const copy: Record<string, unknown> = { ...values };
  for (const field of NUMBER_FIELDS) {
    if (typeof copy[field] === 'string' && (copy[field] as string).trim() === '') copy[field] = undefined;
  }
  return copy;
}

/**
 * The domain's vehicle schema for the cover (spec-2 §5): third-party checks the four identity fields
 * only; other covers check everything. `today` is yyyy-mm-dd.
 */
export function getVehicleSchema(
  isThirdParty: boolean,
  today: string,
): z.ZodType<SavedVehicle, VehicleFormValues> {
  const schema = isThirdParty ? vehicleIdentitySchema : fullVehicleSchema(today);
  return z.preprocess(blankNumbersToUndefined, schema) as unknown as z.ZodType<
    SavedVehicle,
    VehicleFormValues
  >;
}

/** Whether saved details are enough for the cover now chosen. */
export function isVehicleComplete(
  saved: unknown,
  isThirdParty: boolean,
  today: string,
): saved is SavedVehicle {
  return saved !== null && getVehicleSchema(isThirdParty, today).safeParse(saved).success;
}

/** Saved details back into the form's strings. */
export function toVehicleFormValues(
  saved: Partial<Record<keyof VehicleFormValues, unknown>> | null,
): VehicleFormValues {
  const values = { ...emptyVehicleForm };
  if (!saved) return values;
  for (const key of Object.keys(values) as Array<keyof VehicleFormValues>) {
    const value = saved[key];
    if (value !== undefined && value !== null) values[key] = String(value);
  }
  return values;
}
