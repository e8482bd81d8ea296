import { type Bilingual, formatAmount, formatDay } from '../../lib/language';

/** An amount in cents as each language writes it: "KES 2,000". */
export const amountWords = (cents: number): Bilingual => ({
  en: formatAmount(cents, 'en'),
  sw: formatAmount(cents, 'sw'),
});

/** A day (YYYY-MM-DD) as each language writes it: "5 January 2026", "5 Januari 2026". */
export const dayWords = (day: string | Date): Bilingual => ({
  en: formatDay(day, 'en'),
  sw: formatDay(day, 'sw'),
});

/** A share as people write it, at least one decimal: 40 000 ppm → "4.0 %", 1 250 bps → "12.5 %". */
export function percentWords(share: { ppm: number } | { bps: number }): string {
  const percent = 'ppm' in share ? share.ppm / 10_000 : share.bps / 100;
  const text = Number.isInteger(percent) ? percent.toFixed(1) : String(Number(percent.toFixed(4)));
  return `${text} %`;
}

/** A Kenyan phone as people read it: "254712345678" → "0712 345 678"; anything else as given. */
export function phoneWords(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const local = digits.startsWith('254') && digits.length === 12 ? `0${digits.slice(3)}` : digits;
  return /^0\d{9}$/.test(local) ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}` : phone;
}

/** The same words in both languages joined: a list of changed things. */
export const joinWords = (parts: readonly Bilingual[], separator = ', '): Bilingual => ({
  en: parts.map((part) => part.en).join(separator),
  sw: parts.map((part) => part.sw).join(separator),
});
