import type { TextLanguage } from '@bima/domain/i18n';

/** The languages the documents are written in. */
export type DocumentLanguage = TextLanguage;

const LOCALES: Record<DocumentLanguage, string> = { en: 'en-KE', sw: 'sw-KE' };
const KENYA = 'Africa/Nairobi';

/** A YYYY-MM-DD day is a Kenyan calendar day: its instant is Kenya's midnight. */
const instantOf = (value: Date | string) =>
  value instanceof Date
    ? value
    : new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+03:00` : value);

/** A date in Kenya time and words: "1 December 2026", in Swahili "1 Desemba 2026". */
export function dateInWords(value: Date | string, language: DocumentLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: KENYA,
  }).format(instantOf(value));
}

/** A short date for table cells: "1 Dec 2026", "1 Des 2026". */
export function shortDate(value: Date | string, language: DocumentLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: KENYA,
  }).format(instantOf(value));
}

/**
 * A moment in Kenya time: "1 December 2026, 12:05 EAT". The 24-hour clock with EAT in both
 * languages, as Swahili's own clock ("saa sita") would read a bare 12:05 differently.
 */
export function dateTimeInWords(value: Date | string, language: DocumentLanguage): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: KENYA,
  }).format(instantOf(value));
  return `${dateInWords(value, language)}, ${time} EAT`;
}
