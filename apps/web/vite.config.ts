import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { linguiCatalogs } from './build/lingui-catalogs.ts';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * The release the web app reports its errors with: BIMA_RELEASE when the build machine or CI names
 * one, else `<package version>+<git commit>` (the version alone outside a git checkout).
 */
function releaseName(): string {
  const given = process.env.BIMA_RELEASE?.trim();
  if (given) return given.replace(/[^\w.+-]/g, '-').slice(0, 64);
  const rootPackage = new URL('../../package.json', import.meta.url);
  const { version } = JSON.parse(readFileSync(rootPackage, 'utf8')) as { version: string };
  const commit = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' });
  const sha = commit.status === 0 ? commit.stdout.trim() : '';
  return /^[0-9a-f]+$/.test(sha) ? `${version}+${sha}` : version;
}

/**
 * Stamps a build id and the list of hashed assets into dist/serviceWorker.js, so every build ships a
 * byte-different worker (browsers detect the update; the worker never changes name) and every
 * lazy screen is available offline.
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
      const assets = chunkNames.filter((name) => name.startsWith('assets/')).map((name) => `/${name}`);
      await writeFile(
        file,
        source
          .replaceAll('__BUILD_ID__', buildId)
          .replace('[/* __PRECACHE_ASSETS__ */]', JSON.stringify(assets)),
      );
    },
  };
}

/**
 * The landing page imports only the zod-free parts of the domain package (subpath imports such as
 * `@bima/domain/constants`); zod belongs in lazy chunks. Fail the build if it reaches the entry.
 */
function keepZodOutOfEntry(): Plugin {
  return {
    name: 'bima-keep-zod-out-of-entry',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        if (Object.keys(chunk.modules).some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))) {
          this.error(
            `zod ended up in ${chunk.fileName}: import zod-free subpaths of @bima/domain on the landing page`,
          );
        }
      }
    },
  };
}

export default defineConfig({
  define: { __BIMA_RELEASE__: JSON.stringify(releaseName()) },
  plugins: [linguiCatalogs(), react(), tailwindcss(), serviceWorkerBuildId(), keepZodOutOfEntry()],
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
