import { type Messages, setupI18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import en from '../locales/en.json';

/**
 * The portal's languages. Texts live in `src/locales/{en,sw}[.feature].json` as nested ICU messages
 * (plurals, selects, `{name}` arguments); the build compiles them for Lingui (`build/lingui-catalogs.ts`),
 * so ids are the dotted keys and the browser carries no message parser.
 */
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Intl locales for dates and amounts (Kenya's English and Swahili). */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

/** Where the chosen language is remembered (plain localStorage: it is not a secret, and outlives tabs). */
export const LANGUAGE_STORAGE_KEY = 'bima.language';

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The remembered choice, else the browser's first language we speak, else English. */
export function detectLanguage(
  stored: string | null = readStoredLanguage(),
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []),
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

function readStoredLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

// An id missing from a catalog shows as itself (visible, never blank); a Swahili catalog is loaded over
// the English one, so a text not yet translated reads in English rather than as its key.
const i18n = setupI18n({ missing: (_locale, id) => id });
const english: Messages = {};
const swahili: Messages = {};
/** Swahili texts of features whose Swahili arrived before the landing page's own (kept until then). */
let swahiliReady = false;

function loadCatalog(target: Messages, language: Language, messages: Messages) {
  Object.assign(target, messages);
  if (language === 'en') i18n.load('en', { ...english });
  if (swahiliReady) i18n.load('sw', { ...english, ...swahili });
}

loadCatalog(english, 'en', en as unknown as Messages);
i18n.activate('en');

/**
 * Adds the texts of a lazily loaded feature in both languages, so they stay out of the landing page's
 * entry chunk. Call it from a module the feature's screens import first.
 */
export function addResources(englishTexts: object, swahiliTexts: object): void {
  loadCatalog(english, 'en', englishTexts as Messages);
  loadCatalog(swahili, 'sw', swahiliTexts as Messages);
}

/** The landing page's Swahili (its own small chunk: English visitors never download it). */
async function loadLanguage(language: Language): Promise<void> {
  if (language === 'sw' && !swahiliReady) {
    const { default: texts } = await import('../locales/sw.json');
    swahiliReady = true;
    loadCatalog(swahili, 'sw', texts as unknown as Messages);
  }
}

const listeners = new Set<() => void>();

function applyLanguage(language: Language) {
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** Loads and activates the language to start with (before the first render). */
export async function startLanguage(language: Language = detectLanguage()): Promise<void> {
  try {
    await loadLanguage(language);
    applyLanguage(language);
  } catch {
    // The Swahili chunk did not arrive (offline): English rather than a blank page.
    applyLanguage('en');
  }
}

/** Switches the portal's language and remembers the choice on this device. */
export async function setLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
  applyLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

/** The Intl locale of the current language ('en-KE' or 'sw-KE'), for dates and amounts. */
export function intlLocale(): string {
  return INTL_LOCALES[currentLanguage()];
}

/** Calls `listener` whenever a language is applied (also the same one again); returns the unsubscribe. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language; a component using it renders again when the language changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
}

/**
 * Translates a dotted key in the current language (an ICU message: `{name}` arguments, plurals),
 * with `vars` as its values. An unknown key returns the key itself so a missing text is visible
 * rather than blank.
 */
export function t(key: string, vars?: Record<string, string | number>): string {
  return i18n._(key, vars);
}
