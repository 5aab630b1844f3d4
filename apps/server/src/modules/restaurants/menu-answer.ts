import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Deps, RenderedMenu } from '../../http/context';
import { precompressedAnswer } from '../../http/precompressed';
import { pageSecurityHeaderRecord } from '../../http/security-headers';
import { SESSION_COOKIE } from '../../http/session';

const MENU_ROUTE = '/api/public/restaurants/:slug/menu';

/**
 * The whole first paint of a menu in one answer. A strong ETag over the exact JSON lets the browser
 * (or a CDN) revalidate cheaply: `must-revalidate` keeps availability and prices fresh while a repeat
 * visit costs a 304 with no body.
 */
export const menuAnswer = (
  menu: RenderedMenu,
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
) =>
  precompressedAnswer(
    menu,
    { status: 200, contentType: 'application/json; charset=UTF-8', cacheControl: 'public, max-age=0, must-revalidate' },
    request,
  );

/** The route's path with a slug that is one segment needing no decoding, as every slug is; a query is ignored. */
const MENU_PATH = /^\/api\/public\/restaurants\/([A-Za-z0-9_.~-]{1,200})\/menu(?:\?|$)/;

/** A request carrying a session goes to the app, whose session middleware may refresh or clear it. */
const SESSION_PAIR = `${SESSION_COOKIE}=`;

/**
 * Answers `GET` of a menu this instance holds straight from the HTTP server, ahead of the app (decision
 * 132): the most asked answer is a few kilobytes already gzipped in memory, and building the app's request
 * and response objects for it cost as much as writing it. It sends what the app's route and middleware
 * would — the same bytes and headers, the request id, the page security headers, the request counted
 * under the route's pattern — and answers only where they would add nothing more: no session cookie to
 * resolve, and a body already gzipped or none (304). Anything else returns false and goes to the app.
 */
export function cachedMenuListener(deps: Pick<Deps, 'menuCache' | 'metrics'>) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET') return false;
    const path = MENU_PATH.exec(req.url ?? '');
    const { headers } = req;
    if (!path || headers.cookie?.includes(SESSION_PAIR)) return false;
    const started = process.hrtime.bigint();
    const menu = deps.menuCache.cached(path[1]);
    if (!menu) return false;
    const answer = menuAnswer(menu, {
      ifNoneMatch: headers['if-none-match'],
      acceptEncoding: headers['accept-encoding'],
    });
    // A body sent as it is: the app's compression middleware may still act on it.
    const { body } = answer;
    if (typeof body === 'string') return false;
    const given = headers['x-request-id'];
    const requestId = (typeof given === 'string' && given.slice(0, 64)) || randomUUID();
    // writeHead sends the headers as they are: without a length, the body would go chunked.
    const length = body ? { 'content-length': String(body.byteLength) } : {};
    res.writeHead(answer.status, {
      'x-request-id': requestId,
      ...answer.headers,
      ...pageSecurityHeaderRecord,
      ...length,
    });
    res.end(body ?? undefined);
    deps.metrics.requestAnswered('GET', MENU_ROUTE, answer.status, started);
    return true;
  };
}
