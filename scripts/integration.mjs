// Integration tests: always on PGlite; again on PostgreSQL when TEST_DATABASE_URL is set, and then the
// orders, cashier and realtime files once more with requests through pgbouncer in transaction mode.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { PGBOUNCER, startPgbouncer } from './pgbouncer.mjs';

const args = process.argv.slice(2);
const run = (env, files = args) =>
  spawnSync('npx', ['vitest', 'run', '--project', 'integration', ...files], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status;

/** The files whose work a transaction pooler could break: order pipeline, cashier, realtime. */
const THROUGH_POOLER = ['order', 'cashier', 'realtime', 'payments'];

let status = run({ TEST_DB: 'pglite' });
if (status === 0 && process.env.TEST_DATABASE_URL) {
  console.log('\n== integration tests on PostgreSQL ==');
  status = run({ TEST_DB: 'postgres' });
}
if (status === 0 && process.env.TEST_DATABASE_URL && args.length === 0 && existsSync(PGBOUNCER)) {
  console.log('\n== orders, cashier, payments and realtime through pgbouncer (transaction mode) ==');
  const pooler = await startPgbouncer(process.env.TEST_DATABASE_URL);
  try {
    status = run({ TEST_DB: 'postgres', TEST_POOLER_URL: pooler.url }, THROUGH_POOLER);
  } finally {
    pooler.stop();
  }
}
process.exit(status ?? 1);
