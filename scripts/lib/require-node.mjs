// Imported first by every script: stops at once, with what to do, on a Node older than the one we test.
// `npm install` puts the project's own Node 24 (the `node` package) in node_modules/.bin, and every npm
// script (`npm start`, `npm test`, `npm run …`) finds it first on its PATH; a bare `node` may be older.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const wanted = pkg.engines.node; // ">=24.21.0"
const minimum = wanted
  .replace(/^>=\s*/, '')
  .split('.')
  .map(Number);
const running = process.versions.node.split('.').map(Number);

/** Whether version `a` is older than `b` (both [major, minor, patch]). */
function isOlder(a, b) {
  for (let i = 0; i < 3; i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  }
  return false;
}

if (isOlder(running, minimum)) {
  console.error(
    [
      `Bima Portal needs Node ${wanted}; this is Node ${process.versions.node} (${process.execPath}).`,
      'Run it through npm (`npm start`, `npm test`, `npm run <script>`): after `npm install` npm scripts',
      "use the project's own Node 24 from node_modules/.bin/node. Outside npm, call that binary:",
      '  node_modules/.bin/node scripts/start.mjs',
    ].join('\n'),
  );
  process.exit(1);
}
