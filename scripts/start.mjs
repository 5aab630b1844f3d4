// npm start: build the web app once if needed, then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('apps/web/dist/index.html') || process.env.REBUILD === '1') {
  const build = spawnSync('npx', ['vite', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync('node', ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' });
process.exit(server.status ?? 0);
