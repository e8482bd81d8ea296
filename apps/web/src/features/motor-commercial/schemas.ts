import {
  type CommercialCoverType,
  type CommercialRisk,
  type CommercialVehicle,
  commercialRiskSchema,
  commercialVehicleSchema,
} from '@bima/domain/classes/risks';
import { parseAmount } from '@bima/domain/numbers';
import { normaliseRegistration } from '@bima/domain/purchase';
import { type ZodType, z } from 'zod';
import { type FoundVehicle, spacedPlate } from '../../lib/vehicle-search';

/**
 * The wizard's forms hold text (what the inputs give); the domain schemas check them with the same
 * rules and messages as the server. A blank number is "missing", not 0, so it gets the required message.
 */
const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** A form schema: the form's text values mapped to the domain's shape, then checked by it. */
function formSchema<TInput, TOutput>(toDomain: (input: TInput) => unknown, domain: ZodType<TOutput>) {
  return z.custom<TInput>().transform(toDomain).pipe(domain) as unknown as ZodType<TOutput, TInput>;
}

export interface ValuationFormInput {
  coverType: CommercialCoverType;
  vehicleValue: string;
  vehicleType: string;
  tonnageCapacity: string;
  usageDetails: { primaryUse: string; goodsCarried: string; routes: string };
}

/** The valuation step: the risk as the server rates it (third-party cover asks no value: 0). */
export const valuationFormSchema = formSchema<ValuationFormInput, CommercialRisk>(
  (input) => ({
    coverType: input.coverType,
    vehicleValue:
      input.coverType === 'third-party-commercial' ? 0 : (blankToUndefined(input.vehicleValue) ?? 0),
    vehicleType: input.vehicleType || undefined,
    tonnageCapacity: blankToUndefined(input.tonnageCapacity),
    usageDetails: {
      primaryUse: input.usageDetails.primaryUse || undefined,
      goodsCarried: input.usageDetails.goodsCarried,
      routes: input.usageDetails.routes,
    },
  }),
  commercialRiskSchema,
);

/** The value the Get Quotation button waits for: an amount above 0 (spec-2), read as every amount is ("2,500,000"). */
export function hasPositiveValue(text: string): boolean {
  const read = parseAmount(text);
  return read.ok && read.value > 0;
}

export interface VehicleFormInput {
  make: string;
  model: string;
  registrationNumber: string;
  chassisNumber: string;
  engineNumber: string;
  engineCapacity: string;
  bodyType: string;
  fuelType: string;
  purpose: string;
  modifications: string;
  yearOfManufacture: string;
}

export const vehicleFormSchema = formSchema<VehicleFormInput, CommercialVehicle>(
  (input) => ({
    ...input,
    engineCapacity: blankToUndefined(input.engineCapacity ?? ''),
    yearOfManufacture: blankToUndefined(input.yearOfManufacture ?? ''),
    fuelType: input.fuelType || undefined,
    modifications: input.modifications || undefined,
  }),
  commercialVehicleSchema,
);

export function vehicleFormValues(vehicle: CommercialVehicle | null): VehicleFormInput {
  return {
    make: vehicle?.make ?? '',
    model: vehicle?.model ?? '',
    registrationNumber: vehicle?.registrationNumber ?? '',
    chassisNumber: vehicle?.chassisNumber ?? '',
    engineNumber: vehicle?.engineNumber ?? '',
    engineCapacity: vehicle ? String(vehicle.engineCapacity) : '',
    bodyType: vehicle?.bodyType ?? '',
    fuelType: vehicle?.fuelType ?? '',
    purpose: vehicle?.purpose ?? '',
    modifications: vehicle?.modifications ?? '',
    yearOfManufacture: vehicle?.yearOfManufacture ? String(vehicle.yearOfManufacture) : '',
  };
}

export { type KycFormInput, kycFormSchema, kycFormValues } from '../../lib/class-kyc';

/** The vehicle found from the plate (stores/found-vehicle), as far as the vehicle step needs it. */
export type PlateVehicle = Omit<FoundVehicle, 'vehicleClass'>;

/**
 * Where the vehicle step starts (issue 30): the vehicle the buyer gave, unless they since found
 * another plate; else what the register knows of the found one, so only its purpose and
 * modifications are asked.
 */
export function vehicleStepStart(
  saved: CommercialVehicle | null,
  found: PlateVehicle | null,
): VehicleFormInput {
  const sameVehicle =
    saved &&
    found &&
    normaliseRegistration(saved.registrationNumber) === normaliseRegistration(found.registrationNumber);
  if (saved && (!found || sameVehicle)) return vehicleFormValues(saved);
  if (!found) return vehicleFormValues(null);
  return {
    ...vehicleFormValues(null),
    make: found.make,
    model: found.model,
    registrationNumber: spacedPlate(found.registrationNumber),
    chassisNumber: found.chassisNumber,
    engineNumber: found.engineNumber,
    engineCapacity: found.engineCapacity ? String(found.engineCapacity) : '',
    bodyType: found.bodyType,
    fuelType: found.fuelType ?? '',
    yearOfManufacture: found.yearOfManufacture ? String(found.yearOfManufacture) : '',
  };
}

/** Body types as registers write them, to the valuation's vehicle types (the first that matches). */
const BODY_TO_VEHICLE_TYPE: ReadonlyArray<[RegExp, ValuationFormInput['vehicleType']]> = [
  [/PICK\s?-?UP/i, 'pickup'],
  [/PRIME\s?MOVER/i, 'prime-mover'],
  [/TANK/i, 'tanker'],
  [/MINI\s?-?BUS|MATATU/i, 'matatu'],
  [/BUS/i, 'bus'],
  [/VAN/i, 'van'],
  [/LORRY|TRUCK/i, 'lorry'],
];

/**
 * The valuation's choices the found vehicle answers (issue 30): its vehicle type from the body the
 * register gives, and public service for a PSV. Blank where it does not say; the buyer chooses.
 */
export function valuationChoicesFrom(found: FoundVehicle | null): {
  vehicleType: string;
  primaryUse: string;
} {
  if (!found) return { vehicleType: '', primaryUse: '' };
  const vehicleType = BODY_TO_VEHICLE_TYPE.find(([pattern]) => pattern.test(found.bodyType))?.[1] ?? '';
  return { vehicleType, primaryUse: found.vehicleClass === 'psv' ? 'psv' : '' };
}
