import { gzipSync } from 'node:zlib';
import type { Database } from '@meucardapio/db/client';
import type { PublicMenu } from '@meucardapio/domain/menu-views';
import type { Logger } from 'pino';
import { ByteLru } from '../../http/byte-lru';
import type { RenderedMenu } from '../../http/context';
import { strongEtag } from '../../http/precompressed';
import { getPublicMenu, withOpenNow } from './public-menu.service';

/** Menus kept by an instance, counted in bytes of what they hold: no stream of requests grows it further. */
export const MENU_CACHE_MAX_BYTES = 64 * 1024 * 1024;
// A safety net only: changes arrive through NOTIFY at once; this bounds staleness if a
// notification connection drops unnoticed.
const TTL_MS = 60_000;

type Entry = {
  restaurantId: string;
  /** The slug as stored, lower-cased: the key of the slug index. */
  slug: string;
  menu: PublicMenu;
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

/** Roughly what a render holds: the JSON (UTF-16 in memory) and its gzip. */
const renderedBytes = (r: RenderedMenu) => r.identity.length * 2 + r.gzip.byteLength;

/**
 * Per-instance cache of public menus, one entry per restaurant, found by its slug in any letter case.
 * Database triggers NOTIFY `mc_menu` with the restaurant id on any change to what a menu shows (see
 * migration 0001), so every instance forgets that restaurant at once; a change of a product's stock alone
 * names the product and its new stock (migration 0044), and the menu held is mended instead: orders take
 * stock all through a rush, while their customers' neighbours are reading the menu. Bounded by bytes,
 * least recently used first out; entries past their time limit are dropped.
 */
export class MenuCache {
  /** By restaurant id. */
  private entries: ByteLru<string, Entry>;
  /** Lower-cased slug → restaurant id. */
  private slugs = new Map<string, string>();
  /** Bumped by every invalidation; a read that raced with one is not stored. */
  private generation = 0;
  private unlisten?: () => Promise<void>;

  constructor(
    private database: Database,
    private log: Logger,
    maxBytes = MENU_CACHE_MAX_BYTES,
  ) {
    this.entries = new ByteLru({
      maxBytes,
      maxAgeMs: TTL_MS,
      onDrop: (id, entry) => {
        if (this.slugs.get(entry.slug) === id) this.slugs.delete(entry.slug);
      },
    });
  }

  async start() {
    this.unlisten = await this.database.listen(
      'mc_menu',
      (payload) => this.heard(payload),
      // Changes made while the LISTEN connection was down were never announced: forget everything.
      () => this.forgetAll(),
    );
  }

  async stop() {
    await this.unlisten?.();
    this.forgetAll();
  }

  forgetAll() {
    this.generation++;
    this.entries.clear();
  }

  forget(restaurantId: string) {
    this.generation++;
    this.entries.delete(restaurantId);
  }

  /**
   * A product's new stock, and nothing else of the menu changed: the menu held keeps its place with the
   * new figure and is rendered again at its next read.
   */
  private mendStock(restaurantId: string, productId: string, estoque: number) {
    // A read under way may have seen the former stock: it is not kept.
    this.generation++;
    const entry = this.entries.get(restaurantId);
    if (!entry?.menu.products.some((p) => p.id === productId)) return;
    const products = entry.menu.products.map((p) => (p.id === productId ? { ...p, estoque } : p));
    entry.menu = { ...entry.menu, products };
    const renders = Object.values(entry.rendered).reduce((sum, r) => sum + renderedBytes(r), 0);
    entry.rendered = {};
    this.entries.grow(restaurantId, entry, -renders);
  }

  /** A notification: the restaurant whose menu changed, or its product whose stock alone did. */
  private heard(payload: string) {
    const [restaurantId, productId, stock] = payload.split(' ');
    const estoque = Number(stock);
    if (productId && Number.isSafeInteger(estoque)) this.mendStock(restaurantId, productId, estoque);
    else this.forget(restaurantId);
  }

  /** How much this instance holds: entries and bytes. */
  stats() {
    return this.entries.stats();
  }

  /** The menu of `slug` if this instance holds it fresh, rendered for `now`; never waits on the database. */
  cached(slug: string, now = new Date()): RenderedMenu | undefined {
    const id = this.slugs.get(slug.toLowerCase());
    const entry = id ? this.entries.get(id, now.getTime()) : undefined;
    return entry && this.renderedFor(entry, now);
  }

  /** The menu of `slug`, rendered with its open/closed state computed for `now`. */
  async get(slug: string, now = new Date()): Promise<RenderedMenu> {
    const hit = this.cached(slug, now);
    if (hit) return hit;
    const generation = this.generation;
    // A menu a second old is what the cache serves anyway: the read replica takes it when there is one.
    const { menu, complete } = await getPublicMenu({ db: this.database.laggingReads(), log: this.log }, slug, now);
    const entry: Entry = {
      restaurantId: menu.restaurant.id,
      slug: menu.restaurant.slug.toLowerCase(),
      menu,
      rendered: {},
    };
    const rendered = this.renderedFor(entry, now);
    // A menu served without a part that failed to read is not kept: the next visitor asks again.
    if (complete && generation === this.generation) {
      this.entries.set(entry.restaurantId, entry, renderedBytes(rendered), now.getTime());
      this.slugs.set(entry.slug, entry.restaurantId);
    }
    return rendered;
  }

  private renderedFor(entry: Entry, now: Date): RenderedMenu {
    const minute = Math.floor(now.getTime() / 60_000);
    if (entry.openAt?.minute !== minute) {
      entry.openAt = { minute, key: withOpenNow(entry.menu, now).openNow ? 'open' : 'closed' };
    }
    const { key } = entry.openAt;
    let rendered = entry.rendered[key];
    if (!rendered) {
      rendered = render(withOpenNow(entry.menu, now));
      entry.rendered[key] = rendered;
      // The other open/closed render of an entry already kept counts once it is made.
      this.entries.grow(entry.restaurantId, entry, renderedBytes(rendered));
    }
    return rendered;
  }
}
