import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The built index.html cut for server-rendered pages, and as is for the client-rendered app. */
export type PageTemplate = {
  spa: string;
  /** Everything before the page's markup, with `head` added: ends inside `<div id="root">`. */
  ssrBefore(head: string): string;
  /** Everything after the page's markup (the page's data goes before it). */
  ssrAfter: string;
  /** The storefront's and the landing page's chunk lists for their entry script (see pageChunks). */
  storefrontChunks: string;
  landingChunks: string;
};

type ManifestChunk = { file: string; name?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };

/**
 * Chunks a page loads on the first tap rather than to show itself (menu-page.tsx's lazy dialogs), by
 * chunk name: a module other pages import too (the product dialog, also the waiter's) is a shared
 * chunk the manifest keys by its hashed file, not by its source path.
 */
const TAP_AWAY: Record<string, string[]> = {
  'src/features/storefront/menu-page.tsx': ['product-dialog', 'cart-dialog', 'reviews-tab'],
};

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/** The app itself (router, providers), which the entry script imports once it decides to start. */
const APP_SRC = 'src/main.tsx';

/** `key`'s chunk file and those it imports, less the ones in `have` (which records them). */
function chunksOf(manifest: Record<string, ManifestChunk>, key: string, have: Set<string>): string[] {
  if (have.has(key) || !manifest[key]) return [];
  have.add(key);
  return [manifest[key].file, ...(manifest[key].imports ?? []).flatMap((dep) => chunksOf(manifest, dep, have))];
}

const urls = (files: string[]) => files.map((f) => `/${f}`).join(' ');

/** The chunks the HTML's entry script loads itself, and those of the app it imports (src/main.tsx). */
function appChunks(manifest: Record<string, ManifestChunk>) {
  const loaded = new Set<string>();
  const entryKey = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (entryKey) chunksOf(manifest, entryKey, loaded);
  const app = chunksOf(manifest, APP_SRC, loaded);
  return { loaded, app };
}

/**
 * What a server-rendered page lists for its entry script (src/boot.ts) to fetch once the first screen is
 * painted: the app and the page's own chunks (`mc-preload`, fetched together rather than one import
 * after another), then what one tap away needs (`mc-prefetch`: dialogs, the reviews tab), downloaded
 * once the page is idle. Neither is fetched with the HTML, where it would queue ahead of the banner on
 * the few connections a phone opens.
 */
function pageChunks(manifest: Record<string, ManifestChunk>, base: ReturnType<typeof appChunks>, src: string) {
  const have = new Set(base.loaded);
  const now = [...base.app, ...chunksOf(manifest, src, have)];
  const tapAway = new Set(TAP_AWAY[src]);
  const later = (manifest[src]?.dynamicImports ?? [])
    .filter((key) => tapAway.has(manifest[key]?.name ?? ''))
    .flatMap((key) => chunksOf(manifest, key, have));
  const metas = [];
  if (now.length > 0) metas.push(`<meta name="mc-preload" content="${urls(now)}">`);
  if (later.length > 0) metas.push(`<meta name="mc-prefetch" content="${urls(later)}">`);
  return metas.join('');
}

/** Reads the web build once at startup; throws when there is none. */
export function pageTemplate(webDist: string): PageTemplate {
  const spa = readFileSync(join(webDist, 'index.html'), 'utf8');
  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    // An older build without a manifest: pages still work, their chunks load after the entry.
  }
  // The first screen needs the stylesheet before it can paint: inline, it costs no extra round trip.
  const ssr = spa
    .replace(STYLESHEET, (_tag, href: string) => `<style>${readFileSync(join(webDist, href), 'utf8')}</style>`)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  const base = appChunks(manifest);
  // Pages the browser draws fetch the app's chunks with the HTML, not after the entry runs.
  const appPreloads = base.app.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
  const [before, after] = ssr.split(ROOT);
  const titleAt = before.search(TITLE);
  return {
    spa: spa.replace('</head>', `${appPreloads}</head>`),
    ssrBefore(head) {
      // The page's head goes where the title is, ahead of the scripts: its image preload comes first.
      const rest = head.includes('<title>') ? before.slice(titleAt).replace(TITLE, '') : before.slice(titleAt);
      return `${before.slice(0, titleAt)}${head}${rest}<div id="root" data-ssr="1">`;
    },
    ssrAfter: `</div>${after}`,
    storefrontChunks: pageChunks(manifest, base, 'src/features/storefront/menu-page.tsx'),
    landingChunks: pageChunks(manifest, base, 'src/features/landing/landing-page.tsx'),
  };
}
