// End-to-end tests: build the web app, then run Playwright (it starts the server on a fresh database).
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status;

let status = run('npx', ['vite', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn']);
if (status === 0)
  status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]);
process.exit(status ?? 1);
