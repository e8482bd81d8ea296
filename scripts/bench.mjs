// `npm run bench`: the built server on PGlite, measured with autocannon in one run: the quote
// actions beside a bare JSON route of the same server, each printed as a ratio to the bare route.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

const port = Number(process.env.BENCH_PORT ?? 3291);
const origin = `http://127.0.0.1:${port}`;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 25;

ensureWebBuild();
const server = spawn('node', ['scripts/e2e-server.mjs'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    BENCH_ROUTE: 'true',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.on('exit', () => server.kill('SIGTERM'));

for (let attempt = 0; ; attempt += 1) {
  try {
    if ((await fetch(`${origin}/healthz`)).ok) break;
  } catch {
    if (attempt > 120) throw new Error('the server did not start');
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}

const envelope = (action, data) =>
  JSON.stringify({
    service: { name: 'underwriting', version: 'v1' },
    resource: { name: 'product', version: 'v1' },
    action: { name: action, version: 'v1' },
    data,
  });

const targets = [
  { name: 'bare JSON route', path: '/v2/api/bench/bare', body: '{}' },
  {
    name: 'fetchInsuranceClassReccomendations (07, KES 1,500,000, all covers)',
    path: '/v2/api/v1',
    body: envelope('fetchInsuranceClassReccomendations', {
      insuranceClass: '07',
      riskValue: 1_500_000,
      coverType: '',
    }),
  },
  {
    name: 'productPremiumCalc (comprehensive, two optional benefits)',
    path: '/v2/api/v1',
    body: envelope('productPremiumCalc', {
      productSystemRef: 'APA-MP-PLUS',
      risk: { value: 1_500_000 },
      additionalBenefits: [
        { benefitSystemRef: 'APA-MP-PLUS-PVT' },
        { benefitSystemRef: 'APA-MP-PLUS-EXCESS-PROTECTOR' },
      ],
      excesses: [],
      coverDetails: { period: 365 },
    }),
  },
];

const run = (target) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${origin}${target.path}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: target.body,
        connections,
        duration,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

// Warm up every target (JIT, caches) before measuring.
for (const target of targets) {
  const response = await fetch(`${origin}${target.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: target.body,
  });
  if (!response.ok) throw new Error(`${target.name} answered ${response.status}: ${await response.text()}`);
}

const results = [];
for (const target of targets) {
  const result = await run(target);
  results.push({
    target,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  });
}

const bare = results[0];
console.info(`\n${connections} connections, ${duration} s each, PGlite:`);
console.info('  route'.padEnd(72), 'req/s'.padStart(9), 'p99 ms'.padStart(8), 'ratio'.padStart(7));
let ok = true;
for (const { target, rps, p99, errors } of results) {
  const ratio = rps / bare.rps;
  console.info(
    `  ${target.name}`.padEnd(72),
    rps.toFixed(0).padStart(9),
    String(p99).padStart(8),
    ratio.toFixed(2).padStart(7),
  );
  if (errors > 0) console.info(`    ${errors} errors or non-2xx answers`);
  if (target !== bare.target && (ratio < TARGET_RATIO || p99 >= TARGET_P99_MS)) ok = false;
}
console.info(
  ok ? '\nTargets met (ratio ≥ 0.5, p99 < 25 ms).' : '\nA target was missed (ratio ≥ 0.5, p99 < 25 ms).',
);
server.kill('SIGTERM');
process.exitCode = ok ? 0 : 1;
