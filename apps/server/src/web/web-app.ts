import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv, Deps } from '../http/context';
import { AppError } from '../http/errors';
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

const encoder = new TextEncoder();

/** The page's markup streamed between the template's two halves. */
function htmlStream(before: string, body: ReadableStream<Uint8Array>, after: string) {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(before));
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        controller.enqueue(value);
      }
      controller.enqueue(encoder.encode(after));
      controller.close();
    },
  });
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
export async function mountWebApp(app: Hono<AppEnv>, deps: Deps, webDist: string) {
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

  function spa(c: Context<AppEnv>, status: 200 | 404 = 200) {
    if (!template) return c.text('Web app não compilado. Rode npm run build.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(template.spa, status);
  }

  async function render(c: Context<AppEnv>, menu?: { slug: string; json: string; data: unknown }) {
    if (!template || !entry) return spa(c);
    try {
      const page = await entry.renderPage(c.req.url, menu && { slug: menu.slug, data: menu.data }, (error) =>
        c.get('log').error({ err: error }, 'server rendering failed'),
      );
      if (!page) return spa(c);
      const head = page.head + (menu ? template.storefrontPreloads : template.landingPreloads);
      const before = template.ssrBefore(head);
      const after = (menu ? menuData(menu.slug, menu.json) : '') + template.ssrAfter;
      c.header('Content-Type', 'text/html; charset=UTF-8');
      // Prices, stock and the open/closed badge are in the page: always revalidate.
      c.header('Cache-Control', 'no-cache');
      return c.body(htmlStream(before, page.body, after), page.status === 404 ? 404 : 200);
    } catch (error) {
      // The browser app renders the same page from the API: a rendering bug must not take it down.
      c.get('log').error({ err: error }, 'server rendering failed');
      return spa(c);
    }
  }

  app.get('/landing', (c) => render(c));
  app.get('/:slug', async (c) => {
    const slug = c.req.param('slug');
    if (APP_PATHS.has(slug) || !SLUG.test(slug)) return spa(c);
    try {
      const menu = await deps.menuCache.get(slug);
      return render(c, { slug, json: menu.body, data: menu.menu });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return spa(c, 404);
      throw error;
    }
  });
  app.get('*', (c) => spa(c));
}
