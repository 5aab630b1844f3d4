import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Refuses a body over `maxBytes` through `tooLarge`. A request that states its length (a browser's
 * fetch always does) is judged by the header alone, since Node's parser never reads past it, so its
 * body is left for the handler, which the Node adapter then reads straight from the socket: touching
 * the body first would make the adapter build a whole web Request and two streams for every write. A
 * body sent in chunks, or a request built in-process, is counted as it is read.
 */
export function limitBody(maxBytes: number, tooLarge: () => never): MiddlewareHandler {
  const counted = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    return Number.parseInt(length, 10) > maxBytes ? tooLarge() : next();
  };
}
