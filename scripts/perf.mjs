// `npm run perf`: builds the portal, serves it on a throwaway database and measures the landing page:
// Lighthouse (mobile preset, Debian Chromium) performance score and the page's JavaScript size (gzip).
import './lib/require-node.mjs';
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

const TARGET_SCORE = 0.95;
const TARGET_JS_KB = 130;
const port = Number(process.env.PERF_PORT ?? 3290);
const origin = `http://127.0.0.1:${port}`;

ensureWebBuild({ force: true });

const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stopServer = () => server.kill('SIGTERM');
process.on('exit', stopServer);

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the portal did not start');
}

/** The landing page's own scripts: entry modules and the chunks it preloads, gzipped. */
async function measureLandingJavaScript() {
  const html = await (await fetch(`${origin}/`, { headers: { accept: 'text/html' } })).text();
  const urls = new Set();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1]);
  let total = 0;
  const files = [];
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer());
    const gzipped = gzipSync(body, { level: 9 }).length;
    files.push({ url, gzipped });
    total += gzipped;
  }
  return { total, files };
}

await waitForServer();
const js = await measureLandingJavaScript();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
try {
  const result = await lighthouse(`${origin}/`, {
    port: chrome.port,
    onlyCategories: ['performance'],
    logLevel: 'error',
  });
  const lhr = result?.lhr;
  const score = lhr?.categories.performance.score ?? 0;
  const metric = (id) => lhr?.audits[id]?.displayValue ?? 'n/a';
  console.info('\nLanding page (/), Lighthouse mobile preset:');
  console.info(`  performance score         ${score.toFixed(2)} (target ≥ ${TARGET_SCORE})`);
  console.info(`  first contentful paint    ${metric('first-contentful-paint')}`);
  console.info(`  largest contentful paint  ${metric('largest-contentful-paint')}`);
  console.info(`  total blocking time       ${metric('total-blocking-time')}`);
  console.info(`  cumulative layout shift   ${metric('cumulative-layout-shift')}`);
  console.info(
    `  JavaScript (gzip)         ${(js.total / 1024).toFixed(1)} KB (target ≤ ${TARGET_JS_KB} KB)`,
  );
  for (const file of js.files) console.info(`    ${file.url}  ${(file.gzipped / 1024).toFixed(1)} KB`);
  const ok = score >= TARGET_SCORE && js.total <= TARGET_JS_KB * 1024;
  console.info(ok ? '\nBoth targets met.' : '\nA target was missed.');
  process.exitCode = ok ? 0 : 1;
} finally {
  await chrome.kill();
  stopServer();
}
