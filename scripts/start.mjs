// npm start: build the web app once if needed, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

const webDist = process.env.WEB_DIST ?? 'apps/web/dist';
if (!existsSync(join(webDist, 'index.html')) || process.env.REBUILD === '1') {
  const build = spawnSync('npx', ['vite', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
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
