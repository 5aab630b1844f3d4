import type { Db } from '@meucardapio/db/client';
import type { ConnectionAccess, MarketplaceClient } from './marketplace';
import { openDeliveryClient } from './open-delivery';
import { type MarketplaceSimulator, marketplaceSimulator } from './simulator';

/** The clients of every protocol, and the simulated app. */
export type Marketplaces = {
  client(kind: ConnectionAccess['kind']): MarketplaceClient;
  simulator: MarketplaceSimulator;
};

export function createMarketplaces(options: { ifood: MarketplaceClient; timeoutMs: number; db: Db }): Marketplaces {
  const simulator = marketplaceSimulator(options.db);
  const openDelivery = openDeliveryClient({ timeoutMs: options.timeoutMs });
  return {
    simulator,
    client(kind) {
      if (kind === 'open_delivery') return openDelivery;
      if (kind === 'ifood') return options.ifood;
      return simulator;
    },
  };
}
