import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** A locale file (`src/locales/{en,sw}[.namespace].json`). */
export const CATALOG_FILE = /[\\/]apps[\\/]web[\\/]src[\\/]locales[\\/](?:en|sw)(?:\.[\w-]+)?\.json$/;

type Texts = { [key: string]: string | Texts };

/** `{a: {b: 'x'}}` → `{'a.b': 'x'}`: Lingui's message ids are our dotted keys. */
export function flattenTexts(texts: Texts, prefix = '', into: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') into[prefix + key] = value;
    else flattenTexts(value, `${prefix}${key}.`, into);
  }
  return into;
}

/**
 * Our locale files are nested JSON of ICU messages, as people edit them. At build (and test) time
 * this turns each into what Lingui's runtime reads: flat dotted ids → compiled messages, so the
 * browser carries no message parser. A message that is not valid ICU fails the build with its key.
 */
export function linguiCatalogs(): Plugin {
  return {
    name: 'bima-lingui-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG_FILE.test(id.split('?')[0] ?? id)) return null;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(flattenTexts(JSON.parse(code) as Texts))) {
        try {
          compiled[key] = compileMessage(message);
        } catch (error) {
          this.error(`${id}: "${key}" is not a valid ICU message: ${(error as Error).message}`);
        }
      }
      // Still JSON: Vite's own JSON plugin turns it into a module after this.
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
