import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'bima-production-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// An `npm` on the PATH that only notes it was called: a start that tries to build is seen.
const fakeBin = join(scratch, 'bin');
const npmCalls = join(scratch, 'npm-calls');
mkdirSync(fakeBin);
writeFileSync(join(fakeBin, 'npm'), `#!/bin/sh\necho "$@" >> '${npmCalls}'\nexit 1\n`);
chmodSync(join(fakeBin, 'npm'), 0o755);

/** `npm start` as systemd runs it (node scripts/start.mjs), with a configuration that is wrong everywhere. */
function start(env: Record<string, string>) {
  rmSync(npmCalls, { force: true });
  const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      PATH: `${fakeBin}:${process.env.PATH}`,
      // Every check after the web build's would fail: bad port, bad database, no production secrets.
      PORT: 'not-a-port',
      DATABASE_URL: 'not a url',
      DATA_DIR: join(scratch, 'data'),
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { ...result, npmCalled: existsSync(npmCalls) };
}

describe('npm start with NODE_ENV=production', () => {
  it('refuses to start without the web build, before any other check, and builds nothing', () => {
    const empty = join(scratch, 'no-build');
    mkdirSync(empty);
    const result = start({ NODE_ENV: 'production', WEB_DIST_DIR: empty });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('the web build is missing');
    expect(result.stderr).toContain('npm run build');
    expect(result.stderr).not.toContain('Invalid configuration');
    expect(result.npmCalled).toBe(false);
    expect(existsSync(join(empty, 'index.html'))).toBe(false);
  });

  it('with the build, goes on to the next check (the configuration) and still builds nothing', () => {
    const built = join(scratch, 'built');
    mkdirSync(built);
    writeFileSync(join(built, 'index.html'), '<!doctype html><title>Bima</title>');
    const result = start({ NODE_ENV: 'production', WEB_DIST_DIR: built });
    expect(result.status).not.toBe(0);
    expect(result.stderr).not.toContain('the web build is missing');
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.npmCalled).toBe(false);
  });

  it('never runs the build, whether or not apps/web/dist exists or is older than its sources', () => {
    const result = start({ NODE_ENV: 'production' });
    expect(result.status).not.toBe(0);
    expect(result.npmCalled).toBe(false);
    const hasBuild = existsSync(join(ROOT, 'apps/web/dist/index.html'));
    expect(result.stderr.includes('the web build is missing')).toBe(!hasBuild);
  });
});
