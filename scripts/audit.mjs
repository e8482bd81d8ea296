// `npm run audit` (and `npm test`): the production dependencies' advisories; fails on high or critical.
// When the registry does not answer (offline, or a mirror without the audit endpoint) it says so and
// passes: the check cannot be made, which is not the same as a clean report.
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { readAudit } from './lib/audit.mjs';
import { ROOT } from './lib/web-build.mjs';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  cwd: ROOT,
  encoding: 'utf8',
  timeout: 120_000,
});
const audit = readAudit(run.stdout ?? '');

if (!audit.answered) {
  console.warn(`npm audit: the registry did not answer (${audit.reason}); advisories NOT checked this run.`);
  process.exit(0);
}
const { critical, high, moderate, low, info } = audit.counts;
console.info(
  `npm audit --omit=dev: ${critical} critical, ${high} high, ${moderate} moderate, ${low} low, ${info} info`,
);
if (audit.blocking.length > 0) {
  for (const entry of audit.blocking)
    console.error(`  ${entry.severity}: ${entry.name} ${entry.range ?? ''}`);
  console.error(
    'High or critical advisories in production dependencies: `npm audit --omit=dev` for details.',
  );
  process.exit(1);
}
