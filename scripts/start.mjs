// `npm start`: builds what is not built, then runs the server (migrations and sample data on start).
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './lib/web-build.mjs';

ensureWebBuild();
register();
await import('../apps/api/src/server.ts');
