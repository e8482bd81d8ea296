import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Manifest {
  name?: string;
  dependencies?: Record<string, string>;
  exports?: Record<string, string>;
  main?: string;
  workspaces?: string[];
}

const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/** The specifiers a file really loads at run time: no `import type`, with dynamic imports and worker entries. */
function runtimeSpecifiers(file: string): string[] {
  // Vite's parser (oxc): TypeScript 7 has no compiler API to ask.
  const text = readFileSync(file, 'utf8');
  const { module } = parseSync(file, text);
  // Each once: `import {x} from 'm'; export {x}` is also an export entry of 'm' (an indirect export).
  const literal = (start: number, end: number) => /^(['"`])([^'"`]*)\1$/.exec(text.slice(start, end))?.[2];
  const specifiers = [
    // `import type {…}` and `import { type A, type B }` vanish at run time; `import 'x'` does not.
    ...module.staticImports
      .filter((entry) => entry.entries.length === 0 || entry.entries.some((part) => !part.isType))
      .map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) =>
      entry.entries.flatMap((part) => (part.moduleRequest && !part.isType ? [part.moduleRequest.value] : [])),
    ),
    ...module.dynamicImports.flatMap((entry) => {
      const value = literal(entry.moduleRequest.start, entry.moduleRequest.end);
      return value === undefined ? [] : [value];
    }),
    // new URL('./pdf-worker.mjs', import.meta.url): a worker thread's entry
    ...[...text.matchAll(/new URL\(\s*(['"])([^'"]+\.(?:m?js|ts))\1\s*,\s*import\.meta\.url\s*\)/g)].map(
      (match) => match[2]!,
    ),
  ];
  return [...new Set(specifiers)];
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

function resolveFile(base: string): string | null {
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mjs`,
    `${base}.js`,
    join(base, 'index.ts'),
  ]) {
    if (isFile(candidate)) return candidate;
  }
  return null;
}

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `tsx/esm/api` → `tsx`. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The nearest folder at or above `file` (inside `root`) with a package.json. */
function owningWorkspace(root: string, file: string): string {
  let dir = dirname(file);
  while (dir.startsWith(root) && !existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}

export interface Problem {
  pkg: string;
  importedBy: string;
  workspace: string;
}

/**
 * Walks the import graph from `entries` (files under `root`, an npm-workspaces repository) and lists
 * every bare package a file loads that is not in the `dependencies` of its own workspace or of the
 * root: what `npm ci --omit=dev` would not install.
 */
export function undeclaredRuntimeImports(
  root: string,
  entries: string[],
): { problems: Problem[]; files: string[] } {
  const rootManifest = readManifest(root);
  const workspaces = new Map<string, string>();
  for (const pattern of rootManifest.workspaces ?? []) {
    const parent = join(root, pattern.replace(/\/\*$/, ''));
    const dirs = pattern.endsWith('/*')
      ? (existsSync(parent) ? readdirSync(parent) : []).map((name: string) => join(parent, name))
      : [parent];
    for (const dir of dirs) {
      if (!existsSync(join(dir, 'package.json'))) continue;
      const name = readManifest(dir).name;
      if (name) workspaces.set(name, dir);
    }
  }
  const rootDependencies = Object.keys(rootManifest.dependencies ?? {});
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const queue = entries.map((entry) => join(root, entry));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const workspace = owningWorkspace(root, file);
    const declared = new Set([
      ...Object.keys(readManifest(workspace).dependencies ?? {}),
      ...rootDependencies,
    ]);
    for (const specifier of runtimeSpecifiers(file)) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        const target = resolveFile(join(dirname(file), specifier));
        if (target && /\.(m?js|tsx?)$/.test(target)) queue.push(target);
        continue;
      }
      if (isBuiltin(specifier)) continue;
      const pkg = packageName(specifier);
      if (!declared.has(pkg)) {
        problems.push({ pkg, importedBy: relative(root, file), workspace: relative(root, workspace) || '.' });
        continue;
      }
      const workspaceDir = workspaces.get(pkg);
      if (workspaceDir) {
        // A workspace package is loaded from its source: follow it.
        const subpath = specifier.slice(pkg.length);
        const target = subpath
          ? resolveFile(join(workspaceDir, 'src', subpath))
          : resolveFile(join(workspaceDir, readManifest(workspaceDir).main ?? 'index'));
        if (target) queue.push(target);
      }
    }
  }
  return { problems, files: [...seen] };
}

const describeProblems = (problems: Problem[]) =>
  problems.map(
    (problem) =>
      `${problem.pkg} (imported by ${problem.importedBy}; add it to the dependencies of ${problem.workspace}/package.json)`,
  );

describe('production runs on `npm ci --omit=dev`', () => {
  it('every package the server loads (from npm start) is a dependency, not a dev dependency, of the workspace that imports it', () => {
    const { problems, files } = undeclaredRuntimeImports(ROOT, ['scripts/start.mjs']);
    // The walk really reached the server, its modules, the PDF worker and the domain package.
    const reached = files.map((file) => relative(ROOT, file));
    expect(reached).toContain('apps/api/src/server.ts');
    expect(reached).toContain('apps/api/src/app.ts');
    expect(reached).toContain('apps/api/src/modules/pdf-worker.ts');
    expect(reached).toContain('packages/domain/src/index.ts');
    expect(reached.length).toBeGreaterThan(200);
    expect(describeProblems(problems)).toEqual([]);
  });

  it('names the package and the importing file when a dev-only package is imported at run time', () => {
    const root = mkdtempSync(join(tmpdir(), 'bima-runtime-deps-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      };
      write('package.json', JSON.stringify({ workspaces: ['apps/*'], dependencies: { node: '^24' } }));
      write(
        'apps/api/package.json',
        JSON.stringify({
          name: '@x/api',
          dependencies: { fastify: '^5' },
          devDependencies: { pdfjs: '^5', vitest: '^4' },
        }),
      );
      write('scripts/start.mjs', "import 'node:fs';\nawait import('../apps/api/src/server.ts');\n");
      write(
        'apps/api/src/server.ts',
        "import Fastify from 'fastify';\nimport type { Mock } from 'vitest';\nimport { render } from './render';\n",
      );
      write(
        'apps/api/src/render.ts',
        "import { getDocument } from 'pdfjs/legacy/build';\nexport { getDocument as render };\n",
      );
      const { problems } = undeclaredRuntimeImports(root, ['scripts/start.mjs']);
      expect(describeProblems(problems)).toEqual([
        'pdfjs (imported by apps/api/src/render.ts; add it to the dependencies of apps/api/package.json)',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
