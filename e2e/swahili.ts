import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The portal's own catalogs, read as a person reading the screen would need them: for an English
 * text the Swahili the portal shows in its place. Journeys in Swahili find buttons and headings by
 * these texts, so a screen still in English fails them.
 */
const WEB_LOCALES = join(import.meta.dirname, '../apps/web/src/locales');
const DOMAIN_LOCALES = join(import.meta.dirname, '../packages/domain/src/locales');

type Texts = { [key: string]: string | Texts };
const flatten = (texts: Texts, prefix = '', into: Record<string, string> = {}) => {
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') into[prefix + key] = value;
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
};
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Texts;

/** English text → every Swahili text the portal shows for it (one English text can have several keys). */
const SWAHILI = new Map<string, Set<string>>();
const add = (english: string, swahili: string) => {
  const known = SWAHILI.get(english) ?? new Set<string>();
  known.add(swahili);
  SWAHILI.set(english, known);
};
for (const file of readdirSync(WEB_LOCALES).filter((name) => /^en(\.[\w-]+)?\.json$/.test(name))) {
  const english = flatten(read(join(WEB_LOCALES, file)));
  const swahili = flatten(read(join(WEB_LOCALES, file.replace(/^en/, 'sw'))));
  for (const [key, text] of Object.entries(english)) if (swahili[key]) add(text, swahili[key]);
}
for (const file of ['sw.messages.json', 'sw.labels.json']) {
  for (const [english, swahili] of Object.entries(read(join(DOMAIN_LOCALES, file)) as Record<string, string>))
    add(english, swahili);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Swahili the portal shows for `english` (the only one; throws when there are several or none). */
export function sw(english: string): string {
  const found = [...(SWAHILI.get(english) ?? [])];
  if (found.length !== 1)
    throw new Error(`"${english}": ${found.length} Swahili texts (${found.join(' | ')})`);
  return found[0]!;
}

/** A pattern matching exactly any Swahili text the portal shows for `english`. */
export function swExactly(english: string): RegExp {
  const found = [...(SWAHILI.get(english) ?? [])];
  if (found.length === 0) throw new Error(`"${english}" has no Swahili text`);
  return new RegExp(`^(?:${found.map(escapeRegExp).join('|')})$`);
}

/** A pattern matching text that starts with any Swahili text the portal shows for `english`. */
export function swStart(english: string): RegExp {
  const found = [...(SWAHILI.get(english) ?? [])];
  if (found.length === 0) throw new Error(`"${english}" has no Swahili text`);
  return new RegExp(`^(?:${found.map(escapeRegExp).join('|')})`);
}
