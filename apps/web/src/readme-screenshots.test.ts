import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README's phone screenshots are made by the journeys (`npm run screenshots`, e2e/readme-screens.ts):
 * each picture it shows is on disk and written by a `readmeShot` call of a journey tagged @readme and
 * @phone, so none is drawn by hand or left behind when a journey stops making it.
 */
const root = resolve(import.meta.dirname, '../../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const shown = [...readme.matchAll(/\]\(docs\/screenshots\/([\w-]+)\.png\)/g)].map((match) => match[1]!);

function shotsOfReadmeJourneys(): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(resolve(root, 'e2e')).filter((name) => name.endsWith('.spec.ts'))) {
    const source = readFileSync(resolve(root, 'e2e', file), 'utf8');
    // Each test's own text: from its title to the next test's.
    for (const block of source.split(/\btest\(/).slice(1)) {
      const title = /^\s*(['"`])(.*?)\1/s.exec(block)?.[2] ?? '';
      if (!title.includes('@readme') || !title.includes('@phone')) continue;
      for (const match of block.matchAll(/readmeShot\(\s*\w+\s*,\s*testInfo\s*,\s*'([\w-]+)'/g)) {
        names.add(match[1]!);
      }
    }
  }
  return names;
}

describe('README phone screenshots', () => {
  it('shows some, each on disk', () => {
    expect(shown.length).toBeGreaterThanOrEqual(6);
    for (const name of shown)
      expect(existsSync(resolve(root, 'docs/screenshots', `${name}.png`)), name).toBe(true);
  });

  it('shows only screens a phone journey makes', () => {
    const made = shotsOfReadmeJourneys();
    expect(shown.filter((name) => !made.has(name))).toEqual([]);
  });
});
