import type { z } from 'zod';
import { formatKes } from '../money';
import type { CoverType, RatingRisk } from '../premium/types';
import {
  AIRCRAFT_TYPE_LABELS,
  AIRCRAFT_TYPES,
  AIRCRAFT_USE_LABELS,
  AIRCRAFT_USES,
  type AviationRisk,
  aviationRiskSchema,
  COMMERCIAL_COVER_TYPES,
  COMMERCIAL_USE_LABELS,
  COMMERCIAL_USES,
  COMMERCIAL_VEHICLE_TYPE_LABELS,
  COMMERCIAL_VEHICLE_TYPES,
  CONSTRUCTION_LABELS,
  CONSTRUCTION_TYPES,
  type CommercialRisk,
  commercialRiskSchema,
  commercialVehicleSchema,
  type FireDomesticRisk,
  fireDomesticRiskSchema,
  OCCUPANCY_LABELS,
  OCCUPANCY_TYPES,
  PREMISES_LABELS,
  PREMISES_TYPES,
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
  /**
   * The rating vocabulary `ratingRisk` produces: groups of sums insured, factors with their options,
   * counted quantities. A product's rows may only name these (the back office checks it), so a typed
   * factor can never silently fail to match a risk.
   */
  rating: {
    groups: readonly string[];
    options: Readonly<Record<string, readonly string[]>>;
    quantities: readonly string[];
  };
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
  rating: {
    groups: ['vehicle'],
    options: { primaryUse: COMMERCIAL_USES, vehicleType: COMMERCIAL_VEHICLE_TYPES },
    quantities: ['tonnageKg'],
  },
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
  rating: {
    groups: ['building', 'contents'],
    options: { construction: CONSTRUCTION_TYPES, occupancy: OCCUPANCY_TYPES },
    quantities: [],
  },
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
  rating: {
    groups: ['contents', 'highValue'],
    options: {
      premisesType: PREMISES_TYPES,
      ...Object.fromEntries(SECURITY_MEASURES.map((measure) => [measure, ['yes']])),
    },
    quantities: [],
  },
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
export const PILOT_EXPERIENCE_BANDS = ['under-250', '250-999', '1000-2999', '3000-plus'] as const;

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
  rating: {
    groups: ['hull'],
    options: { aircraftType: AIRCRAFT_TYPES, use: AIRCRAFT_USES, pilotExperience: PILOT_EXPERIENCE_BANDS },
    quantities: ['seats'],
  },
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
  rating: { groups: ['vehicle'], options: {}, quantities: [] },
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

/**
 * Where a rated product's rows name something its class's risks never produce: field paths of the
 * back-office configuration (`bands.2.group`, `loadings.0.option`…) with a message listing what the
 * class has. Empty for a class without a definition (nothing to check against).
 */
export function checkRatingVocabulary(
  insuranceClass: string,
  rows: {
    bands: ReadonlyArray<{ group?: string }>;
    loadings?: ReadonlyArray<{ factor: string; option: string }>;
    minimums?: ReadonlyArray<{ quantity: string }>;
    perUnit?: ReadonlyArray<{ quantity: string }>;
  },
): Array<{ field: string; message: string }> {
  const definition = classDefinitionOf(insuranceClass);
  if (!definition) return [];
  const { groups, options, quantities } = definition.rating;
  const list = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none');
  const errors: Array<{ field: string; message: string }> = [];
  rows.bands.forEach((band, index) => {
    const group = band.group ?? 'vehicle';
    if (!groups.includes(group))
      errors.push({
        field: `bands.${index}.group`,
        message: `${definition.name} has no sums insured "${group}" (it has: ${list(groups)}).`,
      });
  });
  (rows.loadings ?? []).forEach((loading, index) => {
    const known = options[loading.factor];
    if (!known) {
      errors.push({
        field: `loadings.${index}.factor`,
        message: `${definition.name} has no rating factor "${loading.factor}" (it has: ${list(Object.keys(options))}).`,
      });
    } else if (!known.includes(loading.option)) {
      errors.push({
        field: `loadings.${index}.option`,
        message: `"${loading.option}" is not an option of ${loading.factor} (its options: ${list(known)}).`,
      });
    }
  });
  for (const [name, items] of [
    ['minimums', rows.minimums ?? []],
    ['perUnit', rows.perUnit ?? []],
  ] as const) {
    items.forEach((item, index) => {
      if (!quantities.includes(item.quantity))
        errors.push({
          field: `${name}.${index}.quantity`,
          message: `${definition.name} counts no quantity "${item.quantity}" (it counts: ${list(quantities)}).`,
        });
    });
  }
  return errors;
}
