// Reads `npm audit --json`: either the registry's report or a sign that it did not answer.

/** Severities that fail `npm test`. */
export const BLOCKING = ['high', 'critical'];

/**
 * What `npm audit --omit=dev --json` printed: `{ answered: false, reason }` when the registry gave no
 * report (offline, or a mirror without the advisories endpoint), else the counts per severity and the
 * packages with a high or critical advisory.
 */
export function readAudit(stdout) {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    return { answered: false, reason: stdout.trim().split('\n')[0] || 'no answer' };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const reason = report?.message ?? report?.error?.summary ?? 'no report in the answer';
    return { answered: false, reason };
  }
  const blocking = Object.values(report.vulnerabilities ?? {})
    .filter((entry) => BLOCKING.includes(entry.severity))
    .map((entry) => ({ name: entry.name, severity: entry.severity, range: entry.range }));
  return { answered: true, counts, blocking };
}
