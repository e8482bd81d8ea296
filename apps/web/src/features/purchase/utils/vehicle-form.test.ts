import { VEHICLE_MESSAGES, yearRangeMessage } from '@bima/domain';
import { describe, expect, it } from 'vitest';
import {
  emptyVehicleForm,
  getVehicleSchema,
  isVehicleComplete,
  toVehicleFormValues,
  type VehicleFormValues,
  vehicleFormStart,
  withHeldOption,
} from './vehicle-form';

const TODAY = '2026-03-10';
const full: VehicleFormValues = {
  make: 'Toyota',
  model: 'Harrier',
  registrationNumber: 'kda 123b',
  chassisNumber: 'JTEBU5JR5K5123456',
  engineNumber: '2GR-1234567',
  engineCapacity: '2500',
  fuelType: 'Petrol',
  bodyType: 'SUV',
  usePurpose: 'private',
  colour: 'Pearl White',
  yearOfManufacture: '2019',
  antiTheftDevice: 'no',
  antiTheftDetails: '',
  modifications: 'no',
  modificationDetails: '',
  modificationDate: '',
};

function messages(values: VehicleFormValues, isThirdParty = false) {
  const result = getVehicleSchema(isThirdParty, TODAY).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('vehicle form schema', () => {
  it('asks for every field of a comprehensive cover, numbers included', () => {
    expect(messages(emptyVehicleForm)).toMatchObject({
      make: VEHICLE_MESSAGES.makeRequired,
      model: VEHICLE_MESSAGES.modelRequired,
      registrationNumber: VEHICLE_MESSAGES.registrationRequired,
      chassisNumber: VEHICLE_MESSAGES.chassisRequired,
      engineNumber: VEHICLE_MESSAGES.engineNumberRequired,
      engineCapacity: VEHICLE_MESSAGES.engineCapacityRequired,
      fuelType: VEHICLE_MESSAGES.fuelTypeRequired,
      bodyType: VEHICLE_MESSAGES.bodyTypeRequired,
      usePurpose: VEHICLE_MESSAGES.usePurposeRequired,
      colour: VEHICLE_MESSAGES.colourRequired,
      yearOfManufacture: VEHICLE_MESSAGES.yearRequired,
      antiTheftDevice: VEHICLE_MESSAGES.antiTheftRequired,
      modifications: VEHICLE_MESSAGES.modificationsRequired,
    });
  });

  it('asks for the four identity fields only for third-party cover', () => {
    expect(Object.keys(messages(emptyVehicleForm, true)).sort()).toEqual(
      ['chassisNumber', 'make', 'model', 'registrationNumber'].sort(),
    );
    const saved = getVehicleSchema(true, TODAY).parse(full);
    expect(saved).toEqual({
      make: 'Toyota',
      model: 'Harrier',
      registrationNumber: 'KDA 123B',
      chassisNumber: 'JTEBU5JR5K5123456',
    });
  });

  it('reads numbers and upper-cases the plate', () => {
    const saved = getVehicleSchema(false, TODAY).parse(full);
    expect(saved).toMatchObject({
      engineCapacity: 2500,
      yearOfManufacture: 2019,
      registrationNumber: 'KDA 123B',
    });
  });

  it.each<[Partial<VehicleFormValues>, string, string]>([
    [{ registrationNumber: 'KDA 12B' }, 'registrationNumber', VEHICLE_MESSAGES.registrationInvalid],
    [{ chassisNumber: 'SHORT' }, 'chassisNumber', VEHICLE_MESSAGES.chassisLength],
    [{ engineCapacity: '0' }, 'engineCapacity', VEHICLE_MESSAGES.engineCapacityPositive],
    // Digits are allowed where dealers write them ("SUV 4x4", issue 14); signs are not.
    [{ bodyType: 'SUV!' }, 'bodyType', VEHICLE_MESSAGES.bodyTypeLetters],
    [{ colour: 'Red!' }, 'colour', VEHICLE_MESSAGES.colourLetters],
    [{ yearOfManufacture: '1899' }, 'yearOfManufacture', yearRangeMessage(2026)],
    [{ yearOfManufacture: '2027' }, 'yearOfManufacture', yearRangeMessage(2026)],
    [{ antiTheftDevice: 'yes' }, 'antiTheftDetails', VEHICLE_MESSAGES.antiTheftDetailsRequired],
    [
      { antiTheftDevice: 'yes', antiTheftDetails: 'Tracker' },
      'antiTheftDetails',
      VEHICLE_MESSAGES.detailsLength,
    ],
    [{ modifications: 'yes' }, 'modificationDetails', VEHICLE_MESSAGES.modificationDetailsRequired],
    [{ modifications: 'yes' }, 'modificationDate', VEHICLE_MESSAGES.modificationDateRequired],
    [
      { modifications: 'yes', modificationDetails: 'Roof rack', modificationDate: '2026-03-09' },
      'modificationDetails',
      VEHICLE_MESSAGES.detailsLength,
    ],
    [
      { modifications: 'yes', modificationDetails: 'Roof rack fitted', modificationDate: '2026-03-11' },
      'modificationDate',
      VEHICLE_MESSAGES.modificationDateFuture,
    ],
  ])('%j shows on %s: %s', (change, field, message) => {
    expect(messages({ ...full, ...change })[field]).toBe(message);
  });

  it('accepts a modification made today', () => {
    const values = {
      ...full,
      modifications: 'yes',
      modificationDetails: 'Roof rack fitted',
      modificationDate: TODAY,
    };
    expect(messages(values)).toEqual({});
  });
});

describe('saved vehicle details', () => {
  it('are complete for the cover they were saved for', () => {
    const identity = getVehicleSchema(true, TODAY).parse(full);
    expect(isVehicleComplete(identity, true, TODAY)).toBe(true);
    expect(isVehicleComplete(identity, false, TODAY)).toBe(false);
    expect(isVehicleComplete(null, true, TODAY)).toBe(false);
  });

  it('go back into the form as strings', () => {
    const saved = getVehicleSchema(false, TODAY).parse(full);
    expect(toVehicleFormValues(saved)).toEqual({ ...full, registrationNumber: 'KDA 123B' });
    expect(toVehicleFormValues(null)).toEqual(emptyVehicleForm);
  });
});

describe('where the vehicle form starts (issue 30)', () => {
  const found = {
    registrationNumber: 'KDA123B',
    make: 'Toyota',
    model: 'Harrier',
    yearOfManufacture: 2019,
    chassisNumber: 'JTEBU5JR5K5123456',
    engineNumber: '2GR-1234567',
    bodyType: 'SUV',
    engineCapacity: 2500,
    fuelType: 'Petrol' as const,
    colour: 'PEARL WHITE',
  };

  it("fills what the register knows, the plate written as people write it and the journey's use", () => {
    const start = toVehicleFormValues(vehicleFormStart({ saved: null, found, usePurpose: 'private' }));
    expect(start).toEqual({
      ...emptyVehicleForm,
      make: 'Toyota',
      model: 'Harrier',
      registrationNumber: 'KDA 123B',
      chassisNumber: 'JTEBU5JR5K5123456',
      engineNumber: '2GR-1234567',
      engineCapacity: '2500',
      fuelType: 'Petrol',
      bodyType: 'SUV',
      usePurpose: 'private',
      colour: 'PEARL WHITE',
      yearOfManufacture: '2019',
    });
    // Only the two security questions are left for the buyer: no field to type.
    expect(messages({ ...start, antiTheftDevice: 'no', modifications: 'no' })).toEqual({});
    expect(Object.keys(messages(start))).toEqual(['antiTheftDevice', 'modifications']);
  });

  it('leaves blank what the register does not give (year, engine size, fuel, colour)', () => {
    const start = toVehicleFormValues(
      vehicleFormStart({
        saved: null,
        found: { ...found, yearOfManufacture: null, engineCapacity: null, fuelType: null, colour: null },
        usePurpose: 'private',
      }),
    );
    expect(start).toMatchObject({ yearOfManufacture: '', engineCapacity: '', fuelType: '', colour: '' });
  });

  it('keeps the details the buyer saved for the same plate (their corrections win)', () => {
    const saved = { ...full, registrationNumber: 'kda123b', colour: 'Black' };
    expect(vehicleFormStart({ saved, found, usePurpose: 'private' })).toBe(saved);
  });

  it('starts from a newly found plate over details saved for another vehicle', () => {
    const saved = { ...full, registrationNumber: 'KBZ 001A' };
    expect(vehicleFormStart({ saved, found, usePurpose: 'private' })).toMatchObject({
      registrationNumber: 'KDA 123B',
    });
  });

  it('is what was saved, or nothing, without a found plate', () => {
    expect(vehicleFormStart({ saved: null, found: null, usePurpose: 'private' })).toBeNull();
    expect(vehicleFormStart({ saved: full, found: null, usePurpose: 'private' })).toBe(full);
  });
});

describe('a drop-down keeps the value the form holds', () => {
  const asOption = (value: string) => ({ value, label: value });
  it('adds a make or model the catalogue lacks, once', () => {
    expect(withHeldOption([asOption('Fielder')], 'Probox Van', asOption)).toEqual([
      asOption('Fielder'),
      asOption('Probox Van'),
    ]);
    expect(withHeldOption([asOption('Fielder')], 'Fielder', asOption)).toEqual([asOption('Fielder')]);
    expect(withHeldOption([asOption('Fielder')], '', asOption)).toEqual([asOption('Fielder')]);
  });
});
