import swahiliLabels from './locales/sw.labels.json';
import swahiliMessages from './locales/sw.messages.json';
import swahiliPatterns from './locales/sw.patterns.json';

/**
 * The domain's own texts — validation messages, server refusals, option labels — in the portal's
 * languages. They are written in English where they are defined (the spec's exact words); Swahili is
 * a catalog keyed by the English text (`locales/sw.messages.json`, `locales/sw.labels.json`), which
 * a test keeps complete. Zod-free, for the web's form errors and labels and the server's answers.
 */
export type TextLanguage = 'en' | 'sw';

const SWAHILI: Readonly<Record<string, string>> = { ...swahiliLabels, ...swahiliMessages };

/**
 * Texts made with values (`{product} does not cover a vehicle of this value.`): the English template
 * becomes an anchored pattern whose `{name}` parts catch the values, put into the Swahili template.
 * Values themselves (a product's name, an amount) stay as they are.
 */
interface TextPattern {
  template: string;
  matcher: RegExp;
  names: string[];
  swahili: string;
}

const PLACEHOLDER = /\{(\w+)\}/g;

const PATTERNS: readonly TextPattern[] = Object.entries(swahiliPatterns as Record<string, string>).map(
  ([template, swahili]) => {
    const names: string[] = [];
    const source = template
      .split(PLACEHOLDER)
      .map((part, index) => {
        if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part);
        return '(.+?)';
      })
      .join('');
    return { template, matcher: new RegExp(`^${source}$`, 's'), names, swahili };
  },
);

/** `text` in `language`; a text without a translation (a product's own name, say) stays as it is. */
export function translateText(text: string, language: TextLanguage): string {
  if (language === 'en') return text;
  const fixed = SWAHILI[text];
  if (fixed !== undefined) return fixed;
  for (const pattern of PATTERNS) {
    const match = pattern.matcher.exec(text);
    if (!match) continue;
    const values = new Map(pattern.names.map((name, index) => [name, match[index + 1] ?? '']));
    return pattern.swahili.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
  }
  return text;
}

/** Whether the Swahili catalogs hold `text` (for the completeness test). */
export function hasSwahili(text: string): boolean {
  return text in SWAHILI;
}

/**
 * Whether a text made with values has a Swahili template: `shape` is the English with each value
 * written `{}` (`'{} does not cover a vehicle of this value.'`), for the completeness test.
 */
export function hasSwahiliPattern(shape: string): boolean {
  return PATTERNS.some((pattern) => pattern.template.replace(PLACEHOLDER, '{}') === shape);
}

/**
 * The language an `accept-language` header asks for among ours: the first tag whose primary subtag
 * is `sw` or `en` in the header's order of preference (q-values honoured), else English.
 */
export function languageOfHeader(header: string | undefined): TextLanguage {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), weight: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'sw' || primary === 'en') return primary;
  }
  return 'en';
}
