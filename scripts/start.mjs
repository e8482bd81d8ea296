// `npm start`: builds what is not built, then runs the server (migrations and sample data on start).
import './lib/require-node.mjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

// Variables already in the environment win over the optional .env file.
if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));

// WEB_DIST_DIR names a build made elsewhere: serve it as it is.
if (!process.env.WEB_DIST_DIR) ensureWebBuild();
register();
await import('../apps/api/src/server.ts');
