import { setTimeout as sleep } from 'node:timers/promises';
import { type Database, openDatabase } from '@meucardapio/db/client';
import { isDatabaseUnavailable } from '@meucardapio/db/connection-errors';
import type { Logger } from 'pino';
import { createApp } from './app';
import type { Config } from './config';
import type { Deps } from './http/context';
import type { Sessions } from './http/session';
import { SessionCache } from './http/session-cache';
import { createIntegrations } from './integrations/integrations';
import { createLogger } from './logger';
import { startFiscalWorker } from './modules/fiscal/fiscal-worker';
import { startMarketplaceWorker } from './modules/marketplace/marketplace-worker';
import { type OrderNotifier, startOrderNotifications } from './modules/orders/notifications/whatsapp-outbox';
import { MenuCache } from './modules/restaurants/menu-cache';
import { Metrics } from './ops/metrics';
import type { RepeatingPass } from './ops/repeating-pass';
import { Realtime } from './realtime/realtime';

export type Booted = {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  marketplace: RepeatingPass;
  notifications: OrderNotifier;
  close(): Promise<void>;
};

/** Wires config → database → migrations → integrations → realtime → app. */
export async function boot(
  config: Config,
  options: { database?: Database; log?: Logger; migrate?: boolean } = {},
): Promise<Booted> {
  const log = options.log ?? createLogger(config.LOG_LEVEL);
  const database =
    options.database ??
    (await openDatabase(
      config.DATABASE_URL
        ? { url: config.DATABASE_URL, directUrl: config.DATABASE_DIRECT_URL, readUrl: config.READ_DATABASE_URL }
        : { dataDir: `${config.DATA_DIR}/db` },
    ));
  if (options.migrate !== false) await whenReachable(log, () => database.migrate());
  const realtime = new Realtime(database, log, {
    maxStreamsPerUser: config.SSE_MAX_STREAMS_PER_USER,
    sessionCheckMs: config.SSE_SESSION_CHECK_MS,
  });
  await realtime.start();
  const menuCache = new MenuCache(database, log);
  await menuCache.start();
  const sessions: Sessions = new SessionCache(config.SESSION_CACHE_MS);
  await sessions.start(database);
  const integrations = createIntegrations(config, database.db, log);
  const metrics = new Metrics({ database, streams: realtime.streams });
  const deps: Deps = { database, config, log, integrations, realtime, menuCache, sessions, metrics };
  const app = createApp(deps);
  // The customers' WhatsApp messages: one small sender per instance (see notifications/whatsapp-outbox.ts).
  const notifications = await startOrderNotifications(deps);
  // Ordering apps: polls and calls owed, one small loop per instance (see marketplace-worker.ts).
  const marketplace = startMarketplaceWorker(deps, {
    tickMs: config.MARKETPLACE_TICK_MS,
    pollMs: config.MARKETPLACE_POLL_MS,
    simulatorEveryMs: config.MARKETPLACE_SIMULATOR_EVERY_MS,
  });
  // NFC-e emission queue: one small worker per instance (see modules/fiscal/fiscal-worker.ts).
  const fiscal = startFiscalWorker(deps, { tickMs: config.NFCE_QUEUE_TICK_MS });
  return {
    deps,
    app,
    marketplace,
    notifications,
    async close() {
      await marketplace.stop();
      await notifications.stop();
      await fiscal.stop();
      await realtime.stop();
      await menuCache.stop();
      await sessions.stop();
      await database.close();
    },
  };
}

/**
 * Start-up waits for a database that is not there yet (restarting, failing over, or started after the
 * server) instead of exiting: the server comes up on its own once the database does.
 */
async function whenReachable(log: Logger, step: () => Promise<void>) {
  for (let delayMs = 500; ; delayMs = Math.min(delayMs * 2, 10_000)) {
    try {
      return await step();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      log.warn({ err: { message: (err as Error).message }, retryInMs: delayMs }, 'database unavailable at start-up');
      await sleep(delayMs);
    }
  }
}
