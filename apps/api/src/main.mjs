// The server's entry in plain JavaScript (scripts/start.mjs imports it after its own checks): it
// loads the TypeScript sources through tsx, a dependency of this workspace, so a production install
// (`npm ci --omit=dev`) runs it as it is. Same pattern as modules/pdf-worker.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./server.ts');
