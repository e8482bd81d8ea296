import { describe, expect, it } from 'vitest';
import { callingCodeOptions, countryName, listCountries } from './countries';

describe('the bundled country list', () => {
  it('has every ISO country with codes, calling codes, currencies, flag and region; Kenya first', () => {
    const countries = listCountries('en');
    expect(countries.length).toBeGreaterThan(240);
    expect(countries[0]).toEqual({
      name: 'Kenya',
      alpha2Code: 'KE',
      alpha3Code: 'KEN',
      numericCode: '404',
      callingCodes: ['254'],
      currencies: ['KES'],
      flag: '🇰🇪',
      region: 'Africa',
    });
    expect(countries.find((country) => country.alpha2Code === 'UG')?.callingCodes).toEqual(['256']);
  });

  it('names the countries in Swahili', () => {
    expect(countryName('DE', 'sw')).not.toBe(countryName('DE', 'en'));
    expect(listCountries('sw')[0]?.alpha2Code).toBe('KE');
  });

  it('offers calling codes for the phone country', () => {
    expect(callingCodeOptions('en')[0]).toEqual({ value: 'KE', label: '🇰🇪 Kenya (+254)' });
  });
});
