import { languageOfHeader, type TextLanguage } from '@bima/domain/i18n';
import { headerReader } from './header-value';

/** The languages the server writes e-mails and notifications in. */
export type Language = TextLanguage;
export const LANGUAGES: readonly Language[] = ['en', 'sw'];

/** A text in every language of the portal (what e-mails and notifications are written from). */
export type Bilingual = Readonly<Record<Language, string>>;

/** Intl locales of Kenya's English and Swahili (as the web app uses). */
const INTL_LOCALES: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

/** A stored language column ('en' | 'sw'); anything else reads as English. */
export function languageOf(value: string | null | undefined): Language {
  return value === 'sw' ? 'sw' : 'en';
}

/** The language a request asks for with its Accept-Language header (the portal sends its own). */
export const requestLanguage = headerReader<Language>(languageOfHeader, 'en');

// Intl puts a no-break space after the currency code; e-mails and notifications read better with a plain one.
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** An amount in cents as Kenyans read it in `language`: "KES 1,500,000", "KES 2,450.50". */
export function formatAmount(cents: number, language: Language): string {
  const hasCents = cents % 100 !== 0;
  return plainSpaces(
    new Intl.NumberFormat(INTL_LOCALES[language], {
      style: 'currency',
      currency: 'KES',
      currencyDisplay: 'code',
      minimumFractionDigits: hasCents ? 2 : 0,
      maximumFractionDigits: 2,
    }).format(cents / 100),
  );
}

/**
 * A day (YYYY-MM-DD, a Kenyan calendar day) or an instant, in Kenya time, in `language`:
 * "5 January 2026", "5 Januari 2026".
 */
export function formatDay(value: string | Date, language: Language): string {
  const date = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T12:00:00+03:00`) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return plainSpaces(
    new Intl.DateTimeFormat(INTL_LOCALES[language], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Africa/Nairobi',
    }).format(date),
  );
}
