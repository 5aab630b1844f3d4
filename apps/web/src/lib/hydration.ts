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
 * Starts downloading the chunks the server listed for this page (`<meta name="mc-preload">`: the app and
 * the page's own code), which would otherwise be found one import after another, then runs `then` in a
 * task of its own. Four links per task: the twenty of a menu page appended at once froze a slow phone for
 * one long task (43 ms on a busy 2-core machine, four times that on Lighthouse's phone); five tasks also
 * stay under the nesting depth at which browsers delay each timeout by 4 ms.
 */
export function preloadServerListed(then: () => void) {
  appendInTasks(takeList('mc-preload'), 'modulepreload', 4, then);
}

/**
 * Downloads, without running, the chunks the server listed as one tap away (`<meta name="mc-prefetch">`):
 * the first tap then runs them from the cache. One file per task: starting a request costs the page
 * about a millisecond, and a page that has just become usable must not freeze for all of them at once.
 */
export function prefetchTapAway() {
  appendInTasks(takeList('mc-prefetch'), 'prefetch', 1, () => {});
}

/** Appends a link to each of `hrefs`, `perTask` in each task, then runs `then` in the next. */
function appendInTasks(hrefs: string[], rel: 'modulepreload' | 'prefetch', perTask: number, then: () => void) {
  const next = () => {
    if (hrefs.length === 0) return then();
    const links = document.createDocumentFragment();
    for (const href of hrefs.splice(0, perTask)) links.append(linkTo(href, rel));
    document.head.append(links);
    setTimeout(next, 0);
  };
  next();
}

/** The files the server listed in `<meta name>` (once: the list is removed). */
function takeList(name: string): string[] {
  const list = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!list) return [];
  list.remove();
  return list.content.split(' ').filter(Boolean);
}

function linkTo(href: string, rel: 'modulepreload' | 'prefetch') {
  const link = document.createElement('link');
  link.rel = rel;
  link.crossOrigin = '';
  link.href = href;
  return link;
}
