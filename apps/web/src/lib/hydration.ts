/*
 * Whether React is hydrating markup the server rendered. State read from the browser only (local
 * storage, the clock's minute) must start as the server saw it — empty — during hydration, and be
 * read right after it; later mounts (a navigation inside the app) read it at once.
 */
let hydrated = false;

export function isHydrating(): boolean {
  return !hydrated && renderedByServer();
}

/**
 * Called once the first render has been committed (RootLayout's effect). The attribute on <html> tells
 * tests and benchmarks that the page answers taps from now on.
 */
export function markHydrated() {
  hydrated = true;
  document.documentElement.dataset.hydrated = '';
}

/** Whether this page came rendered from the server (it then lists the chunks to prefetch, below). */
export function renderedByServer(): boolean {
  return typeof document !== 'undefined' && document.getElementById('root')?.dataset.ssr === '1';
}

/**
 * Downloads, without running, the chunks the server listed as one tap away (`<meta name="mc-prefetch">`):
 * the first tap then runs them from the cache.
 */
export function prefetchTapAway() {
  const list = document.querySelector<HTMLMetaElement>('meta[name="mc-prefetch"]');
  if (!list) return;
  list.remove();
  for (const href of list.content.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
