import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { coverTypeText, insuranceClassText } from './code-labels';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FEATURES = path.join(SRC, 'features');
const CATALOGS = [path.join(SRC, 'locales'), path.resolve(SRC, '../../../packages/domain/src/locales')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * A stored code put on screen as it is: `value: invoice.coverType`, `{policy.className}`,
 * `capitaliseFirst(product.coverType)`, or a screen's own lookup in the cover-type table.
 */
const RAW_CODE_ON_SCREEN = [
  /\bvalue:\s*[\w.?]+\.(coverType|className|classCode)\s*[,}]/,
  /(?<![=$])\{\s*[\w.?]+\.(coverType|className|classCode)\s*\}/,
  /capitaliseFirst\([\w.?]+\.(coverType|classCode)\)/,
  /\bCOVER_TYPE_LABELS\[/,
];

describe('codes on screen (issue 28)', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('no screen shows a cover type or class code as stored: they go through code-labels', () => {
    const offending = sourceFiles(FEATURES).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, where: `${path.relative(FEATURES, file)}:${index + 1}` }))
        .filter(({ line }) => RAW_CODE_ON_SCREEN.some((pattern) => pattern.test(line)))
        .map(({ line, where }) => `${where}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });

  it('labels codes in the portal’s language', async () => {
    expect(coverTypeText('burglary')).toBe('Burglary and theft');
    expect(coverTypeText('fire-domestic')).toBe('Fire Domestic (building and contents)');
    expect(insuranceClassText({ code: '07', name: 'Motor Private' })).toBe('Motor Private');
    await setLanguage('sw');
    expect(coverTypeText('burglary')).toBe('Uvunjaji na wizi');
    expect(insuranceClassText({ code: '07', name: 'Motor Private' })).toBe('Gari Binafsi');
  });
});

describe('one currency name (issue 28)', () => {
  it('every text says KES, never KSH or Ksh (a person saw both)', () => {
    const offending = CATALOGS.flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .flatMap((name) =>
          readFileSync(path.join(dir, name), 'utf8')
            .split('\n')
            .filter((line) => /\bKSH\b|\bKsh\b|\bKShs?\b/.test(line))
            .map((line) => `${name}: ${line.trim()}`),
        ),
    );
    expect(offending).toEqual([]);
  });
});
