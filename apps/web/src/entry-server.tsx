/**
 * Server rendering of the public pages (storefront and landing), built by Vite into the web build's
 * `server/` folder and loaded by the server (apps/server/src/web). The page is rendered with the same
 * routes, providers and menu data the browser then hydrates (main.tsx), so no markup is computed twice
 * differently and the browser asks for nothing before the menu is usable.
 */
import { imageSrcSet } from '@meucardapio/domain/image-variants';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { landingRoute, storefrontRoute } from './app/public-routes';
import { RootLayout } from './app/root-layout';
import { directImageUrl } from './features/storefront/menu-logic';
import { publicMenuQuery } from './features/storefront/menu-query';
import type { PublicMenu } from './features/storefront/menu-types';
import { SERVER_THEME_ID, themeVars } from './features/storefront/use-restaurant-theme';
import { createQueryClient } from './lib/query-client';

/** Loaders only prefetch into the browser's cache: on the server the data is given, never fetched. */
const noLoader = () => null;

const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    children: [
      landingRoute,
      { ...storefrontRoute('demo-restaurant'), loader: noLoader },
      { ...storefrontRoute(), loader: noLoader },
    ],
  },
];

const handler = createStaticHandler(routes);

export type RenderedPage = {
  /** The page's markup, streamed into `<div id="root">`. */
  body: ReadableStream<Uint8Array>;
  /** What goes into `<head>`: title, colours, the preload of the largest image of the first screen. */
  head: string;
  status: number;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** The head of a menu page: its title, its colours (no flash of the default ones) and the LCP image. */
function storefrontHead(menu: PublicMenu): string {
  const { restaurant } = menu;
  const vars = Object.entries(themeVars(restaurant.primaryColor, restaurant.buttonColor))
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  const parts = [
    `<title>${escapeHtml(`${restaurant.name} · Cardápio`)}</title>`,
    // `html:root` outranks the stylesheet's own `:root` colours, which come after it in the head.
    `<style id="${SERVER_THEME_ID}">html:root{${vars}}</style>`,
  ];
  // The banner is the largest thing on the first screen of a phone: fetch it before the stylesheet
  // and scripts are parsed, ahead of everything else.
  const banner = directImageUrl(restaurant.bannerUrl);
  if (banner) {
    const srcset = imageSrcSet(banner);
    parts.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(banner)}"${
        srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="100vw"` : ''
      }>`,
    );
  }
  return parts.join('');
}

/**
 * Renders `url` (a storefront with its menu, or the landing page). Null when the URL is not a page the
 * server renders, so the caller serves the client-rendered app instead.
 */
export async function renderPage(
  url: string,
  menu?: { slug: string; data: PublicMenu },
  onError?: (error: unknown) => void,
): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const client = createQueryClient();
  if (menu) client.setQueryData(publicMenuQuery(menu.slug).queryKey, menu.data);
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = await renderToReadableStream(
    <StrictMode>
      <AppProviders client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    { onError },
  );
  return { body, head: menu ? storefrontHead(menu.data) : '', status: context.statusCode };
}
