/**
 * Text-message length rules (3GPP TS 23.038): how a text is encoded and how many SMS segments it
 * costs. A text in the GSM 7-bit alphabet takes 160 characters in one segment (153 per segment when
 * split, the rest is the concatenation header); the extension characters (€ [ ] { } | \ ^ ~ and the
 * form feed) take two. Any other character (an emoji, a curly quote, most accented letters) sends the
 * whole text as UCS-2: 70 UTF-16 units in one segment, 67 per segment when split.
 */

/** The GSM 03.38 basic character set (one septet each). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The GSM 03.38 extension table (an escape septet and the character: two septets each). */
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(Array.from(GSM7_BASIC));
const extension = new Set(Array.from(GSM7_EXTENSION));

/** One segment of a GSM-7 text. */
export const SMS_GSM7_SINGLE = 160;
/** Each segment of a split GSM-7 text. */
export const SMS_GSM7_PART = 153;
/** One segment of a UCS-2 text (UTF-16 units). */
export const SMS_UCS2_SINGLE = 70;
/** Each segment of a split UCS-2 text. */
export const SMS_UCS2_PART = 67;

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** Whether every character of `text` is in the GSM 7-bit alphabet (basic or extension). */
export function isGsm7(text: string): boolean {
  for (const character of text) if (!basic.has(character) && !extension.has(character)) return false;
  return true;
}

export interface SmsLength {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 units (UCS-2) the text takes. */
  units: number;
  /** How many SMS segments it is sent as (0 for an empty text). */
  segments: number;
  /** How many more units fit in the last segment. */
  remaining: number;
}

/** How `text` is encoded and how many segments it costs. */
export function smsLength(text: string): SmsLength {
  if (isGsm7(text)) {
    let units = 0;
    for (const character of text) units += extension.has(character) ? 2 : 1;
    return measured('GSM-7', units, SMS_GSM7_SINGLE, SMS_GSM7_PART);
  }
  return measured('UCS-2', text.length, SMS_UCS2_SINGLE, SMS_UCS2_PART);
}

function measured(encoding: SmsEncoding, units: number, single: number, part: number): SmsLength {
  if (units === 0) return { encoding, units, segments: 0, remaining: single };
  const segments = units <= single ? 1 : Math.ceil(units / part);
  const capacity = segments === 1 ? single : segments * part;
  return { encoding, units, segments, remaining: capacity - units };
}

/** Whether `text` goes as one GSM-7 segment (160 characters of the GSM alphabet): what our texts aim at. */
export function fitsOneSegment(text: string): boolean {
  const length = smsLength(text);
  return length.encoding === 'GSM-7' && length.segments <= 1;
}
