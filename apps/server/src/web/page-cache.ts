import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ByteLru } from '../http/byte-lru';
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

type Render = Promise<CachedPage | null>;

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
  private pages: ByteLru<string, Render>;

  constructor(maxBytes = PAGE_CACHE_MAX_BYTES) {
    this.pages = new ByteLru({ maxBytes, maxAgeMs: MAX_AGE_MS });
  }

  /** How much this instance holds: pages and bytes. */
  stats() {
    const { entries, bytes } = this.pages.stats();
    return { pages: entries, bytes };
  }

  get(source: object, key: string, render: () => Render, now = Date.now()): Render {
    const id = `${this.sourceId(source)} ${key}`;
    const known = this.pages.get(id, now);
    if (known) return known;
    const page = render();
    // Counted once rendered; a page that could not be rendered is not kept: the next visit tries again.
    this.pages.set(id, page, 0, now);
    page.then(
      (p) => (p ? this.pages.grow(id, page, pageBytes(p)) : this.pages.delete(id, page)),
      () => this.pages.delete(id, page),
    );
    return page;
  }

  private sourceId(source: object) {
    let id = this.sources.get(source);
    if (id === undefined) {
      id = ++this.nextSource;
      this.sources.set(source, id);
    }
    return id;
  }
}
