import { describe, expect, it } from 'vitest';
import { buildInsuranceRows, buildVehicleRows, capitaliseFirst } from './summary';

const asObject = (rows: Array<{ label: string; value: string }>) =>
  Object.fromEntries(rows.map((row) => [row.label, row.value]));

describe('buildInsuranceRows', () => {
  const input = {
    coverTypeLabel: 'Comprehensive',
    isThirdParty: false,
    // In cents (issue 29): KES 1,500,000 and KES 68,170.
    vehicleValue: 150_000_000,
    productName: 'Jubilee Motor Elite',
    premium: 6_817_000,
    periodDays: 365,
    startDate: '2026-04-01',
  };

  it('lists cover type, value, product, premium, period in days and start date', () => {
    expect(asObject(buildInsuranceRows(input))).toEqual({
      'Cover type': 'Comprehensive',
      'Vehicle value': 'KES 1,500,000',
      Product: 'Jubilee Motor Elite',
      Premium: 'KES 68,170',
      'Cover period': '365 days',
      'Start date': '1 April 2026',
    });
  });

  it('leaves the vehicle value out for third-party cover', () => {
    const rows = buildInsuranceRows({ ...input, isThirdParty: true, coverTypeLabel: 'Third Party Only' });
    expect(rows.map((row) => row.label)).not.toContain('Vehicle value');
  });
});

describe('buildVehicleRows', () => {
  it('shows N/A for everything third-party cover does not ask for', () => {
    const rows = asObject(
      buildVehicleRows({
        make: 'Toyota',
        model: 'Vitz',
        registrationNumber: 'KDA 123B',
        chassisNumber: 'X'.repeat(17),
      }),
    );
    expect(rows.Make).toBe('Toyota');
    expect(rows['Engine number']).toBe('N/A');
    expect(rows['Engine capacity']).toBe('N/A');
    expect(rows['Anti-theft device']).toBe('N/A');
    expect(rows.Modifications).toBe('N/A');
  });

  it('shows yes/no answers with their details and the modification date', () => {
    const rows = asObject(
      buildVehicleRows({
        engineCapacity: 2500,
        fuelType: 'Petrol',
        usePurpose: 'private',
        antiTheftDevice: 'yes',
        antiTheftDetails: 'Tracker fitted by Cartrack',
        modifications: 'yes',
        modificationDetails: 'Roof rack fitted',
        modificationDate: '2025-12-01',
      }),
    );
    expect(rows['Engine capacity']).toBe('2,500 cc');
    expect(rows['Use purpose']).toBe('Private');
    expect(rows['Anti-theft device']).toBe('Yes: Tracker fitted by Cartrack');
    expect(rows.Modifications).toBe('Yes: Roof rack fitted, made on 1 December 2025');
    expect(
      asObject(buildVehicleRows({ antiTheftDevice: 'no', modifications: 'no' }))['Anti-theft device'],
    ).toBe('No');
  });

  it('handles no vehicle at all', () => {
    expect(buildVehicleRows(null).every((row) => row.value === 'N/A')).toBe(true);
  });
});

describe('capitaliseFirst', () => {
  it.each([
    ['comprehensive', 'Comprehensive'],
    ['third-party', 'Third-party'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(capitaliseFirst(input)).toBe(output);
  });
});
