import { gzipSync } from 'node:zlib';
import type { Database } from '@meucardapio/db/client';
import type { PublicMenu } from '@meucardapio/domain/menu-views';
import type { RenderedMenu } from '../../http/context';
import { strongEtag } from '../../http/precompressed';
import { getPublicMenu, withOpenNow } from './public-menu.service';

const MAX_ENTRIES = 2000;
// A safety net only: changes arrive through NOTIFY at once; this bounds staleness if a
// notification connection drops unnoticed.
const TTL_MS = 60_000;

type Entry = {
  restaurantId: string;
  menu: PublicMenu;
  storedAt: number;
  /** Only `openNow` differs between renders, so at most two are kept. */
  rendered: { open?: RenderedMenu; closed?: RenderedMenu };
  /** Opening hours are in whole minutes: open/closed is worked out once per minute, not per request. */
  openAt?: { minute: number; key: 'open' | 'closed' };
};

function render(menu: PublicMenu): RenderedMenu {
  const body = JSON.stringify(menu);
  // Copied once into a plain Uint8Array, the type a response body takes, rather than at every answer.
  return { identity: body, etag: strongEtag(body), gzip: new Uint8Array(gzipSync(body)), menu };
}

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
    this.unlisten = await this.database.listen(
      'mc_menu',
      (restaurantId) => this.forget(restaurantId),
      // Changes made while the LISTEN connection was down were never announced: forget everything.
      () => this.forgetAll(),
    );
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

  /** The menu of `slug` if this instance holds it fresh, rendered for `now`; never waits on the database. */
  cached(slug: string, now = new Date()): RenderedMenu | undefined {
    const entry = this.entries.get(slug);
    if (!entry || now.getTime() - entry.storedAt >= TTL_MS) return undefined;
    return this.renderedFor(entry, now);
  }

  /** The menu of `slug`, rendered with its open/closed state computed for `now`. */
  async get(slug: string, now = new Date()): Promise<RenderedMenu> {
    const hit = this.cached(slug, now);
    if (hit) return hit;
    const generation = this.generation;
    const menu = await getPublicMenu({ db: this.database.db }, slug, now);
    const entry: Entry = { restaurantId: menu.restaurant.id, menu, storedAt: now.getTime(), rendered: {} };
    if (generation === this.generation) {
      this.entries.delete(slug);
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(slug, entry);
    }
    return this.renderedFor(entry, now);
  }

  private renderedFor(entry: Entry, now: Date): RenderedMenu {
    const minute = Math.floor(now.getTime() / 60_000);
    if (entry.openAt?.minute !== minute) {
      entry.openAt = { minute, key: withOpenNow(entry.menu, now).openNow ? 'open' : 'closed' };
    }
    const { key } = entry.openAt;
    entry.rendered[key] ??= render(withOpenNow(entry.menu, now));
    return entry.rendered[key];
  }
}
