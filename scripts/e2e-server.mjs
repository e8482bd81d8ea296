// The portal as the Playwright journeys see it: the built web app on a fresh, throwaway database.
import './lib/require-node.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'bima-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'warn';
// The pages the journeys open are served here: the chat socket accepts this Origin (and e-mailed links point here).
process.env.PUBLIC_BASE_URL ??= `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3000}`;
process.env.RATE_LIMIT_MAX ??= '100000';
process.env.RATE_LIMIT_PUBLIC_READ_MAX ??= '100000';
process.env.AUTH_RATE_LIMIT_SCALE ??= '100';
// Every journey's browser reports its unhandled errors from this one address.
process.env.CLIENT_ERRORS_PER_MINUTE ??= '100000';
// The simulated customer answers after 1 s; the late callback (phone ending 07) after 8 s.
process.env.MPESA_SIMULATOR_DELAY_MS ??= '1000';
process.env.MPESA_SIMULATOR_LATE_MS ??= '8000';
// Claim payouts whose B2C result is lost are checked after 1 s and handed to the desk after 5 s.
process.env.PAYOUT_RECONCILE_INTERVAL_MS ??= '1000';
process.env.PAYOUT_QUERY_AFTER_MS ??= '1000';
process.env.PAYOUT_UNRESOLVED_AFTER_MS ??= '5000';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
await import('./start.mjs');
