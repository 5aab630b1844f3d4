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
  // The longest journeys (a first day, an NFC-e from setup to cancellation) take about two minutes on a
  // loaded two-core machine; the limit is only there to end a journey that hangs.
  timeout: 240_000,
  // A screen that answers in ten seconds on a starved two-core machine running every suite at once is
  // slow, not broken (two browsers, the server and the integration suites share the cores in CI).
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Recording a trace (a screencast and DOM snapshots of every step) costs about 40% of the suite's CPU;
    // in CI only a journey's retry records one, so a failure that repeats comes with its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The staff area's worker downloads its whole precache (about 140 files) into every fresh context,
    // from the one server every journey shares, while the journey runs; only the journey about the
    // offline PDV needs it (it allows it for its own contexts).
    serviceWorkers: 'block',
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
