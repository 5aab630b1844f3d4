import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    projects: [
      {
        // The web's pure modules import each other as '@/lib/…' (the lint rule for features asks it).
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          // The seed tests write to a database: they run with the integration tests, on both databases.
          exclude: [...configDefaults.exclude, 'packages/db/src/seed/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts', 'packages/db/src/seed/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          // Each file builds its own app and database, so files share one module graph instead of
          // importing the server again for every file (decision 088).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
