// `npm run backup [file]`: the whole database to one file. PostgreSQL (DATABASE_URL): pg_dump's
// custom format (restored with pg_restore). The embedded PGlite (DATA_DIR): its folder as a gzipped
// tarball (PGlite's own dumpDataDir), taken with the portal stopped.
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { postgresTool, refuseIfOpen, stamp, target } from './lib/backup.mjs';
import { ROOT } from './lib/web-build.mjs';

const where = target();
const file = resolve(
  process.argv[2] ??
    join(ROOT, 'backups', `bima-${stamp()}.${where.kind === 'postgres' ? 'dump' : 'tar.gz'}`),
);
mkdirSync(dirname(file), { recursive: true });

if (where.kind === 'postgres') {
  const dump = spawnSync(
    postgresTool('pg_dump'),
    ['--format=custom', '--no-owner', `--file=${file}`, where.url],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (dump.status !== 0) {
    console.error('pg_dump failed: nothing was written.');
    process.exit(1);
  }
} else {
  refuseIfOpen(where.dir);
  const { PGlite } = await import('@electric-sql/pglite');
  const database = new PGlite(where.dir);
  await database.waitReady;
  const tarball = await database.dumpDataDir('gzip');
  await database.close();
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
}
const size = statSync(file).size;
console.info(
  `Backup of the ${where.kind === 'postgres' ? 'PostgreSQL database' : `embedded database (${where.dir})`}: ${file} (${(size / 1024).toFixed(0)} KB)`,
);
