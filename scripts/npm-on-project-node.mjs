// Root `postinstall`: npm itself resolves versions on the project's Node 24, not on the machine's Node.
// npm picks, among the versions a range allows, those whose `engines` accept the Node npm runs on:
// npm on Node 20 silently settles for releases that still support 20 (pg-boss 10, react-router 7 …).
// npm runs no project code before it resolves, so an install started on another Node is done again
// here on Node 24 (node_modules/.bin/node, installed by that first pass), from the lockfile as it was
// committed when that first pass changed it. `npm ci` resolves nothing (the lockfile decides), so it
// is left alone; `devEngines` makes npm on another Node say so before it starts.
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const AGAIN = 'BIMA_NPM_ON_PROJECT_NODE';

/** The Node version npm ran on ('20.20.2'), from npm's user agent, or null when npm did not say. */
export function npmNodeVersion(userAgent) {
  return /\bnode\/v(\d+\.\d+\.\d+)/.exec(userAgent ?? '')?.[1] ?? null;
}

/** Whether version `a` ('20.20.2') is older than `b`. */
const isOlder = (a, b) => {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  const index = x.findIndex((part, at) => part !== y[at]);
  return index !== -1 && x[index] < y[index];
};

/** Whether the npm that ran this install must run it again on the project's Node (`minimum`: engines). */
export function needsRerun(env, minimum) {
  if (env[AGAIN]) return false; // this is the run again
  if (env.npm_command !== 'install') return false; // npm ci: every version comes from the lockfile
  const ranOn = npmNodeVersion(env.npm_config_user_agent);
  return ranOn !== null && isOlder(ranOn, minimum);
}

// The project folder: this checkout, or the one named on the command line (the tests' fixtures).
const PROJECT = process.argv[2] ? path.resolve(process.argv[2]) : ROOT;
const git = (...args) => spawnSync('git', args, { cwd: PROJECT, encoding: 'utf8' });

const minimum = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node.replace(
  /^>=\s*/,
  '',
);

if (import.meta.url === `file://${process.argv[1]}` && needsRerun(process.env, minimum)) {
  const ranOn = npmNodeVersion(process.env.npm_config_user_agent);
  console.info(
    `npm ran on Node ${ranOn}; installing again with npm on the project's Node ${process.versions.node}.`,
  );
  // Whatever that npm resolved (a range the lockfile did not pin yet) was chosen for its Node: start
  // again from the lockfile in git's index, so npm on Node 24 chooses those versions itself.
  const tracked = git('ls-files', '--error-unmatch', 'package-lock.json').status === 0;
  if (tracked && git('diff', '--quiet', '--', 'package-lock.json').status === 1) {
    git('checkout', '--', 'package-lock.json');
    console.info('package-lock.json changed by that install: resolving from the committed one on Node 24.');
  }
  const bin = path.join(PROJECT, 'node_modules', '.bin');
  const again = spawnSync('npm', ['install'], {
    cwd: PROJECT,
    stdio: 'inherit',
    env: { ...process.env, [AGAIN]: '1', PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  process.exit(again.status ?? 1);
}
