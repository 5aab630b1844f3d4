// A PostgreSQL cluster of the benchmark's own (Debian's binaries, a scratch data directory, a free port),
// so a phase can stop and start it without touching the machine's server and the databases others use.
import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type PrivatePostgres = {
  url: string;
  port: number;
  /** Stops the server the way a restart does (fast shutdown: every backend is ended). */
  stop(): void;
  /** The postmaster's process id (its backends are its children). */
  pid(): number;
  start(): void;
  destroy(): void;
};

const asRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function run(command: string, args: string[]) {
  const [bin, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(bin, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.stdout}`);
}

function binaries() {
  const version = readdirSync('/usr/lib/postgresql').sort().at(-1);
  if (!version) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${version}/bin`;
}

/** A scratch folder the postgres user owns (PostgreSQL refuses to run as root). */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mc-bench-pg-'));
  if (asRoot) {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    chownSync(dir, Number(uid), Number(gid));
  }
  return dir;
}

function cluster(bin: string, dir: string, data: string, port: number): PrivatePostgres {
  // BENCH_STATEMENTS=1 loads pg_stat_statements, so a bench can print what each statement cost the server.
  const statements = process.env.BENCH_STATEMENTS
    ? ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on'
    : '';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300${statements}`;
  const start = () => run(`${bin}/pg_ctl`, ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => run(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    destroy() {
      try {
        run(`${bin}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function startPrivatePostgres(port: number): PrivatePostgres {
  const bin = binaries();
  const dir = scratch();
  const data = join(dir, 'data');
  run(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  return cluster(bin, dir, data, port);
}

/** A streaming replica of `primary` (pg_basebackup with its standby settings), read-only, on `port`. */
export function startStreamingReplica(primary: PrivatePostgres, port: number): PrivatePostgres {
  const bin = binaries();
  const dir = scratch();
  const data = join(dir, 'data');
  run(`${bin}/pg_basebackup`, [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    // Start at once: a spread checkpoint (the default) waits minutes after the bulk seed.
    '--checkpoint=fast',
  ]);
  return cluster(bin, dir, data, port);
}
