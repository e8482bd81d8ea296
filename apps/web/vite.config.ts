import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Stamps a build id into dist/serviceWorker.js so every build ships a byte-different worker and
 * browsers detect the update (the worker itself never changes name).
 */
function serviceWorkerBuildId(): Plugin {
  let outDir = 'dist';
  const chunkNames: string[] = [];
  return {
    name: 'bima-service-worker-build-id',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      chunkNames.push(...Object.keys(bundle));
    },
    async closeBundle() {
      const file = path.join(outDir, 'serviceWorker.js');
      const source = await readFile(file, 'utf8');
      const buildId = createHash('sha256').update(chunkNames.sort().join('|')).digest('hex').slice(0, 16);
      await writeFile(file, source.replaceAll('__BUILD_ID__', buildId));
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorkerBuildId()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/v2': { target: apiTarget, changeOrigin: true },
      '/healthz': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/v2': { target: apiTarget, changeOrigin: true },
      '/healthz': { target: apiTarget, changeOrigin: true },
    },
  },
});
