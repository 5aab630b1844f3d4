import type { Deps } from '../../http/context';
import { drainAppOutbox } from './app-outbox';
import { pollDue } from './poller';
import { releaseDueScheduledOrders } from './scheduled-orders';

export type MarketplaceWorker = { tick(): Promise<void>; stop(): Promise<void> };

/**
 * One small loop per instance: polls the connections that are due, sends scheduled orders whose
 * preparation time has come to the kitchen, and sends the calls owed to the apps. Every instance may run it: connections and calls are claimed with SKIP LOCKED and a lease.
 */
export function startMarketplaceWorker(
  deps: Deps,
  options: { tickMs?: number; pollMs: number; simulatorEveryMs: number },
): MarketplaceWorker {
  const log = deps.log.child({ worker: 'marketplace' });
  let stopped = false;
  let running: Promise<void> | null = null;

  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) return running;
    running = (async () => {
      try {
        await pollDue(deps, { pollMs: options.pollMs, simulatorEveryMs: options.simulatorEveryMs });
        await releaseDueScheduledOrders(deps);
        await drainAppOutbox(deps);
      } catch (err) {
        if (!stopped) log.error({ err }, 'marketplace pass failed');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const timer = setInterval(() => void tick(), options.tickMs ?? 1000);
  timer.unref?.();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
