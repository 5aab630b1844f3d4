import type { Database } from '@meucardapio/db/client';
import type { HoursRow } from '@meucardapio/domain/hours';
import { ByteLru } from '../../../http/byte-lru';
import type { RestaurantRow } from '../../../tenancy/restaurant-lookup';
import type { PaymentMethodRow } from './payment';
import type { Catalogue, CatalogueProduct } from './pricing';

/** What a door reads before an order: the restaurant, its hours, its active payment methods and the cart's products. */
export type CheckoutRows = {
  restaurant: RestaurantRow;
  hours: HoursRow[];
  methods: PaymentMethodRow[];
  catalogue: Catalogue;
};

type Entry = {
  version: number;
  restaurant: RestaurantRow;
  hours: HoursRow[];
  methods: PaymentMethodRow[];
  /** Every product a cart of this restaurant named since the entry was read, by id. */
  products: Map<string, CatalogueProduct>;
};

/**
 * How a door reads before an order: from what the instance kept unless `fresh`; `usedKept` tells the
 * pipeline the attempt was priced from kept rows.
 */
export type CheckoutReadsMode = { fresh: boolean; usedKept: boolean };

/** Restaurants' checkout reads kept by an instance, counted in bytes. */
export const KEPT_READS_MAX_BYTES = 16 * 1024 * 1024;
// The version decides what is current; the age only lets a restaurant nobody orders from go.
const MAX_AGE_MS = 10 * 60_000;

/** Roughly what rows hold in memory: their JSON, twice over for UTF-16. */
const bytesOf = (rows: unknown) => JSON.stringify(rows).length * 2;

/**
 * The checkout reads of each restaurant an instance took orders for, with the catalogue version they were
 * read at (migration 0046). Nothing here is trusted for an order on its own: the order's lock reads the
 * version again and a different one sends the order back to be priced from the database, and a refusal
 * made from kept rows is checked again against the database before it is answered (the pipeline,
 * `place-order.ts`). Stock changes do not raise the version: the stock kept is only a first look, and the
 * order's stock is taken by a conditional UPDATE.
 */
export class KeptCheckoutReads {
  private entries = new ByteLru<string, Entry>({ maxBytes: KEPT_READS_MAX_BYTES, maxAgeMs: MAX_AGE_MS });

  /** The rows of `productIds` and their restaurant, if every one of them is kept. */
  find(restaurantId: string, productIds: readonly string[]): (CheckoutRows & { version: number }) | undefined {
    const entry = this.entries.get(restaurantId);
    if (!entry) return undefined;
    const catalogue = new Map<string, CatalogueProduct>();
    for (const id of productIds) {
      const product = entry.products.get(id);
      if (!product) return undefined;
      catalogue.set(id, product);
    }
    const { version, restaurant, hours, methods } = entry;
    return { version, restaurant, hours, methods, catalogue };
  }

  /** Rows just read at `version`: they replace an entry of another version, or add their products to it. */
  keep(restaurantId: string, version: number, rows: CheckoutRows) {
    const entry = this.entries.get(restaurantId);
    if (entry && entry.version === version) {
      const added = [...rows.catalogue.values()].filter((p) => !entry.products.has(p.id));
      for (const p of added) entry.products.set(p.id, p);
      if (added.length > 0) this.entries.grow(restaurantId, entry, bytesOf(added));
      return;
    }
    if (entry && entry.version > version) return;
    const { restaurant, hours, methods } = rows;
    const products = new Map(rows.catalogue);
    this.entries.set(
      restaurantId,
      { version, restaurant, hours, methods, products },
      bytesOf([restaurant, hours, methods, [...products.values()]]),
    );
  }

  forget(restaurantId: string) {
    this.entries.delete(restaurantId);
  }

  stats() {
    return this.entries.stats();
  }
}

const perDatabase = new WeakMap<Database, KeptCheckoutReads>();

/** The instance's kept checkout reads of `database`. */
export function keptReadsOf(database: Database): KeptCheckoutReads {
  let kept = perDatabase.get(database);
  if (!kept) {
    kept = new KeptCheckoutReads();
    perDatabase.set(database, kept);
  }
  return kept;
}
