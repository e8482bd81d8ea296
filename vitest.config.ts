import { defineConfig } from 'vitest/config';
import { linguiCatalogs } from './apps/web/build/lingui-catalogs.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The locale files compiled for Lingui, as in the build.
        plugins: [linguiCatalogs()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          // The slowest tests (PDFs rendered for two devices, `npm start` spawned three times) take 12 s,
          // and building a migrated, seeded app 5 s, on a quiet machine; CI's two cores are shared by two
          // test workers and PostgreSQL, which made them pass 30 s (60 s) there now and then. A hang
          // still fails, after 90 s (120 s).
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
