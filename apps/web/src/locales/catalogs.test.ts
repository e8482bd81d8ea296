import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { flattenTexts } from '../../build/lingui-catalogs';

const LOCALES = __dirname;
const SOURCE = join(__dirname, '..');

const read = (file: string) => flattenTexts(JSON.parse(readFileSync(join(LOCALES, file), 'utf8')));
const englishFiles = readdirSync(LOCALES).filter((file) => /^en(\.[\w-]+)?\.json$/.test(file));

/** The argument names an ICU message uses (`{name}`, `{count, plural, …}`), sorted; throws when invalid. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content' || token.type === 'octothorpe') continue;
      names.add(token.arg);
      if ('cases' in token) for (const branch of token.cases) walk(branch.tokens);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the English and Swahili catalogs', () => {
  it.each(englishFiles)('%s has a Swahili twin with the same keys and arguments', (file) => {
    const english = read(file);
    const swahili = read(file.replace(/^en/, 'sw'));
    expect(
      Object.keys(swahili).filter((key) => !(key in english)),
      'keys only in Swahili',
    ).toEqual([]);
    expect(
      Object.keys(english).filter((key) => !(key in swahili)),
      'keys missing in Swahili',
    ).toEqual([]);
    for (const [key, text] of Object.entries(english)) {
      expect(swahili[key]?.trim(), `${key} is empty in Swahili`).toBeTruthy();
      expect(argumentsOf(swahili[key] ?? ''), `${key}'s arguments`).toEqual(argumentsOf(text));
    }
  });

  it('has every key the code asks for by name', () => {
    const known = new Set(englishFiles.flatMap((file) => Object.keys(read(file))));
    const missing: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g)) {
        if (!known.has(match[1]!)) missing.push(`${relative(SOURCE, file)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
