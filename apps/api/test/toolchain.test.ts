import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A throwaway project: files by relative path, and an `npm` on the PATH that runs `npmScript`. */
function project(files: Record<string, unknown>, npmScript: string) {
  const dir = mkdtempSync(join(tmpdir(), 'bima-toolchain-'));
  folders.push(dir);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  mkdirSync(join(dir, 'fake-bin'));
  writeFileSync(join(dir, 'fake-bin', 'npm'), `#!/bin/sh\n${npmScript}\n`);
  chmodSync(join(dir, 'fake-bin', 'npm'), 0o755);
  return dir;
}

const run = (script: string, dir: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [script, dir], {
    cwd: ROOT,
    env: { ...process.env, PATH: `${join(dir, 'fake-bin')}:${process.env.PATH}`, ...env },
    encoding: 'utf8',
  });

const manifests = (webRouter: string) => ({
  'package.json': { name: 'p', workspaces: ['apps/*'], devDependencies: { vitest: '^5.1.2' } },
  'apps/web/package.json': { name: '@p/web', dependencies: { 'react-router': webRouter } },
});
const lock = {
  name: 'p',
  lockfileVersion: 3,
  packages: {
    '': { name: 'p', workspaces: ['apps/*'], devDependencies: { vitest: '^5.1.2' } },
    'apps/web': { name: '@p/web', dependencies: { 'react-router': '^8.5.3' } },
    'node_modules/react-router': { version: '8.5.3' },
  },
};

describe("npm test's lockfile check (scripts/lockfile-check.mjs)", () => {
  it('passes when every package.json range is the recorded one and npm ci accepts the lockfile', () => {
    const dir = project({ ...manifests('^8.5.3'), 'package-lock.json': lock }, 'exit 0');
    const result = run('scripts/lockfile-check.mjs', dir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('package-lock.json matches package.json and 1 workspaces');
  });

  it('fails on a workspace range changed without npm install, even one the locked version fits', () => {
    const dir = project({ ...manifests('^8.0.0'), 'package-lock.json': lock }, 'exit 0');
    const result = run('scripts/lockfile-check.mjs', dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'apps/web/package.json: dependencies react-router is ^8.0.0, the lockfile has ^8.5.3',
    );
  });

  it('fails, saying what npm ci says, when npm ci refuses the lockfile', () => {
    const refusal =
      "echo 'npm error Invalid: lock file'\"'\"'s react-router@7.18.7 does not satisfy react-router@8.5.3' >&2; exit 1";
    const dir = project({ ...manifests('^8.5.3'), 'package-lock.json': lock }, refusal);
    const result = run('scripts/lockfile-check.mjs', dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm ci --dry-run refuses the lockfile');
    expect(result.stderr).toContain(
      "Invalid: lock file's react-router@7.18.7 does not satisfy react-router@8.5.3",
    );
  });

  it('passes on this repository', () => {
    const result = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '--eval',
        `
      import { readFileSync } from 'node:fs';
      const { rangeDisagreements } = await import('./scripts/lockfile-check.mjs');
      const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
      const manifests = { '': read('package.json') };
      for (const folder of ['apps/api', 'apps/web', 'packages/domain', 'e2e']) manifests[folder] = read(folder + '/package.json');
      console.log(JSON.stringify(rangeDisagreements(read('package-lock.json'), manifests)));
    `,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([]);
  });
});

describe("npm resolves on the project's Node (scripts/npm-on-project-node.mjs, the root postinstall)", () => {
  // The fake npm writes down how it was called: its arguments, the Node first on its PATH, the flag.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
  const recorder = 'echo "$@|${PATH%%:*}|$BIMA_NPM_ON_PROJECT_NODE|$(cat package-lock.json)" > called.txt';
  const onNode = (version: string, command = 'install') => ({
    npm_command: command,
    npm_config_user_agent: `npm/11.19.1 node/v${version} linux x64 workspaces/true`,
    BIMA_NPM_ON_PROJECT_NODE: '',
  });
  const called = (dir: string) => {
    try {
      return readFileSync(join(dir, 'called.txt'), 'utf8').trim();
    } catch {
      return null;
    }
  };

  it("runs an install that npm ran on Node 20 again, with npm on the project's node_modules/.bin first", () => {
    const dir = project({ 'package-lock.json': '{}' }, recorder);
    const result = run('scripts/npm-on-project-node.mjs', dir, onNode('20.20.2'));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      "npm ran on Node 20.20.2; installing again with npm on the project's Node",
    );
    expect(called(dir)).toBe(`install|${join(dir, 'node_modules', '.bin')}|1|{}`);
  });

  it('resolves from the committed lockfile when the install on Node 20 changed it', () => {
    const dir = project({ 'package-lock.json': '{"committed":true}' }, recorder);
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
        cwd: dir,
        encoding: 'utf8',
      });
    git('init', '-q');
    git('add', 'package-lock.json');
    git('commit', '-q', '-m', 'lock');
    writeFileSync(join(dir, 'package-lock.json'), '{"resolvedOnNode20":true}');
    const result = run('scripts/npm-on-project-node.mjs', dir, onNode('20.20.2'));
    expect(result.status, result.stderr).toBe(0);
    expect(called(dir)).toBe(`install|${join(dir, 'node_modules', '.bin')}|1|{"committed":true}`);
  });

  it.each([
    ['npm on the project Node', onNode('24.21.0')],
    ['npm ci (the lockfile decides every version)', onNode('20.20.2', 'ci')],
    ['the run again itself', { ...onNode('20.20.2'), BIMA_NPM_ON_PROJECT_NODE: '1' }],
  ])('leaves alone %s', (_name, env) => {
    const dir = project({ 'package-lock.json': '{}' }, recorder);
    const result = run('scripts/npm-on-project-node.mjs', dir, env);
    expect(result.status, result.stderr).toBe(0);
    expect(called(dir)).toBeNull();
  });
});
