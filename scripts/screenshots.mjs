#!/usr/bin/env node
// `npm run screenshots`: the README's phone screenshots, made by the journeys themselves.
// Builds the web app, runs the journeys tagged @readme on the phone project (a Pixel 7, 412×915
// CSS px) with README_SCREENSHOTS set — each `readmeShot(page, testInfo, name)` writes
// docs/screenshots/<name>.png — then checks every picture the README shows was written by this run.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const started = Date.now();
run('npm', ['run', '--silent', 'build']);
run(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project', 'phone', '--grep', '@readme'],
  { README_SCREENSHOTS: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
);

const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const shown = [...readme.matchAll(/\]\((docs\/screenshots\/[\w-]+\.png)\)/g)].map((match) => match[1]);
const stale = shown.filter((file) => {
  try {
    return statSync(resolve(root, file)).mtimeMs < started;
  } catch {
    return true;
  }
});
if (stale.length > 0) {
  console.error(`The README shows screenshots no journey made in this run: ${stale.join(', ')}`);
  process.exit(1);
}
console.info(`${shown.length} README screenshots written to docs/screenshots/.`);
