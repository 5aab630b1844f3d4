// Integration tests: always on PGlite; again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const run = (env) =>
  spawnSync('npx', ['vitest', 'run', '--project', 'integration', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status;

let status = run({ TEST_DB: 'pglite' });
if (status === 0 && process.env.TEST_DATABASE_URL) {
  console.log('\n== integration tests on PostgreSQL ==');
  status = run({ TEST_DB: 'postgres' });
}
process.exit(status ?? 1);
