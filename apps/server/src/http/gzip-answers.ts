import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

const gzipOnThreadPool = promisify(gzip);
const JSON_TYPE = /^\s*application\/json(?:[;\s]|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/** A smaller answer goes as it is: gzip would save less than a packet. */
const MIN_BYTES = 1024;
/**
 * Up to this size an answer is compressed in one call on the event loop (under 2 ms). On a busy instance a
 * trip to the thread pool costs more than that: the answer waits a whole turn of the loop (decision 135).
 */
const ON_LOOP_MAX_BYTES = 256 * 1024;
/**
 * zlib's best fast level: each answer is compressed once, as it is sent. On the board's list of 60 orders
 * (105 KB) it took 0.36 ms for 8.4 KB, against 0.61 ms for 7.5 KB at the default level 6.
 */
const GZIP = { level: 3 };
const nothingMore = async () => {};

/** The text of each JSON answer `c.json` built while its request went through `gzipAnswers`. */
const jsonTexts = new WeakMap<Response, string>();

/**
 * Gzip for a browser that takes it. A JSON answer, which this server always builds whole, is read and
 * compressed by zlib in one call: Hono's `compress` pipes every answer through a web `CompressionStream`,
 * which costs a 13 KB board list about 0.5 ms of CPU against 0.12 ms this way. Any other answer still
 * goes through it. The text of an answer built by `c.json` is kept as it is built, so the answer is not
 * read back through a web stream (a tenth of the board list's CPU).
 */
export function gzipAnswers(): MiddlewareHandler {
  const streamed = compress({ encoding: 'gzip' });
  return async (c, next) => {
    // As Hono's own `c.json`, which sends its text through `c.body` too (a status or a ResponseInit).
    const bodyOf = c.body as (text: string, arg?: unknown, headers?: Record<string, string | string[]>) => Response;
    c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
      const text = JSON.stringify(object);
      const res = bodyOf(text, arg, { 'Content-Type': 'application/json', ...headers });
      jsonTexts.set(res, text);
      return res;
    }) as unknown as typeof c.json;
    await next();
    const res = c.res;
    if (!JSON_TYPE.test(res.headers.get('content-type') ?? '')) return streamed(c, nothingMore);
    if (
      res.status === 206 ||
      c.req.method === 'HEAD' ||
      res.headers.has('content-encoding') ||
      res.headers.has('transfer-encoding') ||
      NO_TRANSFORM.test(res.headers.get('cache-control') ?? '')
    )
      return;
    const headers = new Headers(res.headers);
    const vary = headers.get('vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ''))
      headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const text = jsonTexts.get(res);
    let body = text === undefined ? new Uint8Array(await res.arrayBuffer()) : Buffer.from(text);
    if (body.byteLength >= MIN_BYTES) {
      body = body.byteLength <= ON_LOOP_MAX_BYTES ? gzipSync(body, GZIP) : await gzipOnThreadPool(body, GZIP);
      headers.set('content-encoding', 'gzip');
      headers.delete('content-length');
      const etag = headers.get('etag');
      if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
    }
    // Cleared first: over an answer already set, Hono would turn the new body into a stream to copy headers.
    c.res = undefined;
    c.res = new Response(body, { status: res.status, headers });
  };
}
