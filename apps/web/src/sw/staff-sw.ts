/*
 * The staff area's service worker (decision 058), served as /admin/sw.js with the scope /admin/: the
 * PDV opens without a network once it has been opened. The build lists the app's code and styles
 * (`self.__WB_MANIFEST`) and the client-rendered page; they are cached at install and answered from
 * the cache. What the PDV reads from the API (who is signed in, the open cash session, the catalogue,
 * prices and payment methods, reserved sales) goes to the network first and falls back to the last
 * answer when there is none, so it is refreshed whenever the terminal is online.
 */

import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

type PrecacheEntry = { url: string; revision: string | null };
type SwScope = {
  __WB_MANIFEST: PrecacheEntry[];
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'activate', listener: (event: { waitUntil(p: Promise<unknown>): void }) => void): void;
};
declare const self: SwScope;

/** The cache of the PDV's API answers; signing out empties it (PDV_DATA_CACHE in the app). */
const DATA_CACHE = 'pdv-data';
/** The page every staff address opens (the app routes it in the browser). */
const APP_PAGE = '/admin';
const PDV_READS = new Set([
  '/api/auth/me',
  '/api/admin/cashier/session',
  '/api/admin/cashier/catalog',
  '/api/admin/cashier/reserved-sales',
]);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL(APP_PAGE), { allowlist: [/^\/admin(\/|$)/] }));

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === location.origin && PDV_READS.has(url.pathname),
  new NetworkFirst({ cacheName: DATA_CACHE }),
);

// Product photos in the PDV's grid: kept, a bounded number, for the screen to look the same offline.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === location.origin,
  new CacheFirst({
    cacheName: 'pdv-images',
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

/** The PDV's reads kept at once: the page that registered this worker read them before it was there. */
async function keepPdvReads() {
  const cache = await caches.open(DATA_CACHE);
  await Promise.all(
    [...PDV_READS].map(async (path) => {
      const res = await fetch(path, { credentials: 'same-origin' }).catch(() => null);
      if (res?.ok) await cache.put(path, res);
    }),
  );
}

// A new build takes over at once: its code is cached by then, and the queue of sales lives in IndexedDB.
void self.skipWaiting();
self.addEventListener('activate', (event) => event.waitUntil(Promise.all([self.clients.claim(), keepPdvReads()])));
