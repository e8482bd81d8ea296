import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of apps/api/src has no circle. A circle makes the load order decide what is
 * defined when a module first runs, and lets two areas grow into each other (issue 29: payment and
 * the cart, loans and school fees imported each other to settle a receipt).
 *
 * Type-only imports (`import type`, `export type`, or braces holding only `type` names) are left out
 * of the graph: TypeScript erases them (`verbatimModuleSyntax` is off), so they cannot order module
 * loading, and the context types every module is handed — `Services`, `Database`, `ActionDefinition`
 * — describe the whole application by nature (Services holds the PDF renderers, the chat hub, …),
 * so a type circle through them says nothing about how areas depend on each other. Every value
 * import counts, including dynamic `import()`, and a value import used only as a type counts too.
 *
 * The parse is static and small on purpose (no compiler API): imports and re-exports sit at the
 * start of a line as Biome formats them.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const SOURCE = /\.(ts|mts|mjs)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const CLAUSE = String.raw`(type\s+)?(\*\s+as\s+[\w$]+|\{[^}]*\}|[\w$]+(?:\s*,\s*(?:\{[^}]*\}|\*\s+as\s+[\w$]+))?)`;
const STATIC_IMPORT = new RegExp(String.raw`^\s*import\s+${CLAUSE}\s+from\s*['"]([^'"]+)['"]`, 'gm');
const RE_EXPORT = /^\s*export\s+(type\s+)?(\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s*['"]([^'"]+)['"]/gm;
const SIDE_EFFECT = /^\s*import\s*['"]([^'"]+)['"]/gm;
/** `import('./x')` in code (`typeof import('./x')` is a type, erased). */
const DYNAMIC = /(?<!typeof\s+)\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Whether an import clause brings only types: `type { A }` or `{ type A, type B }`. */
function isTypeOnly(typeKeyword: string | undefined, clause: string): boolean {
  if (typeKeyword) return true;
  if (!clause.startsWith('{')) return false;
  const names = clause
    .slice(1, -1)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((part) => /^type\s/.test(part));
}

/** The specifiers a module imports or re-exports values from (type-only imports left out, see above). */
export function specifiersOf(text: string): string[] {
  const fromClauses = [STATIC_IMPORT, RE_EXPORT].flatMap((pattern) =>
    [...text.matchAll(pattern)].filter((match) => !isTypeOnly(match[1], match[2]!)).map((match) => match[3]!),
  );
  const bare = [SIDE_EFFECT, DYNAMIC].flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => match[1]!),
  );
  return [...fromClauses, ...bare];
}

function resolveImport(from: string, specifier: string, files: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs|ts|mts)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.mts`, `${stem}.mjs`, join(base, 'index.ts')];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/** Every circle of the graph, each once, as the files along it (the first repeated at the end). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components; then one shortest circle through each component's members.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);

  const cycles: string[][] = [];
  for (const component of components) {
    const inside = new Set(component);
    const covered = new Set<string>();
    for (const start of component) {
      if (covered.has(start)) continue;
      // Breadth-first from start back to start, inside the component: a shortest circle through it.
      const previous = new Map<string, string>();
      const queue = [start];
      let found = false;
      while (queue.length > 0 && !found) {
        const node = queue.shift()!;
        for (const next of graph.get(node) ?? []) {
          if (!inside.has(next)) continue;
          if (next === start) {
            const path = [node];
            while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
            path.push(start);
            cycles.push(path);
            for (const member of path) covered.add(member);
            found = true;
            break;
          }
          if (!previous.has(next) && next !== start) {
            previous.set(next, node);
            queue.push(next);
          }
        }
      }
    }
  }
  return cycles;
}

/** apps/api/src as a graph: each file and the files of apps/api/src it imports. */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiersOf(readFileSync(file, 'utf8'))
      .map((specifier) => resolveImport(file, specifier, known))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

const name = (file: string) => relative(SRC, file).replace(/^modules\//, '');

describe('the import graph of apps/api/src', () => {
  it('reads imports, re-exports, side-effect and dynamic imports, leaving out type-only ones', () => {
    const text = [
      "import { a, type B } from './a';",
      "import type { C } from '../c';",
      'import {',
      '  d,',
      '  e,',
      "} from './d.js';",
      "import * as f from './f';",
      "import g, { h } from './g';",
      "export { i } from './i';",
      "export type { J } from './j';",
      "export * from './k';",
      "import './l';",
      "type M = typeof import('./m');",
      'const text = \'import { n } from "./n"\';',
      "import { type O, type P } from './o';",
      "const q = await import('./q');",
    ].join('\n');
    expect(specifiersOf(text).sort()).toEqual(
      ['./a', './d.js', './f', './g', './i', './k', './l', './q'].sort(),
    );
  });

  it('finds a circle and names it', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(findCycles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
  });

  it('sees every module of the API', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    // The wiring reaches the payment module, which reaches the ledger: the parse resolves imports.
    const app = [...graph.keys()].find((file) => name(file) === 'app.ts')!;
    expect(graph.get(app)!.map(name)).toContain('payment/plugin.ts');
  });

  it('lets the payment module reach none of the payables it settles (they register with it)', () => {
    const graph = importGraph();
    // The modules with a payable.ts: invoice, wallet, cart, loan, school fees, and the next ones.
    const payables = [...graph.keys()]
      .filter((file) => /^[^/]+\/payable\.ts$/.test(name(file)))
      .map((file) => `${dirname(name(file))}/`);
    expect(payables.length).toBeGreaterThanOrEqual(5);
    const reached = new Set<string>();
    const stack = [...graph.keys()].filter((file) => name(file).startsWith('payment/'));
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      stack.push(...(graph.get(file) ?? []));
    }
    const known = [...reached].map(name).filter((file) => payables.some((module) => file.startsWith(module)));
    expect(known, 'payment/ imports (directly or not) these payables').toEqual([]);
  });

  it('has no import circle', () => {
    const cycles = findCycles(importGraph()).map((cycle) => cycle.map(name).join(' → '));
    expect(cycles, `import circles in apps/api/src:\n${cycles.join('\n')}`).toEqual([]);
  });
});
