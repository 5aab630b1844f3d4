import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { isDatabaseUnavailable } from '@meucardapio/db/connection-errors';
import type { Context, Hono } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv, Deps } from '../http/context';
import { AppError, RETRY_AFTER_SECONDS } from '../http/errors';
import { precompressedAnswer } from '../http/precompressed';
import { tableExists } from '../modules/tables/tables.service';
import { type CachedPage, cachedPage, PageCache } from './page-cache';
import { type PageTemplate, pageTemplate } from './page-template';

/** What the web build's server bundle (apps/web/src/entry-server.tsx) exports. */
type ServerEntry = {
  renderPage(
    url: string,
    menu?: { slug: string; data: unknown },
    onError?: (error: unknown) => void,
  ): Promise<{ body: ReadableStream<Uint8Array>; head: string; status: number } | null>;
};

/** First path segments the browser app owns: never a restaurant's storefront. */
const APP_PATHS = new Set(['auth', 'admin', 'customer', 'customer-dashboard', 'payment-callback', 'review', 'landing']);
/** Parts of the build that are not for browsers: the server bundle, the manifest, the sources' hash. */
const isPrivate = (path: string) => path.startsWith('/server/') || path.includes('/.');
const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/i;
/** Pages are rendered on this origin whatever the request's Host: nothing in them may depend on it. */
const RENDER_ORIGIN = 'http://meucardapio.invalid';
/** A table number as a menu link carries it. */
const TABLE = /^\d{1,6}$/;
/** What the landing page's cached render is kept with: it has no data (a menu's tag is quoted, so never this). */
const LANDING = 'landing';

/** A storefront's data for its page: the slug as asked for, the menu's JSON as sent and the menu itself. */
type MenuForPage = { slug: string; json: string; data: unknown };

/**
 * Products a phone's or a desktop's first screen shows, and then some: a longer menu's page is sent in
 * two parts, the sections holding these first.
 */
const FIRST_SCREEN_PRODUCTS = 12;

/**
 * Where a long menu's page is split: at the first section that starts after FIRST_SCREEN_PRODUCTS
 * products (null for a shorter page, sent in one piece).
 */
export function firstScreenEnd(html: string): number | null {
  let at = 0;
  for (let seen = 0; seen < FIRST_SCREEN_PRODUCTS; seen++) {
    at = html.indexOf('<article', at + 1);
    if (at < 0) return null;
  }
  const next = html.indexOf('<section', at);
  return next < 0 ? null : next;
}

/**
 * The compressed page as a stream of its two parts: the first screen's products at once, the rest on
 * the next turn, so that a long menu's first categories reach the browser, and are shown, on their own
 * rather than after the whole page has been read.
 */
function inTwoParts(bytes: Uint8Array<ArrayBuffer>, first: number) {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(bytes.subarray(0, first));
        return;
      }
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          controller.enqueue(bytes.subarray(first));
          controller.close();
          resolve();
        }, 0),
      );
    },
  });
}

function sendPage(c: Context<AppEnv>, page: CachedPage) {
  const answer = precompressedAnswer(
    page,
    // Prices, stock and the open/closed badge are in the page: always revalidate (a 304 when unchanged).
    { status: page.status, contentType: 'text/html; charset=UTF-8', cacheControl: 'no-cache' },
    { ifNoneMatch: c.req.header('if-none-match'), acceptEncoding: c.req.header('accept-encoding') },
  );
  const encoding = answer.headers['content-encoding'];
  if (page.firstPart && answer.body instanceof Uint8Array && (encoding === 'br' || encoding === 'gzip')) {
    const first = page.firstPart[encoding === 'br' ? 'brotli' : 'gzip'];
    return c.newResponse(inTwoParts(answer.body, first), answer.status, answer.headers);
  }
  return c.newResponse(answer.body, answer.status, answer.headers);
}

/** The menu's JSON inside the page, safe in HTML: `<` never appears as such, so no `</script>` either. */
function menuData(slug: string, json: string) {
  const payload = `{"slug":${JSON.stringify(slug)},"menu":${json}}`.replace(/</g, '\\u003c');
  return `<script type="application/json" id="mc-menu">${payload}</script>`;
}

/**
 * The built web app: hashed assets (precompressed, cached for a year), the storefront and landing
 * rendered on the server with their data, and the client-rendered app for every other page.
 */
export async function mountWebApp(app: Hono<AppEnv>, deps: Deps, webDist: string): Promise<{ pages: PageCache }> {
  const { log } = deps;
  let template: PageTemplate | null = null;
  try {
    template = pageTemplate(webDist);
  } catch {
    log.warn('web app not built: run `npm run build` (npm start does it for you)');
  }
  let entry: ServerEntry | null = null;
  const entryPath = join(webDist, 'server', 'entry-server.js');
  if (template && existsSync(entryPath)) {
    entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  } else if (template) {
    log.warn('web build has no server bundle: pages are rendered in the browser only');
  }

  app.use('*', async (c, next) => {
    if (isPrivate(c.req.path)) return spa(c, 404);
    await next();
  });
  app.use(
    '/assets/*',
    serveStatic({
      root: webDist,
      precompressed: true,
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
        c.header('Vary', 'Accept-Encoding');
      },
    }),
  );
  app.use('*', serveStatic({ root: webDist }));

  const pages = new PageCache();

  function spa(c: Context<AppEnv>, status: 200 | 404 | 503 = 200) {
    if (!template) return c.text('Web app não compilado. Rode npm run build.', 503);
    c.header('Cache-Control', 'no-cache');
    if (status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.html(template.spa, status);
  }

  /**
   * Renders a page into the cache, or null when it is not one the server renders. The URL is rebuilt
   * from what the page reads (path and table) on a fixed origin, so every request that names the same
   * page is answered by the same bytes.
   */
  async function renderToCache(log: Logger, path: string, menu?: MenuForPage): Promise<CachedPage | null> {
    if (!template || !entry) return null;
    let failed = false;
    const page = await entry.renderPage(
      new URL(path, RENDER_ORIGIN).href,
      menu && { slug: menu.slug, data: menu.data },
      (error) => {
        failed = true;
        log.error({ err: error }, 'server rendering failed');
      },
    );
    if (!page) return null;
    const markup = await new Response(page.body).text();
    // React reported an error it recovered from: the browser app shows the page instead.
    if (failed) return null;
    const head = page.head + (menu ? template.storefrontChunks : template.landingChunks);
    const after = (menu ? menuData(menu.slug, menu.json) : '') + template.ssrAfter;
    const html = template.ssrBefore(head) + markup + after;
    return cachedPage(html, page.status === 404 ? 404 : 200, (menu && firstScreenEnd(html)) ?? undefined);
  }

  async function render(c: Context<AppEnv>, source: string, path: string, menu?: MenuForPage) {
    if (!template || !entry) return spa(c);
    try {
      const page = await pages.get(source, path, () => renderToCache(c.get('log'), path, menu));
      if (!page) return spa(c);
      return sendPage(c, page);
    } catch (error) {
      // The browser app renders the same page from the API: a rendering bug must not take it down.
      c.get('log').error({ err: error }, 'server rendering failed');
      return spa(c);
    }
  }

  app.get('/landing', (c) => render(c, LANDING, '/landing'));
  app.get('/:slug', async (c) => {
    const slug = c.req.param('slug');
    if (APP_PATHS.has(slug) || !SLUG.test(slug)) return spa(c);
    try {
      const menu = await deps.menuCache.get(slug);
      const { id: restaurantId, slug: stored } = menu.menu.restaurant;
      const asked = c.req.query('table');
      const table =
        asked !== undefined &&
        TABLE.test(asked) &&
        (await tableExists({ db: deps.database.db, restaurantId }, Number(asked)))
          ? Number(asked)
          : null;
      // One address per page: the slug as stored, and a table only when the restaurant has it. A slug in
      // other letters is sent to the stored one; a table the restaurant does not have gets the browser
      // app, which says so (or that a shop serves no tables), rendered there and never kept here.
      if (slug !== stored) {
        const url = new URL(c.req.url);
        url.pathname = `/${stored}`;
        if (asked !== undefined && table === null) url.searchParams.delete('table');
        return c.redirect(`${url.pathname}${url.search}`, 301);
      }
      if (asked !== undefined && table === null) return spa(c);
      const path = `/${stored}${table === null ? '' : `?table=${table}`}`;
      return render(c, menu.etag, path, { slug: stored, json: menu.identity, data: menu.menu });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return spa(c, 404);
      // The browser app shows the menu's own "try again" state and retries once the database is back.
      if (isDatabaseUnavailable(error)) return spa(c, 503);
      throw error;
    }
  });
  app.get('*', (c) => spa(c));
  return { pages };
}
