// `npm run restore <file> [--force]`: puts a backup of `npm run backup` back. PostgreSQL
// (DATABASE_URL): pg_restore into that database, replacing what the backup holds (--clean). The
// embedded PGlite (DATA_DIR): a new folder from the tarball; an existing one is kept unless --force
// (then it is moved aside to <folder>.before-restore-<time>).
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { postgresTool, refuseIfOpen, stamp, target } from './lib/backup.mjs';

const file = process.argv.slice(2).find((argument) => !argument.startsWith('--'));
const force = process.argv.includes('--force');
if (!file || !existsSync(file)) {
  console.error('Usage: npm run restore -- <backup file> [--force]');
  process.exit(1);
}
const where = target();

if (where.kind === 'postgres') {
  const restore = spawnSync(
    postgresTool('pg_restore'),
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${where.url}`, resolve(file)],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (restore.status !== 0) {
    console.error('pg_restore failed: the database was left as it was (one transaction).');
    process.exit(1);
  }
} else {
  if (existsSync(where.dir) && readdirSync(where.dir).length > 0) {
    if (!force) {
      console.error(
        `${where.dir} already holds a database: add --force to replace it (it is moved aside, not deleted).`,
      );
      process.exit(1);
    }
    refuseIfOpen(where.dir);
    const aside = `${where.dir}.before-restore-${stamp()}`;
    renameSync(where.dir, aside);
    console.info(`The database that was there is kept in ${aside}`);
  }
  mkdirSync(dirname(where.dir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const database = new PGlite(where.dir, { loadDataDir: new Blob([readFileSync(file)]) });
  await database.waitReady;
  await database.query('select 1');
  await database.close();
}
console.info(
  `Restored ${resolve(file)} into the ${where.kind === 'postgres' ? 'PostgreSQL database' : `embedded database (${where.dir})`}.`,
);
