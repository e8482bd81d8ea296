import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const e2ePort = Number(process.env.E2E_PORT ?? 3210);

/** The Playwright server's own log: its stdout (pino's JSON lines), one file per port, new each run. */
export const serverLogPath = fileURLToPath(new URL(`../.tmp/e2e-server-${e2ePort}.log`, import.meta.url));
mkdirSync(dirname(serverLogPath), { recursive: true });

/** The JSON lines the server has written so far. */
export function serverLogLines(): Record<string, unknown>[] {
  return readFileSync(serverLogPath, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
