import en from '../locales/en.json';

type Resources = { [key: string]: string | Resources };

const resources: Resources = { ...en };

/**
 * Adds the texts of a lazily loaded feature under their top-level keys, so they stay out of the
 * landing page's entry chunk. Call it from a module the feature's screens import first.
 */
export function addResources(extra: Resources): void {
  for (const [namespace, texts] of Object.entries(extra)) resources[namespace] = texts;
}

function lookup(key: string): string | undefined {
  let node: string | Resources | undefined = resources;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates a dotted key from the English resources, replacing `{name}` placeholders with `vars`.
 * An unknown key returns the key itself so a missing text is visible rather than blank.
 */
export function t(key: string, vars?: Record<string, string | number>): string {
  const template = lookup(key);
  if (template === undefined) {
    if (import.meta.env?.DEV) console.warn(`i18n: missing key ${key}`);
    return key;
  }
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
