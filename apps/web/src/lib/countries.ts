import { continents, countries as countryData, getEmojiFlag, type TCountryCode } from 'countries-list';
import isoCountries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import swahili from 'i18n-iso-countries/langs/sw.json';
import type { Language } from './i18n';

isoCountries.registerLocale(english);
isoCountries.registerLocale(swahili);

/**
 * A country of the bundled reference list (spec-1 §7.3), made from maintained data packages rather
 * than a hand-made file: ISO 3166-1 codes and names in English and Swahili from i18n-iso-countries,
 * calling codes, currencies, region and flag from countries-list. Only screens that ask for a
 * country import this module, all of them lazy routes, so it never weighs on the landing page.
 */
export interface Country {
  name: string;
  alpha2Code: string;
  alpha3Code: string;
  numericCode: string;
  callingCodes: string[];
  currencies: string[];
  flag: string;
  region: string;
}

const cache = new Map<Language, Country[]>();

/** Every country with an ISO 3166-1 code, sorted by its name in the language; Kenya first. */
export function listCountries(language: Language): Country[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const names = isoCountries.getNames(language, { select: 'official' });
  const list = Object.entries(names)
    .map(([alpha2Code, name]): Country => {
      const data = countryData[alpha2Code as TCountryCode];
      return {
        name,
        alpha2Code,
        alpha3Code: isoCountries.alpha2ToAlpha3(alpha2Code) ?? '',
        numericCode: isoCountries.alpha2ToNumeric(alpha2Code) ?? '',
        callingCodes: data?.phone.map(String) ?? [],
        currencies: data?.currency ?? [],
        flag: data ? getEmojiFlag(alpha2Code as TCountryCode) : '',
        region: data ? continents[data.continent] : '',
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, language));
  const kenya = list.findIndex((country) => country.alpha2Code === 'KE');
  if (kenya > 0) list.unshift(...list.splice(kenya, 1));
  cache.set(language, list);
  return list;
}

/** The options of a country drop-down: flag and name. */
export function countryOptions(language: Language): Array<{ value: string; label: string }> {
  return listCountries(language).map((country) => ({
    value: country.alpha2Code,
    label: `${country.flag} ${country.name}`.trim(),
  }));
}

/** The options of a phone-country drop-down: flag, name and calling code (+254). */
export function callingCodeOptions(language: Language): Array<{ value: string; label: string }> {
  return listCountries(language)
    .filter((country) => country.callingCodes.length > 0)
    .map((country) => ({
      value: country.alpha2Code,
      label: `${country.flag} ${country.name} (+${country.callingCodes[0]})`.trim(),
    }));
}

/** A country's name in the language, or the code when unknown. */
export function countryName(alpha2Code: string, language: Language): string {
  return isoCountries.getName(alpha2Code, language) ?? alpha2Code;
}
