import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The folder of the built web app the server serves: WEB_DIST_DIR, else apps/web/dist. */
export function webDistDir(env: { WEB_DIST_DIR?: string | undefined }): string {
  return resolve(env.WEB_DIST_DIR || DEFAULT_WEB_DIST);
}

/** Whether `distDir` holds a built web app (its index.html). */
export function hasWebBuild(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}

/**
 * Production serves what `npm run build` made and never builds (instances would race to rebuild one
 * dist/, and a production install has no build tools): without a build it refuses to start, before
 * reading anything else. Answers the refusal, or null.
 */
export function productionStartRefusal(env: Record<string, string | undefined>): string | null {
  if (env.NODE_ENV !== 'production') return null;
  const distDir = webDistDir(env);
  if (hasWebBuild(distDir)) return null;
  return [
    `Refusing to start in production: the web build is missing (no index.html in ${distDir}).`,
    'Run `npm run build` first (on the build machine or in CI, with the dev dependencies), then ship',
    'apps/web/dist with the code; production never builds at start.',
  ].join('\n');
}
