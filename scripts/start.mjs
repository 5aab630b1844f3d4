// npm start: build the web app when it is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';

const webDist = process.env.WEB_DIST ?? 'apps/web/dist';
// Everything the web build reads: its sources, the shared domain rules, and the installed packages.
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
  'package-lock.json',
];
const STAMP = join(webDist, '.sources-hash');

/** A hash of the sources' paths and contents (not their times: a fresh clone has new ones). */
function sourcesHash() {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    // Node 20 refuses to list a file (ENOTDIR) where later versions answer with nothing.
    const entries = statSync(path).isDirectory()
      ? readdirSync(path, { withFileTypes: true, recursive: true })
          .filter((e) => e.isFile())
          .map((e) => join(e.parentPath, e.name))
          .sort()
      : [path];
    for (const file of entries) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      hash.update(file).update('\0').update(readFileSync(file)).update('\0');
    }
  };
  for (const source of SOURCES) visit(source);
  return hash.digest('hex');
}

const current = sourcesHash();
const built = existsSync(join(webDist, 'index.html'));
const previous = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
// SKIP_WEB_BUILD=1 serves WEB_DIST as it is (tests that only need the server and a stand-in page).
const skip = process.env.SKIP_WEB_BUILD === '1' && built;
if (!skip && (!built || previous !== current || process.env.REBUILD === '1')) {
  console.log(
    !built
      ? 'Web app ainda não compilado: compilando…'
      : previous === current
        ? 'REBUILD=1: recompilando o web app…'
        : previous === null
          ? 'Build do web app sem registro das fontes usadas: recompilando…'
          : 'Fontes do web app (ou package-lock.json) mudaram desde o último build: recompilando…',
  );
  const build = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--config',
      'apps/web/vite.config.ts',
      '--outDir',
      resolve(webDist),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, current);
}
const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' });
// A supervisor (systemd, Docker, a process manager) signals only this process: pass it on, so the
// server drains its requests and closes the database, and answer with the server's own exit code.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  // Killed by a signal: the shell convention, 128 + its number.
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
