// `npm start`: runs the server (migrations and sample data on start). Outside production it first
// builds the web app when it is not built or out of date (the two-command quick start); with
// NODE_ENV=production it never builds: it serves what `npm run build` made, and the server refuses to
// start when that build is missing.
import './lib/require-node.mjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

// Variables already in the environment win over the optional .env file.
if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));

// WEB_DIST_DIR names a build made elsewhere: serve it as it is.
if (process.env.NODE_ENV !== 'production' && !process.env.WEB_DIST_DIR) ensureWebBuild();
// The API workspace's entry registers tsx (its dependency) and runs the server.
await import('../apps/api/src/main.mjs');
