import { join } from 'node:path';
import { ensureDefaultProfileTypes } from '@meucardapio/db/seed/default-profile-types';
import { seedDemo } from '@meucardapio/db/seed/demo';
import { createHttpServer } from './app';
import { loadConfig } from './config';
import { SIMULATOR_WARNING } from './integrations/payments/simulator';
import { hashPassword } from './modules/auth/passwords';
import { startUnpaidOrdersJob } from './modules/payments/unpaid-orders.service';
import { claimDataDir, privateDir } from './ops/backup';
import { startRetentionJob } from './ops/retention';
import { loadSecretsKey, sealStoredSecrets } from './ops/secrets-key';
import { boot } from './server';
import { mountWebApp } from './web/web-app';

// Every file the server writes (the embedded database, the secrets key) is readable by its user only.
process.umask(0o077);
const config = loadConfig();
// The embedded database's files are this process's alone while it runs (backups check; see ops/backup.ts).
const releaseDataDir = config.DATABASE_URL ? () => undefined : claimDataDir(config.DATA_DIR);
if (config.DATABASE_URL && !config.SECRETS_KEY) privateDir(config.DATA_DIR);
const booted = await boot(config);
const { deps, app } = booted;
const { log } = deps;
loadSecretsKey(config, log);
const sealed = await sealStoredSecrets(deps.database.db);
if (sealed > 0) log.info({ restaurants: sealed }, 'restaurant secrets stored in the clear are now sealed');

await ensureDefaultProfileTypes(deps.database.db);
if (config.seedDemo) {
  const seeded = await seedDemo(deps.database.db, { hashPassword });
  if (seeded) log.info('demo restaurant "Pizzaria Demo" created');
}

// The built web app: assets, server-rendered storefront and landing, the browser app for the rest.
await mountWebApp(app, deps, process.env.WEB_DIST ?? join(import.meta.dirname, '..', '..', 'web', 'dist'));

/** Longer than any proxy's idle timeout for the connections it keeps to us (60 s for nginx and most balancers). */
const KEEP_ALIVE_MS = 65_000;

const server = createHttpServer(app, deps, config.HOST).listen(config.PORT, config.HOST, () => {
  const url = `http://localhost:${config.PORT}`;
  const lines = [
    `MeuCardápio em ${url}  (banco: ${deps.database.kind === 'pglite' ? `PGlite em ${config.DATA_DIR}` : 'PostgreSQL'})`,
  ];
  if (config.seedDemo) {
    lines.push(
      `Cardápio demo: ${url}/demo-restaurant   Painel: ${url}/auth   (senha de todos: demo1234)`,
      '  dono@demo.com.br (proprietário)   admin@demo.com.br (Administrador)   balcao@demo.com.br (Balcão)',
      '  cozinha@demo.com.br (Cozinha)     garcom@demo.com.br (Garçom)         caixa@demo.com.br (Caixa)',
      '  entregador@demo.com.br (Entregador)   cliente@demo.com.br (cliente do cardápio)',
    );
  }
  console.log(lines.join('\n'));
  // Also logged at boot; repeated beside the banner so nobody starting a shop misses it.
  if (config.payments === 'simulator') console.warn(`\n*** ${SIMULATOR_WARNING} ***\n`);
});

// A proxy in front keeps its idle connections to us for up to a minute (nginx's upstream keepalive_timeout,
// a cloud balancer's idle timeout). Node's own 5 s would close one just as the proxy sends a request on it,
// which the proxy cannot safely repeat for a POST (a checkout) and answers with a 502.
server.keepAliveTimeout = KEEP_ALIVE_MS;

// Card/PIX orders left unpaid give their stock back (every instance may run it: see the service).
const unpaidOrders = startUnpaidOrdersJob(deps, { timeoutMinutes: config.UNPAID_ORDER_TIMEOUT_MINUTES });
// Old events, expired sessions and links, sent messages and throttling rows (every instance; see ops/retention.ts).
const retention = startRetentionJob(deps.database.db, log, { eventsDays: config.EVENTS_RETENTION_DAYS });

// Orchestrators give a stopping server about 10 s before killing it.
const SHUTDOWN_MS = 10_000;
let stopping = false;

/**
 * Stops taking connections, lets the requests in flight finish and tells event streams to reconnect
 * (to another instance, or to this one once it is back), and only then closes the database.
 */
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  setTimeout(() => {
    log.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_MS).unref();
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  deps.realtime.streams.endAll('shutdown');
  // Leave time to close the database within the limit even if a request hangs.
  const patience = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_MS - 2_000).unref());
  await Promise.race([drained, patience]);
  server.closeAllConnections();
  await unpaidOrders.stop();
  await retention.stop();
  await booted.close();
  releaseDataDir();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
