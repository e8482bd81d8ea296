import { createHash } from 'node:crypto';
import { PLATE_SEARCH_PATTERN } from '@bima/domain/vehicle-search';
import type { DmvicVehicle } from './port';

/**
 * The local DMVIC simulator's vehicle register: a few real-looking plates (listed in the README),
 * the plates that reproduce production's failures, and generated, deterministic details for any
 * other well-formed plate so every journey keeps working. Owner details are held as NTSA would hold
 * them, so tests can show they never leave the client.
 */
export interface RegisterEntry extends DmvicVehicle {
  /** What NTSA holds and the portal must never show. */
  ownerName: string;
}

/** What a failure plate does (the README's table). */
export type FailurePlate =
  | 'double-insurance'
  | 'not-in-ntsa'
  | 'mismatch'
  | 'no-stock'
  | 'expired-token'
  | 'account-locked'
  | 'timeout'
  | 'server-error'
  | 'coverage-gap';

/** The sample register: a private car, a hatchback, an SUV, a pick-up, a lorry, a matatu, a motor cycle. */
export const SAMPLE_REGISTER: readonly RegisterEntry[] = [
  {
    registrationNumber: 'KDJ501A',
    make: 'TOYOTA',
    model: 'FIELDER',
    yearOfManufacture: 2015,
    chassisNumber: 'NZE161-7012345',
    engineNumber: '1NZ-A512345',
    bodyType: 'STATION WAGON',
    vehicleClass: 'private',
    engineCapacity: 1500,
    fuelType: 'Petrol',
    colour: 'SILVER',
    ownerName: 'JANE WANJIKU KAMAU',
  },
  {
    registrationNumber: 'KCY218B',
    make: 'MAZDA',
    model: 'DEMIO',
    yearOfManufacture: 2014,
    chassisNumber: 'DJ3FS-301234',
    engineNumber: 'P3-1023456',
    bodyType: 'HATCHBACK',
    vehicleClass: 'private',
    engineCapacity: 1300,
    fuelType: 'Petrol',
    colour: 'RED',
    ownerName: 'PETER OTIENO ODHIAMBO',
  },
  {
    registrationNumber: 'KDN612E',
    make: 'TOYOTA',
    model: 'HARRIER',
    yearOfManufacture: 2018,
    chassisNumber: 'ZSU60-0098765',
    engineNumber: '3ZR-2219876',
    bodyType: 'STATION WAGON',
    vehicleClass: 'private',
    engineCapacity: 2500,
    fuelType: 'Hybrid',
    colour: 'BLACK',
    ownerName: 'AMINA HASSAN ALI',
  },
  {
    registrationNumber: 'KCQ305F',
    make: 'SUBARU',
    model: 'FORESTER',
    yearOfManufacture: 2013,
    chassisNumber: 'SJ5-012345',
    engineNumber: 'FB20-776655',
    bodyType: 'STATION WAGON',
    vehicleClass: 'private',
    engineCapacity: 2000,
    fuelType: 'Petrol',
    colour: 'BLUE',
    ownerName: 'JOHN MWANGI NJOROGE',
  },
  {
    registrationNumber: 'KDK734C',
    make: 'ISUZU',
    model: 'D-MAX',
    yearOfManufacture: 2019,
    chassisNumber: 'MPATFS86JKT004321',
    engineNumber: '4JK1-778899',
    bodyType: 'PICK-UP',
    vehicleClass: 'commercial',
    engineCapacity: 3000,
    fuelType: 'Diesel',
    colour: 'WHITE',
    ownerName: 'KAMAU HARDWARE LIMITED',
  },
  {
    registrationNumber: 'KBZ409D',
    make: 'MITSUBISHI',
    model: 'FUSO FH',
    yearOfManufacture: 2012,
    chassisNumber: 'FH215J-540321',
    engineNumber: '6M60-112233',
    bodyType: 'LORRY',
    vehicleClass: 'commercial',
    engineCapacity: 7500,
    fuelType: 'Diesel',
    colour: 'WHITE',
    ownerName: 'RIFT VALLEY HAULIERS LIMITED',
  },
  {
    registrationNumber: 'KCT880M',
    make: 'NISSAN',
    model: 'CARAVAN',
    yearOfManufacture: 2016,
    chassisNumber: 'VW6E25-012345',
    engineNumber: 'ZD30-445566',
    bodyType: 'MINI BUS',
    vehicleClass: 'psv',
    engineCapacity: 3000,
    fuelType: 'Diesel',
    colour: 'WHITE',
    ownerName: 'SUPER METRO SACCO',
  },
  {
    registrationNumber: 'KMEA201A',
    make: 'BOXER',
    model: 'BM 150',
    yearOfManufacture: 2021,
    chassisNumber: 'MD2A21BZ5MWB12345',
    engineNumber: 'PFZWMB12345',
    bodyType: 'MOTOR CYCLE',
    vehicleClass: 'motorcycle',
    engineCapacity: 150,
    fuelType: 'Petrol',
    colour: 'RED',
    ownerName: 'DAVID KIPTOO RONO',
  },
];

/** The plates that reproduce DMVIC's and NTSA's failures (the README lists them). */
export const FAILURE_PLATES: Readonly<Record<string, FailurePlate>> = {
  KDV001X: 'double-insurance',
  KDV002X: 'not-in-ntsa',
  KDV003X: 'mismatch',
  KDV004X: 'no-stock',
  KDV005X: 'expired-token',
  KDV006X: 'account-locked',
  KDV007X: 'timeout',
  KDV008X: 'server-error',
  KDV009X: 'coverage-gap',
};

/** The insurer already covering the double-insurance plate. */
export const EXISTING_COVER_INSURER = 'APA INSURANCE LIMITED';

/** A car plate (KDA 123A, any three letters as the portal accepts) or a motor cycle's (KMDA 123A). */
export const SIMULATOR_PLATE = PLATE_SEARCH_PATTERN;
const MOTORCYCLE_PLATE = /^KM[A-Z]{2}\d{3}[A-Z]$/;

const CARS: Array<[make: string, model: string, frame: string, engine: string, body: string, cc: number]> = [
  ['TOYOTA', 'AXIO', 'NZE161', '1NZ', 'SALOON', 1500],
  ['TOYOTA', 'PREMIO', 'ZRT260', '2ZR', 'SALOON', 1800],
  ['NISSAN', 'NOTE', 'E12', 'HR12', 'HATCHBACK', 1200],
  ['MAZDA', 'CX-5', 'KE2FW', 'SH', 'STATION WAGON', 2200],
  ['HONDA', 'FIT', 'GP5', 'LEB', 'HATCHBACK', 1500],
  ['VOLKSWAGEN', 'GOLF', 'AUCJZ', 'CJZ', 'HATCHBACK', 1200],
  ['SUBARU', 'IMPREZA', 'GP7', 'FB20', 'SALOON', 2000],
  ['MERCEDES BENZ', 'C200', 'W205', 'M274', 'SALOON', 2000],
];
const COLOURS = ['SILVER', 'WHITE', 'BLACK', 'GREY', 'BLUE', 'RED', 'MAROON'];
const MOTORCYCLES: Array<[make: string, model: string]> = [
  ['TVS', 'HLX 125'],
  ['HONDA', 'ACE 125'],
  ['BAJAJ', 'BOXER 150'],
];

const digits = (seed: Buffer, from: number, count: number) =>
  Array.from(seed.subarray(from, from + count), (byte) => String(byte % 10)).join('');

/** Details for a plate the register does not list: the same plate always gets the same vehicle. */
export function generatedVehicle(registrationNumber: string): RegisterEntry {
  const seed = createHash('sha256').update(registrationNumber).digest();
  const yearOfManufacture = 2008 + (seed[1]! % 15);
  const colour = COLOURS[seed[20]! % COLOURS.length]!;
  if (MOTORCYCLE_PLATE.test(registrationNumber)) {
    const [make, model] = MOTORCYCLES[seed[0]! % MOTORCYCLES.length]!;
    return {
      registrationNumber,
      make,
      model,
      yearOfManufacture,
      chassisNumber: `MD6${digits(seed, 2, 14)}`,
      engineNumber: `E${digits(seed, 16, 9)}`,
      bodyType: 'MOTOR CYCLE',
      vehicleClass: 'motorcycle',
      engineCapacity: 125,
      fuelType: 'Petrol',
      colour,
      ownerName: 'GENERATED OWNER',
    };
  }
  const [make, model, frame, engine, bodyType, engineCapacity] = CARS[seed[0]! % CARS.length]!;
  return {
    registrationNumber,
    make,
    model,
    yearOfManufacture,
    chassisNumber: `${frame}-${digits(seed, 2, 7)}`,
    engineNumber: `${engine}-${digits(seed, 9, 6)}`,
    bodyType,
    vehicleClass: 'private',
    engineCapacity,
    fuelType: engineCapacity >= 2000 && seed[21]! % 3 === 0 ? 'Diesel' : 'Petrol',
    colour,
    ownerName: 'GENERATED OWNER',
  };
}

/** What NTSA holds for a plate: the sample register's record, a failure plate's, or a generated one; null when NTSA has none. */
export function registerRecord(registrationNumber: string): RegisterEntry | null {
  const plate = registrationNumber.replace(/\s+/g, '').toUpperCase();
  if (!SIMULATOR_PLATE.test(plate)) return null;
  if (FAILURE_PLATES[plate] === 'not-in-ntsa') return null;
  return SAMPLE_REGISTER.find((vehicle) => vehicle.registrationNumber === plate) ?? generatedVehicle(plate);
}

/** Whether the register's record is fixed (a sample plate): only those have their chassis checked. */
export const isSamplePlate = (plate: string) =>
  SAMPLE_REGISTER.some((vehicle) => vehicle.registrationNumber === plate);
