import { CLASS_DEFINITIONS } from './classes/definitions';
import { type TextLanguage, translateText } from './i18n';
import type { CoverType } from './premium/types';
import { COVER_TYPE_LABELS } from './quotation';

/**
 * The one way a stored code reaches a person: each kind of code (a cover type, an insurance class)
 * has one labelling function here, in both languages, used by the web's screens and the server's
 * documents alike. A code nobody labelled yet still reads as words ('fire-domestic' → 'Fire
 * domestic'), never as the code.
 */

/** An insurance class's name by its `class_code` (the classes we sell). */
export const INSURANCE_CLASS_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  CLASS_DEFINITIONS.map((definition) => [definition.insuranceClass, definition.name]),
);

/** A code in words when no label exists: separators become spaces, the first letter a capital. */
export function wordsOfCode(code: string): string {
  const words = code.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
}

/** A cover type ('burglary', 'third-party') as a person reads it, in `language`. */
export function coverTypeLabel(code: string, language: TextLanguage): string {
  const label = COVER_TYPE_LABELS[code as CoverType];
  return label ? translateText(label, language) : wordsOfCode(code);
}

/**
 * An insurance class as a person reads it, in `language`: by its code ('07' → 'Motor Private'), else
 * the name the record carries (a class we do not sell yet), else the code in words.
 */
export function insuranceClassLabel(
  { code, name }: { code?: string | null; name?: string | null },
  language: TextLanguage,
): string {
  const label = (code && INSURANCE_CLASS_LABELS[code]) || name || (code ? wordsOfCode(code) : '');
  return translateText(label, language);
}
