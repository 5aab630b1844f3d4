/*
 * Whether React is hydrating markup the server rendered. State read from the browser only (local
 * storage, the clock's minute) must start as the server saw it — empty — during hydration, and be
 * read right after it; later mounts (a navigation inside the app) read it at once.
 */
let hydrated = false;
const onHydrated: (() => void)[] = [];

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
  for (const run of onHydrated.splice(0)) run();
}

/** Runs `run` once the page answers taps (at once if it already does). */
export function whenHydrated(run: () => void) {
  if (hydrated) run();
  else onHydrated.push(run);
}

/** Whether this page came rendered from the server (it then lists the chunks to prefetch, below). */
export function renderedByServer(): boolean {
  return typeof document !== 'undefined' && document.getElementById('root')?.dataset.ssr === '1';
}

/**
 * Starts downloading, all at once, the chunks the server listed for this page (`<meta name="mc-preload">`:
 * the app and the page's own code), which would otherwise be found one import after another.
 */
export function preloadServerListed() {
  addLinks('mc-preload', 'modulepreload');
}

/**
 * Downloads, without running, the chunks the server listed as one tap away (`<meta name="mc-prefetch">`):
 * the first tap then runs them from the cache.
 */
export function prefetchTapAway() {
  addLinks('mc-prefetch', 'prefetch');
}

/** A `<link rel>` for each file the server listed in `<meta name>` (once: the list is removed). */
function addLinks(name: string, rel: 'modulepreload' | 'prefetch') {
  const list = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!list) return;
  list.remove();
  // Added to the head at once, not one by one.
  const links = document.createDocumentFragment();
  for (const href of list.content.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
}
