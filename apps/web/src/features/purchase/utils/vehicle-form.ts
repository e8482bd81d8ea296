import {
  fullVehicleSchema,
  normaliseRegistration,
  type USE_PURPOSES,
  type VehicleDetails,
  type VehicleIdentity,
  vehicleIdentitySchema,
} from '@bima/domain';
import { z } from 'zod';
import { type FoundVehicle, spacedPlate } from '../../../lib/vehicle-search';

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

/** The vehicle found from the number plate (stores/found-vehicle), as far as the form needs it. */
export type PlateVehicle = Omit<FoundVehicle, 'vehicleClass'>;

const samePlate = (a: unknown, b: string) =>
  typeof a === 'string' && normaliseRegistration(a) === normaliseRegistration(b);

/**
 * Where the vehicle form starts (issue 30): the details the buyer saved, unless they since found
 * another plate; else what the register knows of the found vehicle — identity, build and body —
 * so the buyer types only what it cannot know. The use purpose is the journey's (`usePurpose`):
 * the register said the vehicle is of that class. Nothing found and nothing saved: null (empty form).
 */
export function vehicleFormStart({
  saved,
  found,
  usePurpose,
}: {
  saved: Partial<Record<keyof VehicleFormValues, unknown>> | null;
  found: PlateVehicle | null;
  usePurpose: (typeof USE_PURPOSES)[number];
}): Partial<Record<keyof VehicleFormValues, unknown>> | null {
  if (saved && (!found || samePlate(saved.registrationNumber, found.registrationNumber))) return saved;
  if (!found) return saved;
  return {
    make: found.make,
    model: found.model,
    registrationNumber: spacedPlate(found.registrationNumber),
    chassisNumber: found.chassisNumber,
    engineNumber: found.engineNumber,
    bodyType: found.bodyType,
    usePurpose,
    ...(found.yearOfManufacture ? { yearOfManufacture: found.yearOfManufacture } : {}),
    ...(found.engineCapacity ? { engineCapacity: found.engineCapacity } : {}),
    ...(found.fuelType ? { fuelType: found.fuelType } : {}),
    ...(found.colour?.trim() ? { colour: found.colour.trim() } : {}),
  };
}

/**
 * A drop-down's options with the value the form holds, when the list lacks it (a make or model the
 * register gives that the bundled catalogue does not list), so a prefilled value is never lost.
 */
export function withHeldOption<Option extends { value: string; label: string }>(
  options: readonly Option[],
  held: string,
  toOption: (value: string) => Option,
): Option[] {
  if (!held || options.some((option) => option.value === held)) return [...options];
  return [...options, toOption(held)];
}
