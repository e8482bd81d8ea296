// What `npm run backup` and `npm run restore` share: where the database is and how to reach its tools.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from './web-build.mjs';

// Variables already in the environment win over the optional .env file (as `npm start` reads them).
if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));

/** The PostgreSQL URL, or the embedded database's folder (DATA_DIR/pglite). */
export function target() {
  if (process.env.DATABASE_URL) return { kind: 'postgres', url: process.env.DATABASE_URL };
  return { kind: 'pglite', dir: resolve(ROOT, process.env.DATA_DIR ?? './data', 'pglite') };
}

/** A PostgreSQL client tool (pg_dump, pg_restore): on the PATH, else the newest Debian cluster's. */
export function postgresTool(name) {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(a) - Number(b)) : [];
  for (const version of versions.reverse()) {
    const candidate = join(base, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  return name;
}

/** PGlite has no lock of its own: the server claims its folder with `<folder>.pid` (db/client.ts). */
export function refuseIfOpen(dir) {
  const lock = `${dir}.pid`;
  if (!existsSync(lock)) return;
  const pid = Number(readFileSync(lock, 'utf8').trim());
  try {
    process.kill(pid, 0);
  } catch {
    return;
  }
  console.error(
    `${dir} is in use by process ${pid}: stop the portal first (a copy taken while it runs may be torn).`,
  );
  process.exit(1);
}

export const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
