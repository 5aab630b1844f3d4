import type { Database } from '@meucardapio/db/client';
import { getPublicMenu, type PublicMenu, withOpenNow } from './public-menu.service';

const MAX_ENTRIES = 2000;
// A safety net only: changes arrive through NOTIFY at once; this bounds staleness if a
// notification connection drops unnoticed.
const TTL_MS = 60_000;

type Entry = { restaurantId: string; menu: PublicMenu; storedAt: number };

/**
 * Per-instance cache of public menus. Database triggers NOTIFY `mc_menu` with the restaurant id on any
 * change to what a menu shows (see migration 0001), so every instance forgets that restaurant at once.
 */
export class MenuCache {
  private entries = new Map<string, Entry>();
  /** Bumped by every invalidation; a read that raced with one is not stored. */
  private generation = 0;
  private unlisten?: () => Promise<void>;

  constructor(private database: Database) {}

  async start() {
    this.unlisten = await this.database.listen('mc_menu', (restaurantId) => this.forget(restaurantId));
  }

  async stop() {
    await this.unlisten?.();
    this.entries.clear();
  }

  forgetAll() {
    this.generation++;
    this.entries.clear();
  }

  forget(restaurantId: string) {
    this.generation++;
    for (const [slug, entry] of this.entries) if (entry.restaurantId === restaurantId) this.entries.delete(slug);
  }

  /** The menu of `slug`, with its open/closed state computed for `now`. */
  async get(slug: string, now = new Date()): Promise<PublicMenu> {
    const hit = this.entries.get(slug);
    if (hit && now.getTime() - hit.storedAt < TTL_MS) return withOpenNow(hit.menu, now);
    const generation = this.generation;
    const menu = await getPublicMenu({ db: this.database.db }, slug, now);
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(slug, { restaurantId: menu.restaurant.id, menu, storedAt: now.getTime() });
    }
    return menu;
  }
}
