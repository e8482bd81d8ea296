// A PDF worker thread's entry (lib/pdf/pool.ts). Plain JavaScript so that Node starts it as it is
// under vitest, tsx (npm run dev) and `npm start` alike; it then loads the TypeScript renderers
// through tsx, as scripts/start.mjs loads the server.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
