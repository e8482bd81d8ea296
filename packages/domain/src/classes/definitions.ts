import type { z } from 'zod';
import { formatKes } from '../money';
import type { CoverType, RatingRisk } from '../premium/types';
import {
  AIRCRAFT_TYPE_LABELS,
  AIRCRAFT_USE_LABELS,
  type AviationRisk,
  aviationRiskSchema,
  COMMERCIAL_COVER_TYPES,
  COMMERCIAL_USE_LABELS,
  COMMERCIAL_VEHICLE_TYPE_LABELS,
  CONSTRUCTION_LABELS,
  type CommercialRisk,
  commercialRiskSchema,
  commercialVehicleSchema,
  type FireDomesticRisk,
  fireDomesticRiskSchema,
  OCCUPANCY_LABELS,
  PREMISES_LABELS,
  SECURITY_LABELS,
  SECURITY_MEASURES,
  type TheftRisk,
  theftRiskSchema,
} from './risks';

const KES = (shillings: number) => shillings * 100;

/**
 * An insurance class as data: its cover types, its risk (a zod schema shared with the web), how the
 * risk becomes the rating's facts, the risk's reference and the lines its policy schedule prints.
 * Adding a class is a definition here, its sample market and its screens — not a copy of motor.
 */
export interface ClassDefinition<Risk = unknown> {
  /** `insurance_products.class_code`. */
  insuranceClass: string;
  name: string;
  coverTypes: readonly CoverType[];
  /** The risk as the client enters it (whole shillings); absent for motor private (vehicle value only). */
  riskSchema: z.ZodType<Risk> | null;
  /** The vehicle details it needs before a quotation (motor classes), or null. */
  vehicleSchema: z.ZodType<unknown> | null;
  /** The rating facts of a risk: sums insured in cents, factor options, quantities. */
  ratingRisk(risk: Risk): RatingRisk;
  /** The risk's reference on the quotation (a plate, an aircraft registration, an address), and its label. */
  riskRef(risk: Risk, vehicle: Record<string, unknown> | null): string;
  riskLabel: string;
  /** What the policy schedule prints about the risk, as label and value. */
  scheduleLines(risk: Risk): Array<[string, string]>;
}

const total = (values: Record<string, number>) =>
  Object.values(values).reduce((sum, value) => sum + value, 0);
/** The total sum insured of a risk's facts, in cents. */
export const sumInsuredOf = (risk: RatingRisk) => total({ ...risk.values });

export const motorCommercialClass: ClassDefinition<CommercialRisk> = {
  insuranceClass: '08',
  name: 'Motor Commercial',
  coverTypes: COMMERCIAL_COVER_TYPES,
  riskSchema: commercialRiskSchema,
  vehicleSchema: commercialVehicleSchema,
  ratingRisk: (risk) => ({
    values: { vehicle: risk.coverType === 'third-party-commercial' ? 0 : KES(risk.vehicleValue) },
    options: { primaryUse: risk.usageDetails.primaryUse, vehicleType: risk.vehicleType },
    quantities: { tonnageKg: Math.round(risk.tonnageCapacity * 1000) },
  }),
  riskLabel: 'Registration',
  riskRef: (_risk, vehicle) => String(vehicle?.registrationNumber ?? 'COMMERCIAL'),
  scheduleLines: (risk) => [
    ['Vehicle type', COMMERCIAL_VEHICLE_TYPE_LABELS[risk.vehicleType]],
    ['Tonnage capacity', `${risk.tonnageCapacity} tonnes`],
    ['Primary use', COMMERCIAL_USE_LABELS[risk.usageDetails.primaryUse]],
    ['Goods carried', risk.usageDetails.goodsCarried],
    ['Routes', risk.usageDetails.routes],
  ],
};

export const fireDomesticClass: ClassDefinition<FireDomesticRisk> = {
  insuranceClass: '03',
  name: 'Fire Domestic',
  coverTypes: ['fire-domestic'],
  riskSchema: fireDomesticRiskSchema,
  vehicleSchema: null,
  ratingRisk: (risk) => ({
    values: { building: KES(risk.buildingValue), contents: KES(risk.contentsValue) },
    options: { construction: risk.construction, occupancy: risk.occupancy },
    quantities: {},
  }),
  riskLabel: 'Location',
  riskRef: (risk) => `${risk.location.town}, ${risk.location.county}`.slice(0, 120),
  scheduleLines: (risk) => [
    ['Building sum insured', formatKes(KES(risk.buildingValue))],
    ['Contents sum insured', formatKes(KES(risk.contentsValue))],
    ['Location', `${risk.location.town}, ${risk.location.county} County`],
    ['Construction', CONSTRUCTION_LABELS[risk.construction]],
    ['Occupancy', OCCUPANCY_LABELS[risk.occupancy]],
  ],
};

export const theftClass: ClassDefinition<TheftRisk> = {
  insuranceClass: '05',
  name: 'Theft Insurance',
  coverTypes: ['burglary'],
  riskSchema: theftRiskSchema,
  vehicleSchema: null,
  ratingRisk: (risk) => ({
    values: {
      contents: KES(risk.contentsValue),
      highValue: KES(risk.highValueItems.reduce((sum, item) => sum + item.value, 0)),
    },
    options: {
      premisesType: risk.premisesType,
      ...Object.fromEntries(
        SECURITY_MEASURES.filter((measure) => risk.security[measure]).map((measure) => [measure, 'yes']),
      ),
    },
    quantities: {},
  }),
  riskLabel: 'Premises',
  riskRef: (risk) => PREMISES_LABELS[risk.premisesType],
  scheduleLines: (risk) => [
    ['Premises', PREMISES_LABELS[risk.premisesType]],
    ['Contents sum insured', formatKes(KES(risk.contentsValue))],
    ...risk.highValueItems.map((item): [string, string] => [
      `High-value item: ${item.description}`,
      formatKes(KES(item.value)),
    ]),
    [
      'Security',
      SECURITY_MEASURES.filter((measure) => risk.security[measure])
        .map((measure) => SECURITY_LABELS[measure])
        .join('; ') || 'None declared',
    ],
  ],
};

/** Pilot experience bands, as a rating factor's options. */
export function pilotExperienceBand(hours: number): string {
  if (hours < 250) return 'under-250';
  if (hours < 1000) return '250-999';
  if (hours < 3000) return '1000-2999';
  return '3000-plus';
}

export const aviationClass: ClassDefinition<AviationRisk> = {
  insuranceClass: '04',
  name: 'Aviation Insurance',
  coverTypes: ['aviation-hull-liability'],
  riskSchema: aviationRiskSchema,
  vehicleSchema: null,
  ratingRisk: (risk) => ({
    values: { hull: KES(risk.hullValue) },
    options: {
      aircraftType: risk.aircraftType,
      use: risk.use,
      pilotExperience: pilotExperienceBand(risk.pilotHours),
    },
    quantities: { seats: risk.seats },
  }),
  riskLabel: 'Aircraft registration',
  riskRef: (risk) => risk.registration,
  scheduleLines: (risk) => [
    ['Aircraft', AIRCRAFT_TYPE_LABELS[risk.aircraftType]],
    ['Registration', risk.registration],
    ['Hull value', formatKes(KES(risk.hullValue))],
    ['Seats', String(risk.seats)],
    ['Use', AIRCRAFT_USE_LABELS[risk.use]],
    ["Pilot's flying hours", risk.pilotHours.toLocaleString('en-KE')],
  ],
};

/** Motor private: rated on its vehicle's value alone; its vehicle form is the purchase flow's. */
export const motorPrivateClass: ClassDefinition<{ vehicleValue: number }> = {
  insuranceClass: '07',
  name: 'Motor Private',
  coverTypes: ['comprehensive', 'third-party-fire-theft', 'third-party'],
  riskSchema: null,
  vehicleSchema: null,
  ratingRisk: (risk) => ({ values: { vehicle: risk.vehicleValue }, options: {}, quantities: {} }),
  riskLabel: 'Registration',
  riskRef: (_risk, vehicle) => String(vehicle?.registrationNumber ?? ''),
  scheduleLines: () => [],
};

export const CLASS_DEFINITIONS: readonly ClassDefinition<never>[] = [
  motorPrivateClass,
  motorCommercialClass,
  fireDomesticClass,
  theftClass,
  aviationClass,
] as unknown as ClassDefinition<never>[];

/** The definition of an insurance class, by its code; undefined for a class we do not sell. */
export function classDefinitionOf(insuranceClass: string): ClassDefinition<unknown> | undefined {
  return CLASS_DEFINITIONS.find((definition) => definition.insuranceClass === insuranceClass) as
    | ClassDefinition<unknown>
    | undefined;
}

/**
 * What a quotation or policy insures, in one line for lists: its label and reference (a motor
 * vehicle's plate; a home's location; an aircraft's registration). Unknown or unreadable risks fall
 * back to the vehicle's plate.
 */
export function riskReferenceOf(
  insuranceClass: string,
  details: unknown,
  vehicle: Record<string, unknown> | null,
): { label: string; value: string } {
  const definition = classDefinitionOf(insuranceClass) ?? motorPrivateClass;
  const parsed = definition.riskSchema ? definition.riskSchema.safeParse(details) : null;
  if (parsed && !parsed.success) return { label: definition.riskLabel, value: 'N/A' };
  const plate = vehicle?.registrationNumber;
  const value = parsed
    ? definition.riskRef(parsed.data, vehicle)
    : typeof plate === 'string' && plate
      ? plate
      : 'N/A';
  return { label: definition.riskLabel, value };
}
