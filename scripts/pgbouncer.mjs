// Debian's pgbouncer in transaction mode in front of a PostgreSQL server, for a test run or a benchmark:
// every database of that server is reachable through it under the same name.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Starts pgbouncer for `serverUrl` (trust authentication, as the test server has); resolves once it answers. */
export async function startPgbouncer(serverUrl, { poolSize = 20 } = {}) {
  if (!existsSync(PGBOUNCER)) throw new Error('pgbouncer not installed (Debian package pgbouncer)');
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mc-pgbouncer-'));
  // pgbouncer refuses to run as root: it drops to the postgres user, who must read this folder.
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`, { mode: 0o644 });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 10000',
      'max_db_connections = 0',
      'ignore_startup_parameters = extra_float_digits',
      'server_reset_query =',
    ].join('\n'),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: 'ignore',
  });
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/postgres`;
  for (let i = 0; i < 100; i++) {
    if (spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', String(port)]).status === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    pid: child.pid,
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
