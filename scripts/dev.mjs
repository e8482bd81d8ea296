// `npm run dev`: the API on :3000 (restarting on change) and Vite's dev server on :5173 proxying to it.
import './lib/require-node.mjs';
import { spawn } from 'node:child_process';
import { ROOT } from './lib/web-build.mjs';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], { cwd: ROOT, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@bima/web'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
