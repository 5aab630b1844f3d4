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

/** Whether this page came rendered from the server (it then also prefetched the storefront's dialogs). */
export function renderedByServer(): boolean {
  return typeof document !== 'undefined' && document.getElementById('root')?.dataset.ssr === '1';
}
