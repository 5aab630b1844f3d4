import { gzipSync } from 'node:zlib';
import type { Database } from '@meucardapio/db/client';
import type { PublicMenu } from '@meucardapio/domain/menu-views';
import type { RenderedMenu } from '../../http/context';
import { strongEtag } from '../../http/precompressed';
import { getPublicMenu, withOpenNow } from './public-menu.service';

/** Menus kept by an instance, counted in bytes of what they hold: no stream of requests grows it further. */
export const MENU_CACHE_MAX_BYTES = 64 * 1024 * 1024;
// A safety net only: changes arrive through NOTIFY at once; this bounds staleness if a
// notification connection drops unnoticed.
const TTL_MS = 60_000;
/** How often a lookup also drops the expired entries, so an idle restaurant's menu is not kept for ever. */
const SWEEP_EVERY_MS = 10_000;

type Entry = {
  restaurantId: string;
  /** The slug as stored, lower-cased: the key of the slug index. */
  slug: string;
  menu: PublicMenu;
  storedAt: number;
  /** Only `openNow` differs between renders, so at most two are kept. */
  rendered: { open?: RenderedMenu; closed?: RenderedMenu };
  /** Opening hours are in whole minutes: open/closed is worked out once per minute, not per request. */
  openAt?: { minute: number; key: 'open' | 'closed' };
  bytes: number;
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
 * migration 0001), so every instance forgets that restaurant at once. Bounded by bytes, least recently
 * used first out; entries past their time limit are dropped.
 */
export class MenuCache {
  /** By restaurant id, least recently used first. */
  private entries = new Map<string, Entry>();
  /** Lower-cased slug → restaurant id. */
  private slugs = new Map<string, string>();
  private bytes = 0;
  private sweptAt = 0;
  /** Bumped by every invalidation; a read that raced with one is not stored. */
  private generation = 0;
  private unlisten?: () => Promise<void>;

  constructor(
    private database: Database,
    private maxBytes = MENU_CACHE_MAX_BYTES,
  ) {}

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
    this.forgetAll();
  }

  forgetAll() {
    this.generation++;
    this.entries.clear();
    this.slugs.clear();
    this.bytes = 0;
  }

  forget(restaurantId: string) {
    this.generation++;
    this.drop(restaurantId);
  }

  /** How much this instance holds: entries and bytes. */
  stats() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The menu of `slug` if this instance holds it fresh, rendered for `now`; never waits on the database. */
  cached(slug: string, now = new Date()): RenderedMenu | undefined {
    const id = this.slugs.get(slug.toLowerCase());
    const entry = id ? this.entries.get(id) : undefined;
    if (!entry || now.getTime() - entry.storedAt >= TTL_MS) return undefined;
    // Most recently used goes last.
    this.entries.delete(entry.restaurantId);
    this.entries.set(entry.restaurantId, entry);
    return this.renderedFor(entry, now);
  }

  /** The menu of `slug`, rendered with its open/closed state computed for `now`. */
  async get(slug: string, now = new Date()): Promise<RenderedMenu> {
    const hit = this.cached(slug, now);
    if (hit) return hit;
    this.sweep(now.getTime());
    const generation = this.generation;
    // A menu a second old is what the cache serves anyway: the read replica takes it when there is one.
    const menu = await getPublicMenu({ db: this.database.laggingReads() }, slug, now);
    const entry: Entry = {
      restaurantId: menu.restaurant.id,
      slug: menu.restaurant.slug.toLowerCase(),
      menu,
      storedAt: now.getTime(),
      rendered: {},
      bytes: 0,
    };
    const rendered = this.renderedFor(entry, now);
    if (generation === this.generation) {
      this.drop(entry.restaurantId);
      this.entries.set(entry.restaurantId, entry);
      this.slugs.set(entry.slug, entry.restaurantId);
      this.bytes += entry.bytes;
      this.evict();
    }
    return rendered;
  }

  private drop(restaurantId: string) {
    const entry = this.entries.get(restaurantId);
    if (!entry) return;
    this.entries.delete(restaurantId);
    if (this.slugs.get(entry.slug) === restaurantId) this.slugs.delete(entry.slug);
    this.bytes -= entry.bytes;
  }

  private evict() {
    for (const id of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.drop(id);
    }
  }

  private sweep(now: number) {
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    for (const [id, entry] of this.entries) if (now - entry.storedAt >= TTL_MS) this.drop(id);
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
      const bytes = renderedBytes(rendered);
      entry.bytes += bytes;
      // A render added to an entry already kept counts at once; a new entry is counted when stored.
      if (this.entries.get(entry.restaurantId) === entry) {
        this.bytes += bytes;
        this.evict();
      }
    }
    return rendered;
  }
}
