import { z } from 'zod';
import { kenyanPhoneSchema } from '../account';
import { isChassisNumber, normaliseChassisNumber } from '../identifiers';
import { amountSchema, choiceSchema, countSchema } from '../numbers';
import { FUEL_TYPES, REGISTRATION_PATTERN } from '../purchase';

/**
 * The risks of the classes sold besides motor private: what a client tells us about the thing
 * insured, in whole shillings, validated the same way in the browser and on the server.
 */

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
// Amounts as people type them ("5,000,000", "5 000 000"; numbers.ts): a wrong form is never "required".
const shillings = (requiredMessage: string, positiveMessage: string) =>
  amountSchema({ required: requiredMessage, min: 1, range: positiveMessage });
const optionalShillings = (message: string) =>
  amountSchema({ required: message, range: message, emptyAs: 0 });

export const CLASS_MESSAGES = {
  vehicleValuePositive: 'Vehicle value must be greater than 0',
  coverTypeRequired: 'Please select a cover type.',
  invalidCoverType: 'Invalid cover type',
  planRequired: 'Please select a plan.',
  noQuotations: 'No quotations available for the selected criteria. Please try again with different values.',
  vehicleTypeRequired: 'Vehicle type is required.',
  tonnageRequired: 'Tonnage capacity is required.',
  tonnageRange: 'Tonnage capacity must be between 0.5 and 60 tonnes.',
  primaryUseRequired: 'Primary use is required.',
  goodsCarriedRequired: 'Goods carried is required.',
  routesRequired: 'Routes are required.',
  buildingOrContents: 'Enter the value of the building, the contents, or both.',
  sumInsured: 'Enter a whole, positive amount in shillings.',
  countyRequired: 'County is required.',
  townRequired: 'Town or estate is required.',
  constructionRequired: 'Construction is required.',
  occupancyRequired: 'Occupancy is required.',
  contentsRequired: 'Contents value is required.',
  contentsPositive: 'Contents value must be greater than 0.',
  itemDescriptionRequired: 'Describe the item.',
  itemValuePositive: 'Item value must be greater than 0.',
  tooManyItems: 'List at most 10 high-value items.',
  premisesRequired: 'Type of premises is required.',
  aircraftTypeRequired: 'Aircraft type is required.',
  registrationRequired: 'Aircraft registration is required.',
  registrationInvalid: 'Enter a Kenyan aircraft registration (e.g., 5Y-ABC).',
  hullValueRequired: 'Hull value is required.',
  hullValuePositive: 'Hull value must be greater than 0.',
  seatsRequired: 'Number of seats is required.',
  seatsRange: 'Seats must be between 1 and 50.',
  aircraftUseRequired: 'Use of the aircraft is required.',
  pilotHoursRequired: "The pilot's flying hours are required.",
  pilotHoursInvalid: "The pilot's flying hours must be a number, e.g. 1,500.",
  pilotHoursRange: 'Flying hours must be a whole number from 0 to 40,000.',
} as const;

// ── Motor commercial (spec-2 "Motor commercial wizard", §3) ─────────────────────────────────────
export const COMMERCIAL_COVER_TYPES = ['comprehensive-commercial', 'third-party-commercial'] as const;
export type CommercialCoverType = (typeof COMMERCIAL_COVER_TYPES)[number];
export const COMMERCIAL_COVER_LABELS: Record<CommercialCoverType, string> = {
  'comprehensive-commercial': 'Comprehensive Commercial Cover',
  'third-party-commercial': 'Third Party Commercial Only',
};

export const COMMERCIAL_VEHICLE_TYPES = [
  'pickup',
  'van',
  'lorry',
  'prime-mover',
  'tanker',
  'bus',
  'matatu',
] as const;
export const COMMERCIAL_VEHICLE_TYPE_LABELS: Record<(typeof COMMERCIAL_VEHICLE_TYPES)[number], string> = {
  pickup: 'Pick-up',
  van: 'Van',
  lorry: 'Lorry / truck',
  'prime-mover': 'Prime mover',
  tanker: 'Tanker',
  bus: 'Bus',
  matatu: 'Matatu (14-seater)',
};
export const COMMERCIAL_USES = ['own-goods', 'general-cartage', 'psv'] as const;
export type CommercialUse = (typeof COMMERCIAL_USES)[number];
export const COMMERCIAL_USE_LABELS: Record<CommercialUse, string> = {
  'own-goods': 'Own goods',
  'general-cartage': 'General cartage (carrying for hire)',
  psv: 'Public service vehicle (PSV)',
};

/** The valuation step: value (0 for third-party), vehicle type, tonnage and how it is used. */
export const commercialRiskSchema = z
  .object({
    // spec-2 §8: a cover type other than the two is 'Invalid cover type'; none chosen asks for one.
    coverType: z.enum(COMMERCIAL_COVER_TYPES, {
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? CLASS_MESSAGES.coverTypeRequired
          : CLASS_MESSAGES.invalidCoverType,
    }),
    vehicleValue: optionalShillings(CLASS_MESSAGES.vehicleValuePositive),
    vehicleType: choiceSchema(COMMERCIAL_VEHICLE_TYPES, CLASS_MESSAGES.vehicleTypeRequired),
    tonnageCapacity: z.coerce
      .number({ error: CLASS_MESSAGES.tonnageRequired })
      .refine((value) => Number.isFinite(value) && value >= 0.5 && value <= 60, {
        error: CLASS_MESSAGES.tonnageRange,
      }),
    usageDetails: z.object({
      primaryUse: choiceSchema(COMMERCIAL_USES, CLASS_MESSAGES.primaryUseRequired),
      goodsCarried: required(CLASS_MESSAGES.goodsCarriedRequired).pipe(z.string().max(200)),
      routes: required(CLASS_MESSAGES.routesRequired).pipe(z.string().max(200)),
    }),
  })
  .superRefine((risk, context) => {
    if (risk.coverType === 'comprehensive-commercial' && !(risk.vehicleValue > 0)) {
      context.addIssue({
        code: 'custom',
        path: ['vehicleValue'],
        message: CLASS_MESSAGES.vehicleValuePositive,
      });
    }
  });
export type CommercialRisk = z.infer<typeof commercialRiskSchema>;

export const COMMERCIAL_VEHICLE_MESSAGES = {
  make: 'Make is required.',
  model: 'Model is required.',
  registrationNumber: 'Registration number is required.',
  registrationInvalid: 'Please enter a valid registration number (e.g., KAA 123A)',
  chassisNumber: 'Chassis number is required.',
  chassisLength: 'Chassis number should be 17 characters long',
  engineNumber: 'Engine number is required.',
  engineCapacity: 'Engine capacity is required.',
  engineCapacityPositive: 'Engine capacity must be greater than 0',
  engineCapacityInvalid: 'Engine capacity must be a number of cc, e.g. 1,500.',
  bodyType: 'Body type is required.',
  fuelType: 'Fuel type is required.',
  purpose: 'Purpose is required.',
  modifications: 'Please specify if the vehicle has modifications.',
  yearOfManufacture: 'Year of manufacture is required.',
  yearOfManufactureInvalid: 'Enter the year the vehicle was made (e.g., 2018).',
} as const;

/** The commercial wizard's vehicle details: every field required (spec-2), the year as the certificate needs it. */
export const commercialVehicleSchema = z.object({
  make: required(COMMERCIAL_VEHICLE_MESSAGES.make),
  model: required(COMMERCIAL_VEHICLE_MESSAGES.model),
  registrationNumber: required(COMMERCIAL_VEHICLE_MESSAGES.registrationNumber)
    .transform((plate) => plate.toUpperCase())
    .pipe(z.string().regex(REGISTRATION_PATTERN, COMMERCIAL_VEHICLE_MESSAGES.registrationInvalid)),
  chassisNumber: required(COMMERCIAL_VEHICLE_MESSAGES.chassisNumber)
    .transform(normaliseChassisNumber)
    .pipe(z.string().refine(isChassisNumber, COMMERCIAL_VEHICLE_MESSAGES.chassisLength)),
  engineNumber: required(COMMERCIAL_VEHICLE_MESSAGES.engineNumber),
  engineCapacity: countSchema({
    required: COMMERCIAL_VEHICLE_MESSAGES.engineCapacity,
    invalid: COMMERCIAL_VEHICLE_MESSAGES.engineCapacityInvalid,
    range: COMMERCIAL_VEHICLE_MESSAGES.engineCapacityPositive,
    min: 1,
    max: 30_000,
  }),
  bodyType: required(COMMERCIAL_VEHICLE_MESSAGES.bodyType),
  fuelType: choiceSchema(FUEL_TYPES, COMMERCIAL_VEHICLE_MESSAGES.fuelType),
  purpose: required(COMMERCIAL_VEHICLE_MESSAGES.purpose),
  modifications: choiceSchema(['yes', 'no'], COMMERCIAL_VEHICLE_MESSAGES.modifications),
  yearOfManufacture: z.coerce
    .number({ error: COMMERCIAL_VEHICLE_MESSAGES.yearOfManufacture })
    .int(COMMERCIAL_VEHICLE_MESSAGES.yearOfManufactureInvalid)
    .min(1900, COMMERCIAL_VEHICLE_MESSAGES.yearOfManufactureInvalid)
    .max(2100, COMMERCIAL_VEHICLE_MESSAGES.yearOfManufactureInvalid),
});
export type CommercialVehicle = z.infer<typeof commercialVehicleSchema>;

/** spec-2 §5: the commercial wizard's KYC step messages, word for word. */
export const COMMERCIAL_KYC_MESSAGES = {
  fullName: 'Full name is required.',
  idNumber: 'ID number is required.',
  email: 'Email address is required.',
  emailInvalid: 'Please enter a valid email address',
  phoneNumber: 'Phone number is required.',
  phoneInvalid: 'Please enter a valid Kenyan phone number (e.g., 0712345678 or +254712345678)',
  kraPin: 'KRA PIN is required.',
  kraPinInvalid: 'Please enter a valid KRA PIN (e.g., A123456789X)',
  address: 'Address is required.',
  addressLength: 'Address must be at least 10 characters long',
  idNumberInvalid: 'Enter the ID or passport number (6 to 12 letters or digits).',
} as const;

const KRA_PIN = /^[A-Z]\d{9}[A-Z]$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The KYC of the commercial wizard and the other classes' flows (spec-2 §3 "Commercial kycDetails"). */
export const classKycSchema = z.object({
  fullName: required(COMMERCIAL_KYC_MESSAGES.fullName).pipe(z.string().max(120)),
  idNumber: required(COMMERCIAL_KYC_MESSAGES.idNumber).pipe(
    z.string().regex(/^[A-Za-z0-9]{6,12}$/, COMMERCIAL_KYC_MESSAGES.idNumberInvalid),
  ),
  kraPin: required(COMMERCIAL_KYC_MESSAGES.kraPin)
    .transform((pin) => pin.toUpperCase())
    .pipe(z.string().regex(KRA_PIN, COMMERCIAL_KYC_MESSAGES.kraPinInvalid)),
  phoneNumber: kenyanPhoneSchema({
    required: COMMERCIAL_KYC_MESSAGES.phoneNumber,
    invalid: COMMERCIAL_KYC_MESSAGES.phoneInvalid,
    format: 'local',
  }),
  email: required(COMMERCIAL_KYC_MESSAGES.email).pipe(
    z.string().regex(EMAIL, COMMERCIAL_KYC_MESSAGES.emailInvalid),
  ),
  address: required(COMMERCIAL_KYC_MESSAGES.address).pipe(
    z.string().min(10, COMMERCIAL_KYC_MESSAGES.addressLength).max(300),
  ),
});
export type ClassKyc = z.infer<typeof classKycSchema>;

// ── Fire domestic ───────────────────────────────────────────────────────────────────────────────
export const CONSTRUCTION_TYPES = ['stone-tile', 'stone-iron', 'timber', 'semi-permanent'] as const;
export const CONSTRUCTION_LABELS: Record<(typeof CONSTRUCTION_TYPES)[number], string> = {
  'stone-tile': 'Stone or block walls, tiled or concrete roof',
  'stone-iron': 'Stone or block walls, iron-sheet roof',
  timber: 'Timber walls',
  'semi-permanent': 'Semi-permanent (mud, thatch)',
};
export const OCCUPANCY_TYPES = ['owner-occupied', 'tenant-occupied', 'holiday-home'] as const;
export const OCCUPANCY_LABELS: Record<(typeof OCCUPANCY_TYPES)[number], string> = {
  'owner-occupied': 'Lived in by the owner',
  'tenant-occupied': 'Let to tenants',
  'holiday-home': 'Holiday home (often empty)',
};

export const fireDomesticRiskSchema = z
  .object({
    buildingValue: optionalShillings(CLASS_MESSAGES.sumInsured),
    contentsValue: optionalShillings(CLASS_MESSAGES.sumInsured),
    location: z.object({
      county: required(CLASS_MESSAGES.countyRequired).pipe(z.string().max(60)),
      town: required(CLASS_MESSAGES.townRequired).pipe(z.string().max(120)),
    }),
    construction: choiceSchema(CONSTRUCTION_TYPES, CLASS_MESSAGES.constructionRequired),
    occupancy: choiceSchema(OCCUPANCY_TYPES, CLASS_MESSAGES.occupancyRequired),
  })
  .superRefine((risk, context) => {
    if (!(risk.buildingValue > 0) && !(risk.contentsValue > 0)) {
      context.addIssue({
        code: 'custom',
        path: ['buildingValue'],
        message: CLASS_MESSAGES.buildingOrContents,
      });
    }
  });
export type FireDomesticRisk = z.infer<typeof fireDomesticRiskSchema>;

// ── Theft (burglary) ────────────────────────────────────────────────────────────────────────────
export const PREMISES_TYPES = ['house', 'apartment', 'shop', 'office'] as const;
export const PREMISES_LABELS: Record<(typeof PREMISES_TYPES)[number], string> = {
  house: 'Standalone house',
  apartment: 'Apartment',
  shop: 'Shop',
  office: 'Office',
};
export const SECURITY_MEASURES = ['alarm', 'guard', 'burglarBars', 'electricFence'] as const;
export type SecurityMeasure = (typeof SECURITY_MEASURES)[number];
export const SECURITY_LABELS: Record<SecurityMeasure, string> = {
  alarm: 'Monitored alarm with response',
  guard: 'Security guard, day and night',
  burglarBars: 'Burglar-proof bars and grilles',
  electricFence: 'Electric fence',
};

export const theftRiskSchema = z.object({
  premisesType: choiceSchema(PREMISES_TYPES, CLASS_MESSAGES.premisesRequired),
  contentsValue: shillings(CLASS_MESSAGES.contentsRequired, CLASS_MESSAGES.contentsPositive),
  highValueItems: z
    .array(
      z.object({
        description: required(CLASS_MESSAGES.itemDescriptionRequired).pipe(z.string().max(120)),
        value: shillings(CLASS_MESSAGES.itemValuePositive, CLASS_MESSAGES.itemValuePositive),
      }),
    )
    .max(10, CLASS_MESSAGES.tooManyItems)
    .default([]),
  security: z.object({
    alarm: z.boolean().default(false),
    guard: z.boolean().default(false),
    burglarBars: z.boolean().default(false),
    electricFence: z.boolean().default(false),
  }),
});
export type TheftRisk = z.infer<typeof theftRiskSchema>;

// ── Aviation ────────────────────────────────────────────────────────────────────────────────────
export const AIRCRAFT_TYPES = [
  'single-piston',
  'twin-piston',
  'turboprop',
  'helicopter',
  'light-jet',
] as const;
export const AIRCRAFT_TYPE_LABELS: Record<(typeof AIRCRAFT_TYPES)[number], string> = {
  'single-piston': 'Single-engine piston (e.g. Cessna 172)',
  'twin-piston': 'Twin-engine piston',
  turboprop: 'Turboprop (e.g. Cessna Caravan)',
  helicopter: 'Helicopter',
  'light-jet': 'Light jet',
};
export const AIRCRAFT_USES = ['private', 'charter', 'training', 'agricultural'] as const;
export const AIRCRAFT_USE_LABELS: Record<(typeof AIRCRAFT_USES)[number], string> = {
  private: 'Private and business flying',
  charter: 'Charter (hire and reward)',
  training: 'Flight training',
  agricultural: 'Agricultural spraying',
};
/** Kenyan civil aircraft: 5Y-, then three letters. */
export const AIRCRAFT_REGISTRATION = /^5Y-[A-Z]{3}$/;

export const aviationRiskSchema = z.object({
  aircraftType: choiceSchema(AIRCRAFT_TYPES, CLASS_MESSAGES.aircraftTypeRequired),
  registration: required(CLASS_MESSAGES.registrationRequired)
    .transform((value) => value.toUpperCase().replace(/\s+/g, ''))
    .pipe(z.string().regex(AIRCRAFT_REGISTRATION, CLASS_MESSAGES.registrationInvalid)),
  hullValue: shillings(CLASS_MESSAGES.hullValueRequired, CLASS_MESSAGES.hullValuePositive),
  seats: countSchema({
    required: CLASS_MESSAGES.seatsRequired,
    invalid: CLASS_MESSAGES.seatsRange,
    range: CLASS_MESSAGES.seatsRange,
    min: 1,
    max: 50,
  }),
  use: choiceSchema(AIRCRAFT_USES, CLASS_MESSAGES.aircraftUseRequired),
  pilotHours: countSchema({
    required: CLASS_MESSAGES.pilotHoursRequired,
    invalid: CLASS_MESSAGES.pilotHoursInvalid,
    range: CLASS_MESSAGES.pilotHoursRange,
    max: 40_000,
  }),
});
export type AviationRisk = z.infer<typeof aviationRiskSchema>;
