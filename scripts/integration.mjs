// Integration tests: always on PGlite; on PostgreSQL too when TEST_DATABASE_URL is set, with the
// orders, checkout reads, kept customer sessions, cashier, payments, realtime and transactions files once more with requests through pgbouncer
// in transaction mode. The PGlite run and the PostgreSQL runs go side by side (vitest gives each one worker on a
// 2-core machine, and much of a PostgreSQL run is waiting); each run's output is printed whole.
import { existsSync } from 'node:fs';
import { printRuns, runBuffered } from './buffered.mjs';
import { PGBOUNCER, startPgbouncer } from './pgbouncer.mjs';

const args = process.argv.slice(2);
/** The files whose work a transaction pooler could break. */
const THROUGH_POOLER = [
  'order',
  'checkout-reads',
  'customer-sessions',
  'cashier',
  'realtime',
  'payments',
  'transactions',
  'kept-statements',
];

/** Runs vitest with `env` on `files`; resolves with its exit code and its output, held for `printRuns`. */
const run = (title, env, files = args) =>
  runBuffered(title, 'npx', ['vitest', 'run', '--project', 'integration', ...files], env);

/**
 * A deprecation fails the PostgreSQL runs: pg 8 still queues a statement sent on a connection busy with
 * another (reads run together on a transaction's one connection), and pg 9 refuses it.
 */
const STRICT = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --throw-deprecation`.trim() };

async function onPostgres() {
  // Each run copies a migrated template of its own, named after its database and slot (see global-setup.ts).
  const direct = () =>
    run('integration tests on PostgreSQL', { TEST_DB: 'postgres', TEST_SLOT: 'postgres', ...STRICT });
  if (args.length > 0 || !existsSync(PGBOUNCER)) return [await direct()];
  // Side by side with the direct run: once the other suites end, one run alone leaves a core idle.
  const pooler = await startPgbouncer(process.env.TEST_DATABASE_URL);
  try {
    return await Promise.all([
      direct(),
      run(
        'orders, cashier, payments, realtime and transactions through pgbouncer (transaction mode)',
        { TEST_DB: 'postgres', TEST_SLOT: 'pooler', TEST_POOLER_URL: pooler.url, ...STRICT },
        THROUGH_POOLER,
      ),
    ]);
  } finally {
    pooler.stop();
  }
}

const [pglite, postgres] = await Promise.all([
  run('integration tests on PGlite', { TEST_DB: 'pglite', TEST_SLOT: 'pglite' }),
  process.env.TEST_DATABASE_URL ? onPostgres() : [],
]);
process.exit(printRuns([pglite, ...postgres]));
