import type { Deps } from '../../http/context';
import { type RepeatingPass, startRepeatingPass } from '../../ops/repeating-pass';
import { drainAppOutbox } from './app-outbox';
import { pollDue } from './poller';
import { releaseDueScheduledOrders } from './scheduled-orders';

/**
 * One small loop per instance: polls the connections that are due, sends scheduled orders whose
 * preparation time has come to the kitchen, and sends the calls owed to the apps. Every instance may run it: connections and calls are claimed with SKIP LOCKED and a lease.
 */
export function startMarketplaceWorker(
  deps: Deps,
  options: { tickMs?: number; pollMs: number; simulatorEveryMs: number },
): RepeatingPass {
  return startRepeatingPass(
    deps.log.child({ worker: 'marketplace' }),
    'marketplace',
    async () => {
      await pollDue(deps, { pollMs: options.pollMs, simulatorEveryMs: options.simulatorEveryMs });
      await releaseDueScheduledOrders(deps);
      await drainAppOutbox(deps);
    },
    { everyMs: options.tickMs ?? 1000 },
  );
}
