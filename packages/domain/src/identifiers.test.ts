import { describe, expect, it } from 'vitest';
import { isChassisNumber } from './identifiers';
import { fullVehicleSchema, VEHICLE_MESSAGES, vehicleIdentitySchema } from './purchase';

const identity = {
  make: 'Toyota',
  model: 'Fielder',
  registrationNumber: 'KDA 123B',
};

describe('chassis numbers: a VIN or a Japanese frame number', () => {
  it.each([
    'JTEBU5JR5K5123456',
    'jtdbr32e720123456',
    'NZE161-3012345',
    'nze161-3012345',
    ' GP5-3012345 ',
    'KDH200-0012345',
    'ZVW30-1234567',
    'ZRE142-1234567',
  ])('accepts %s', (value) => {
    expect(isChassisNumber(value)).toBe(true);
    const parsed = vehicleIdentitySchema.safeParse({ ...identity, chassisNumber: value });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.chassisNumber).toBe(value.trim().toUpperCase());
  });

  it.each([
    'SHORT',
    'NZE161',
    'JTEBU5JR5K512345', // 16
    'JTEBU5JR5K51234567', // 18
    'JTEBU5JR5K51234O6', // O is never in a VIN
    'JTEBU5JR5K51234I6',
    'NZE161-30',
    'NZE161 3012345',
    '161NZE-3012345',
  ])("refuses %s with the spec's message", (value) => {
    const parsed = vehicleIdentitySchema.safeParse({ ...identity, chassisNumber: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(VEHICLE_MESSAGES.chassisLength);
  });
});

describe('body types', () => {
  const vehicle = (bodyType: string) => ({
    ...identity,
    chassisNumber: 'NZE161-3012345',
    engineNumber: '1NZ-1234567',
    engineCapacity: 1500,
    fuelType: 'Petrol',
    bodyType,
    usePurpose: 'private',
    colour: 'Silver',
    yearOfManufacture: 2014,
    antiTheftDevice: 'no',
    modifications: 'no',
  });
  const issuesOf = (bodyType: string) =>
    fullVehicleSchema('2026-11-26')
      .safeParse(vehicle(bodyType))
      .error?.issues.filter((issue) => issue.path[0] === 'bodyType')
      .map((issue) => issue.message) ?? [];

  it('accepts body types with digits and hyphens as dealers write them', () => {
    for (const bodyType of ['SUV 4x4', 'Station Wagon', 'Double-cab pick-up', 'Van/Bus']) {
      expect(issuesOf(bodyType), bodyType).toEqual([]);
    }
  });

  it('still refuses what is not a body type', () => {
    expect(issuesOf('4x4')).toEqual([VEHICLE_MESSAGES.bodyTypeLetters]);
    expect(issuesOf('SUV!')).toEqual([VEHICLE_MESSAGES.bodyTypeLetters]);
  });
});
