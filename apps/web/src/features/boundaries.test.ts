import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries of the web app's code (ARCHITECTURE.md, "The web app"):
 * - a feature never imports another feature's files; what two features share lives in components/
 *   (UI), lib/ (helpers, API calls, types) or stores/ (persisted state);
 * - that shared code imports no feature. Only app/ (the router, the layout) puts features together.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED_AREAS = ['components', 'lib', 'stores', 'config', 'locales'];
/** Import aliases that point into src (none is configured today; a new one must be listed here). */
const ALIASES: Record<string, string> = { '@/': '', 'src/': '' };

/** The src-relative path ('features/motor/routes/x.tsx') an import specifier points at, or null for a package. */
function resolveImport(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('.')) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  }
  for (const [alias, target] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return path.posix.normalize(target + specifier.slice(alias.length));
  }
  return null;
}

/** Every module a source file imports or re-exports, statically or with import(); comments and strings are ignored. */
function importSpecifiers(file: string, source: string): string[] {
  // Vite's parser (oxc): TypeScript 7 has no compiler API to ask.
  const { module } = parseSync(file, source);
  return [
    ...module.staticImports.map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) =>
      entry.entries.flatMap((part) => (part.moduleRequest ? [part.moduleRequest.value] : [])),
    ),
    ...module.dynamicImports.flatMap((entry) => {
      const literal = /^(['"`])([^'"`]*)\1$/.exec(
        source.slice(entry.moduleRequest.start, entry.moduleRequest.end),
      );
      return literal?.[2] !== undefined ? [literal[2]] : [];
    }),
  ];
}

/** The feature a src-relative path belongs to ('motor' for features/motor/…), or null. */
function featureOf(file: string): string | null {
  const [area, feature, ...rest] = file.split('/');
  return area === 'features' && feature && rest.length > 0 ? feature : null;
}

/** The imports of one file (src-relative, '/'-separated) that cross a boundary, as 'specifier → target'. */
function boundaryViolations(file: string, source: string): string[] {
  const ownFeature = featureOf(file);
  const isShared = SHARED_AREAS.includes(file.split('/')[0] ?? '');
  return importSpecifiers(file, source).flatMap((specifier) => {
    const target = resolveImport(file, specifier);
    if (target === null) return [];
    const targetFeature = featureOf(target);
    if (targetFeature === null) return [];
    const crosses = (ownFeature !== null && targetFeature !== ownFeature) || isShared;
    return crosses ? [`${specifier} → ${target}`] : [];
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|js|jsx|mjs)$/.test(entry.name) ? [relative] : [];
  });
}

function violationsIn(dirs: string[]): string[] {
  return dirs
    .flatMap(sourceFiles)
    .flatMap((file) =>
      boundaryViolations(file, readFileSync(path.join(SRC, file), 'utf8')).map((hit) => `${file}: ${hit}`),
    );
}

describe('feature boundaries', () => {
  it('no feature imports another feature’s files', () => {
    const files = sourceFiles('features');
    expect(files.length).toBeGreaterThan(100);
    expect(violationsIn(['features'])).toEqual([]);
  });

  it('shared code (components, lib, stores, config) imports no feature', () => {
    expect(violationsIn(SHARED_AREAS.filter((dir) => dir !== 'locales'))).toEqual([]);
  });
});

describe('the boundary check itself', () => {
  const purchaseRoute = 'features/purchase/routes/summary.tsx';

  it('finds relative, re-exported, type-only and lazy imports of another feature', () => {
    const source = [
      "import { ScreenHeading } from '../../motor/components/screen-heading';",
      "import type { MotorProduct } from '../../motor/types';",
      "export { formatKes } from '../../portal/utils/records';",
      "const screen = () => import('../../portal/routes/policies');",
    ].join('\n');
    expect(boundaryViolations(purchaseRoute, source)).toEqual([
      '../../motor/components/screen-heading → features/motor/components/screen-heading',
      '../../motor/types → features/motor/types',
      '../../portal/utils/records → features/portal/utils/records',
      '../../portal/routes/policies → features/portal/routes/policies',
    ]);
  });

  it('resolves aliases into src', () => {
    expect(boundaryViolations(purchaseRoute, "import { x } from '@/features/motor/hooks';")).toEqual([
      '@/features/motor/hooks → features/motor/hooks',
    ]);
    expect(boundaryViolations(purchaseRoute, "import { x } from '@/components/card';")).toEqual([]);
  });

  it('lets a feature import its own files, shared code and packages', () => {
    const source = [
      "import { t } from '../i18n';",
      "import { usePurchase } from '../stores/purchase';",
      "import { Card } from '../../../components/card';",
      "import { formatIsoDate } from '../../../lib/dates';",
      "import { useQuery } from '@tanstack/react-query';",
    ].join('\n');
    expect(boundaryViolations(purchaseRoute, source)).toEqual([]);
  });

  it('ignores comments and strings', () => {
    const source = [
      "// import { x } from '../../motor/hooks';",
      "/* export * from '../../portal/menu'; */",
      'const text = "import { y } from \'../../motor/hooks\'";',
    ].join('\n');
    expect(boundaryViolations(purchaseRoute, source)).toEqual([]);
  });

  it('refuses a feature in shared code', () => {
    expect(boundaryViolations('components/card.tsx', "import { t } from '../features/portal/i18n';")).toEqual(
      ['../features/portal/i18n → features/portal/i18n'],
    );
  });
});
