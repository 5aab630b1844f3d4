import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type PrecompressedBody, strongEtag } from '../http/precompressed';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** A rendered page as sent: the HTML, its compressed forms (made once, not per request) and its tag. */
export type CachedPage = PrecompressedBody & { status: 200 | 404 };

/** Rendered pages kept by an instance, in bytes of what they hold; least recently used first out. */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/**
 * The menu cache's time limit: a page of a menu that changed is never asked for again (its source is new),
 * and this drops it.
 */
const MAX_AGE_MS = 60_000;
const SWEEP_EVERY_MS = 10_000;

export async function cachedPage(html: string, status: 200 | 404): Promise<CachedPage> {
  const [br, gzipped] = await Promise.all([
    // Quality 5 compresses a thousand-product page in a few tens of milliseconds, close to 11's ratio.
    brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gz(html),
  ]);
  // Kept as the Uint8Array a response body takes, so no request copies them.
  return { identity: html, etag: strongEtag(html), gzip: new Uint8Array(gzipped), brotli: new Uint8Array(br), status };
}

/** Roughly what a page holds: the HTML (UTF-16 in memory) and its two compressed forms. */
const pageBytes = (p: CachedPage) => p.identity.length * 2 + p.gzip.byteLength + (p.brotli?.byteLength ?? 0);

type Slot = { page: Promise<CachedPage | null>; bytes: number; storedAt: number };

/**
 * Server-rendered pages kept with what they were rendered from (a menu object of the menu cache, or a
 * fixed object for a page without data): a page is found only through the object it was rendered from,
 * so when the menu changes, or after the menu cache's time limit, the next visit renders it anew. Renders
 * of the same page at once share one. Bounded by bytes, least recently used first out; pages past the
 * time limit are dropped.
 */
export class PageCache {
  private sources = new WeakMap<object, number>();
  private nextSource = 0;
  /** Least recently used first. */
  private slots = new Map<string, Slot>();
  private bytes = 0;
  private sweptAt = 0;

  constructor(private maxBytes = PAGE_CACHE_MAX_BYTES) {}

  /** How much this instance holds: pages and bytes. */
  stats() {
    return { pages: this.slots.size, bytes: this.bytes };
  }

  get(source: object, key: string, render: () => Promise<CachedPage | null>, now = Date.now()) {
    const id = `${this.sourceId(source)} ${key}`;
    const known = this.slots.get(id);
    if (known && now - known.storedAt < MAX_AGE_MS) {
      this.slots.delete(id);
      this.slots.set(id, known);
      return known.page;
    }
    if (known) this.drop(id);
    this.sweep(now);
    const slot: Slot = { page: render(), bytes: 0, storedAt: now };
    this.slots.set(id, slot);
    slot.page.then(
      (page) => {
        if (this.slots.get(id) !== slot) return;
        // A page that could not be rendered is not kept: the next visit tries again.
        if (!page) return this.drop(id);
        slot.bytes = pageBytes(page);
        this.bytes += slot.bytes;
        this.evict();
      },
      () => {
        if (this.slots.get(id) === slot) this.drop(id);
      },
    );
    return slot.page;
  }

  private sourceId(source: object) {
    let id = this.sources.get(source);
    if (id === undefined) {
      id = ++this.nextSource;
      this.sources.set(source, id);
    }
    return id;
  }

  private drop(id: string) {
    const slot = this.slots.get(id);
    if (!slot) return;
    this.slots.delete(id);
    this.bytes -= slot.bytes;
  }

  private evict() {
    for (const id of this.slots.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.drop(id);
    }
  }

  private sweep(now: number) {
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    for (const [id, slot] of this.slots) if (now - slot.storedAt >= MAX_AGE_MS) this.drop(id);
  }
}
