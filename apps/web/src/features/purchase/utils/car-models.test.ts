import { describe, expect, it } from 'vitest';
import { CAR_MAKES } from '../data/car-makes';
import { getModels, matchCatalogue, OTHER_MODEL } from './car-models';

describe('car makes catalogue', () => {
  it('runs from Acura to Yugo in alphabetical order, without duplicates', () => {
    const names = CAR_MAKES.map((make) => make.name);
    expect(names[0]).toBe('Acura');
    expect(names.at(-1)).toBe('Yugo');
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(names);
  });

  it('is strongest on the makes common in Kenya', () => {
    for (const make of [
      'Toyota',
      'Nissan',
      'Mazda',
      'Subaru',
      'Mitsubishi',
      'Honda',
      'Isuzu',
      'Mercedes-Benz',
    ]) {
      expect(getModels(CAR_MAKES, make).length).toBeGreaterThan(10);
    }
    expect(getModels(CAR_MAKES, 'Toyota')).toEqual(
      expect.arrayContaining(['Probox', 'Fielder', 'Land Cruiser Prado']),
    );
  });

  it('lists no models until a known make is chosen, and Other last', () => {
    expect(getModels(CAR_MAKES, '')).toEqual([]);
    expect(getModels(CAR_MAKES, 'Unknown')).toEqual([]);
    expect(getModels(CAR_MAKES, 'Yugo').at(-1)).toBe(OTHER_MODEL);
  });
});

describe("the register's make and model in the catalogue's spelling", () => {
  const catalogue = [
    { name: 'Toyota', models: ['Fielder', 'Harrier'] },
    { name: 'Mercedes-Benz', models: ['C-Class'] },
    { name: 'Isuzu', models: ['D-Max'] },
  ];
  it.each([
    [
      { make: 'TOYOTA', model: 'HARRIER' },
      { make: 'Toyota', model: 'Harrier' },
    ],
    [
      { make: 'MERCEDES BENZ', model: 'C200' },
      { make: 'Mercedes-Benz', model: 'C200' },
    ],
    [
      { make: 'ISUZU', model: 'D-MAX' },
      { make: 'Isuzu', model: 'D-Max' },
    ],
    [
      { make: 'BOXER', model: 'BM 150' },
      { make: 'BOXER', model: 'BM 150' },
    ],
    [
      { make: '', model: '' },
      { make: '', model: '' },
    ],
  ])('%o reads %o', (given, expected) => {
    expect(matchCatalogue(catalogue, given)).toEqual(expected);
  });
});
