import type { ConnectionAccess, MarketplaceClient } from './marketplace';
import { openDeliveryClient } from './open-delivery';
import { type MarketplaceSimulator, marketplaceSimulator } from './simulator';

/** The clients of every protocol, and the simulated app. */
export type Marketplaces = {
  client(kind: ConnectionAccess['kind']): MarketplaceClient;
  simulator: MarketplaceSimulator;
};

export function createMarketplaces(options: { ifood: MarketplaceClient; timeoutMs: number }): Marketplaces {
  const simulator = marketplaceSimulator();
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
