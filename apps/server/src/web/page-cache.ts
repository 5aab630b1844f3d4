import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type PrecompressedBody, strongEtag } from '../http/precompressed';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** A rendered page as sent: the HTML, its compressed forms (made once, not per request) and its tag. */
export type CachedPage = PrecompressedBody & { status: 200 | 404 };

/**
 * Table links, links with a slug in capitals: the variants of one page a menu may have in the cache. A
 * bound, so no stream of odd links can grow it without end.
 */
const MAX_VARIANTS = 64;

export async function cachedPage(html: string, status: 200 | 404): Promise<CachedPage> {
  const [br, gzipped] = await Promise.all([
    // Quality 5 compresses a thousand-product page in a few tens of milliseconds, close to 11's ratio.
    brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gz(html),
  ]);
  // Kept as the Uint8Array a response body takes, so no request copies them.
  return { identity: html, etag: strongEtag(html), gzip: new Uint8Array(gzipped), brotli: new Uint8Array(br), status };
}

/**
 * Server-rendered pages kept with what they were rendered from (a menu object of the menu cache, or a
 * fixed object for a page without data). Tied to that object by a WeakMap, a page is dropped with its
 * menu: when the menu changes, or after the menu cache's time limit, the next visit renders it anew.
 * Renders of the same page at once share one.
 */
export class PageCache {
  private pages = new WeakMap<object, Map<string, Promise<CachedPage | null>>>();

  get(source: object, key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    let variants = this.pages.get(source);
    if (!variants) {
      variants = new Map();
      this.pages.set(source, variants);
    }
    const known = variants.get(key);
    if (known) return known;
    if (variants.size >= MAX_VARIANTS) variants.delete(variants.keys().next().value as string);
    const page = render();
    variants.set(key, page);
    const kept = variants;
    // A page that could not be rendered is not kept: the next visit tries again.
    page.then(
      (p) => p || kept.delete(key),
      () => kept.delete(key),
    );
    return page;
  }
}
