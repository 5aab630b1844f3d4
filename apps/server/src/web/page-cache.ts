import { type BrotliCompress, constants, createBrotliCompress, createGzip, type Gzip } from 'node:zlib';
import { ByteLru } from '../http/byte-lru';
import { type PrecompressedBody, strongEtag } from '../http/precompressed';

/**
 * A rendered page as sent: the HTML, its compressed forms (made once, not per request) and its tag.
 * A long menu's page comes in two parts (`firstPart`): its first screen's products, flushed so that they
 * decode on their own, then the rest of the same stream.
 */
export type CachedPage = PrecompressedBody & {
  status: 200 | 404;
  /** Bytes of each compressed form that hold the first part; absent for a page sent in one piece. */
  firstPart?: { gzip: number; brotli: number };
};

/** Rendered pages kept by an instance, in bytes of what they hold; least recently used first out. */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/**
 * The menu cache's time limit: a page of a menu that changed is never asked for again (its source is new),
 * and this drops it.
 */
const MAX_AGE_MS = 60_000;

/**
 * Compresses `parts` as one stream, flushed after each part but the last: the bytes, and where each part
 * but the last ends in them.
 */
function compressInParts(
  compressor: BrotliCompress | Gzip,
  flush: number,
  parts: readonly string[],
): Promise<{ bytes: Uint8Array<ArrayBuffer>; ends: number[] }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const ends: number[] = [];
    compressor.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
    });
    compressor.on('error', reject);
    compressor.on('end', () => resolve({ bytes: new Uint8Array(Buffer.concat(chunks)), ends }));
    const next = (i: number) => {
      if (i === parts.length - 1) {
        compressor.end(parts[i]);
        return;
      }
      compressor.write(parts[i]);
      compressor.flush(flush, () => {
        ends.push(length);
        next(i + 1);
      });
    };
    next(0);
  });
}

/** A page to keep; `firstPartEnd` (a position in `html`) splits a long page after its first screen. */
export async function cachedPage(html: string, status: 200 | 404, firstPartEnd?: number): Promise<CachedPage> {
  const parts = firstPartEnd ? [html.slice(0, firstPartEnd), html.slice(firstPartEnd)] : [html];
  const [br, gzipped] = await Promise.all([
    // Quality 5 compresses a thousand-product page in a few tens of milliseconds, close to 11's ratio.
    compressInParts(
      createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      constants.BROTLI_OPERATION_FLUSH,
      parts,
    ),
    compressInParts(createGzip(), constants.Z_SYNC_FLUSH, parts),
  ]);
  // Kept as the Uint8Array a response body takes, so no request copies them.
  return {
    identity: html,
    etag: strongEtag(html),
    gzip: gzipped.bytes,
    brotli: br.bytes,
    status,
    ...(firstPartEnd ? { firstPart: { gzip: gzipped.ends[0], brotli: br.ends[0] } } : {}),
  };
}

/** Roughly what a page holds: the HTML (UTF-16 in memory) and its two compressed forms. */
const pageBytes = (p: CachedPage) => p.identity.length * 2 + p.gzip.byteLength + (p.brotli?.byteLength ?? 0);

type Render = Promise<CachedPage | null>;

/**
 * Server-rendered pages kept with what they were rendered from: a menu's tag (its JSON's hash), or a fixed
 * name for a page without data. A page is found only through what it was rendered from, so a menu that
 * changed renders anew at its next visit, while a menu read again unchanged (its cache forgotten after a
 * staff write that changed nothing it shows, or past its time limit) finds the page already made. Renders
 * of the same page at once share one. Bounded by bytes, least recently used first out; pages past the
 * time limit are dropped.
 */
export class PageCache {
  private pages: ByteLru<string, Render>;

  constructor(maxBytes = PAGE_CACHE_MAX_BYTES) {
    this.pages = new ByteLru({ maxBytes, maxAgeMs: MAX_AGE_MS });
  }

  /** How much this instance holds: pages and bytes. */
  stats() {
    const { entries, bytes } = this.pages.stats();
    return { pages: entries, bytes };
  }

  get(source: string, key: string, render: () => Render, now = Date.now()): Render {
    const id = `${source} ${key}`;
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
}
