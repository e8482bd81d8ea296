// `npm run cluster`: the portal as production runs it, on this machine: the web app built once
// (`npm run build`), PostgreSQL, Redis, the Daraja, DMVIC and identity simulators, an SMTP sink, three
// API instances (CLUSTER_INSTANCES) started as `npm start` with NODE_ENV=production, and nginx in front
// with the WebSocket upgrade. Everything lives in a throwaway folder and stops with Ctrl+C.
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from './lib/cluster.mjs';
import { ROOT } from './lib/web-build.mjs';

const deps = spawnSync('bash', ['scripts/system-deps.sh'], { cwd: ROOT, stdio: 'inherit' });
if (deps.status !== 0) process.exit(deps.status ?? 1);

const dir = mkdtempSync(join(tmpdir(), 'bima-cluster-'));
const instances = Number(process.env.CLUSTER_INSTANCES ?? 3);
const metricsToken = process.env.METRICS_TOKEN ?? 'cluster-metrics-token-change-me';
const cluster = await startCluster({ dir, instances, env: { METRICS_TOKEN: metricsToken } }).catch(
  (error) => {
    console.error(error.message);
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  },
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.info('\nStopping the cluster…');
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

console.info(`
Bima Portal on ${cluster.url}  (nginx → ${instances} API instances)
  readiness  ${cluster.url}/readyz
  metrics    curl -H 'Authorization: Bearer ${metricsToken}' ${cluster.url}/metrics
  e-mails    ${cluster.mailFile} (sign-up and reset codes: production sends mail by SMTP)
  staff      none: production seeds no sample staff accounts (the instances run NODE_ENV=production)
Ctrl+C stops everything.`);
