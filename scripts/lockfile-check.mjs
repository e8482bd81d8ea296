// `npm run lockfile` (and `npm test`): fails when package-lock.json and the package.json files disagree.
// 1. Every dependency range in the root's and each workspace's package.json is the one the lockfile
//    recorded for it: an edited package.json not followed by `npm install` (npm ci misses a changed
//    range in a workspace that the locked version still happens to fit, or that an override covers).
// 2. `npm ci --dry-run`: each locked version satisfies what asks for it and nothing is missing, which
//    is what `npm ci` itself checks before it installs (it changes nothing on disk).
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
// The project folder: this checkout, or the one named on the command line (the tests' fixtures).
const PROJECT = process.argv[2] ? path.resolve(process.argv[2]) : ROOT;
const readJson = (file) => JSON.parse(readFileSync(path.join(PROJECT, file), 'utf8'));

/** Where each package.json's ranges differ from the lockfile's entry for that folder. */
export function rangeDisagreements(lock, manifests) {
  const problems = [];
  for (const [folder, manifest] of Object.entries(manifests)) {
    const where = folder === '' ? 'package.json' : `${folder}/package.json`;
    const locked = lock.packages?.[folder];
    if (!locked) {
      problems.push(`${where}: the lockfile has no entry for this package`);
      continue;
    }
    for (const field of FIELDS) {
      const wanted = manifest[field] ?? {};
      const recorded = locked[field] ?? {};
      for (const name of new Set([...Object.keys(wanted), ...Object.keys(recorded)])) {
        if (wanted[name] === recorded[name]) continue;
        if (recorded[name] === undefined)
          problems.push(`${where}: ${field} ${name}@${wanted[name]} is not in the lockfile`);
        else if (wanted[name] === undefined)
          problems.push(`${where}: the lockfile still has ${field} ${name}@${recorded[name]}`);
        else
          problems.push(`${where}: ${field} ${name} is ${wanted[name]}, the lockfile has ${recorded[name]}`);
      }
    }
  }
  return problems;
}

/** The workspace folders the root's globs name (`apps/*`, `e2e`) that hold a package.json. */
function workspaceFolders(root) {
  return (root.workspaces ?? [])
    .flatMap((pattern) => {
      if (!pattern.endsWith('/*')) return [pattern];
      const parent = pattern.slice(0, -2);
      return readdirSync(path.join(PROJECT, parent), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${parent}/${entry.name}`);
    })
    .filter((folder) => existsSync(path.join(PROJECT, folder, 'package.json')))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = readJson('package-lock.json');
  const root = readJson('package.json');
  const manifests = { '': root };
  for (const folder of workspaceFolders(root)) manifests[folder] = readJson(`${folder}/package.json`);
  const problems = rangeDisagreements(lock, manifests);

  const ci = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: PROJECT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (ci.status !== 0) {
    const said = `${ci.stdout ?? ''}${ci.stderr ?? ''}`
      .split('\n')
      .filter((line) => /Missing:|Invalid:|in sync|ERR!|error code/.test(line))
      .map((line) => line.replace(/^npm error\s*/, ''));
    problems.push(
      `npm ci --dry-run refuses the lockfile:${said.length ? `\n    ${said.join('\n    ')}` : ` ${ci.error ?? ''}`}`,
    );
  }

  if (problems.length > 0) {
    console.error('package-lock.json does not match package.json:');
    for (const problem of problems) console.error(`  ${problem}`);
    console.error("Run `npm install` (npm on the project's Node 24) and commit package-lock.json.");
    process.exit(1);
  }
  console.info(
    `package-lock.json matches package.json and ${Object.keys(manifests).length - 1} workspaces; npm ci accepts it.`,
  );
}
