import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);
export const BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: `../test-results/${PORT}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // A fresh embedded database with the demo restaurant for every run.
    command: `rm -rf .tmp/e2e-data-${PORT} && node --import tsx apps/server/src/main.ts`,
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: `.tmp/e2e-data-${PORT}`,
      SEED_DEMO: '1',
      // Every spec that needs a restaurant of its own signs one up from this one address.
      SIGNUPS_PER_HOUR: '200',
      // …and registers its customers from it too.
      REGISTRATIONS_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
      PAYMENTS: 'simulator',
    },
  },
});
