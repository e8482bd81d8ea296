import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helpers';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const engines: string = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')).engines.node;
const minimum = engines.replace(/^>=\s*/, '');
const [minimumMajor] = minimum.split('.').map(Number);

/** Runs a script as a bare `node` would, pretending this Node is `version`. */
const runAs = (version: string, script: string) =>
  spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      `Object.defineProperty(process.versions, 'node', { value: '${version}' }); await import('./${script}');`,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', DATA_DIR: '/nonexistent' },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );

describe('the Node that runs the portal', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
    await ctx.app.ready();
  });
  afterAll(() => ctx.app.close());

  it(`is the project's Node ${minimumMajor} LTS (engines ${engines}), and /healthz says which`, async () => {
    expect(minimumMajor).toBe(24);
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const { node } = response.json() as { node: string };
    expect(node).toBe(process.versions.node);
    const [major = 0, minor = 0, patch = 0] = node.split('.').map(Number);
    const [wantMajor = 0, wantMinor = 0, wantPatch = 0] = minimum.split('.').map(Number);
    expect(major).toBe(wantMajor);
    expect(minor * 1000 + patch).toBeGreaterThanOrEqual(wantMinor * 1000 + wantPatch);
  });

  it.each([
    ['20.20.2', 'scripts/start.mjs'],
    ['22.22.0', 'scripts/start.mjs'],
    ['24.0.0', 'scripts/e2e-server.mjs'],
  ])('Node %s: %s stops at once and says how to run the project’s Node', (version, script) => {
    const result = runAs(version, script);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Bima Portal needs Node ${engines}; this is Node ${version}`);
    expect(result.stderr).toContain('node_modules/.bin/node');
    expect(result.stdout).toBe('');
  });
});

/** Runs scripts/audit.mjs with an `npm` on the PATH that prints `answer` as `npm audit --json` would. */
function auditWith(answer: string) {
  const dir = mkdtempSync(join(tmpdir(), 'bima-audit-'));
  try {
    writeFileSync(join(dir, 'answer.json'), answer);
    writeFileSync(join(dir, 'npm'), `#!/bin/sh\ncat '${join(dir, 'answer.json')}'\nexit 1\n`);
    chmodSync(join(dir, 'npm'), 0o755);
    return spawnSync(process.execPath, ['scripts/audit.mjs'], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${dir}:${process.env.PATH}` },
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const report = (counts: Record<string, number>, vulnerabilities: Record<string, unknown> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts },
    },
  });

describe("npm test's advisory check (npm audit --omit=dev)", () => {
  it('passes a report without high or critical advisories, and prints its counts', () => {
    const result = auditWith(report({ moderate: 2, total: 2 }));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('0 critical, 0 high, 2 moderate');
  });

  it('fails on a high advisory and names the package', () => {
    const result = auditWith(
      report(
        { high: 1, total: 1 },
        { 'fast-xml-parser': { name: 'fast-xml-parser', severity: 'high', range: '<4.5.4' } },
      ),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('high: fast-xml-parser <4.5.4');
  });

  it('says so, and passes, when the registry does not answer', () => {
    const result = auditWith(
      JSON.stringify({
        message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      }),
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('the registry did not answer (405 Method Not Allowed');
    expect(result.stderr).toContain('advisories NOT checked');
  });

  it('says so when npm prints no JSON at all (offline)', () => {
    const result = auditWith('');
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('the registry did not answer');
  });
});
