import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The built index.html cut for server-rendered pages, and as is for the client-rendered app. */
export type PageTemplate = {
  spa: string;
  /** Everything before the page's markup, with `head` added: ends inside `<div id="root">`. */
  ssrBefore(head: string): string;
  /** Everything after the page's markup (the page's data goes before it). */
  ssrAfter: string;
  /** `modulepreload` links of the storefront's and the landing page's own chunks (and prefetches). */
  storefrontPreloads: string;
  landingPreloads: string;
};

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/** Chunks a page loads on the first tap rather than to show itself (menu-page.tsx's lazy dialogs). */
const TAP_AWAY: Record<string, string[]> = {
  'src/features/storefront/menu-page.tsx': [
    'src/features/storefront/components/product-dialog.tsx',
    'src/features/storefront/components/cart-dialog.tsx',
    'src/features/storefront/components/reviews-tab.tsx',
  ],
};

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * `modulepreload` links for a lazily loaded page and the chunks it imports, less those the entry
 * already preloads: the browser fetches them with the HTML instead of after running the entry.
 */
function preloadsOf(manifest: Record<string, ManifestChunk>, src: string): string {
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const have = new Set(['index.html', ...(entry?.imports ?? [])]);
  const files: string[] = [];
  const visit = (key: string) => {
    if (have.has(key) || !manifest[key]) return;
    have.add(key);
    files.push(manifest[key].file);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(src);
  const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
  // What one tap away needs (dialogs, the reviews tab) is listed for the page to prefetch once idle
  // (lib/hydration.ts): fetched with the page, it would queue ahead of the banner on the few
  // connections a phone opens, and run now, it would keep the phone busy right after the first paint.
  const before = files.length;
  for (const later of TAP_AWAY[src] ?? []) visit(later);
  const tapAway = files.slice(before).map((f) => `/${f}`);
  if (tapAway.length > 0) links.push(`<meta name="mc-prefetch" content="${tapAway.join(' ')}">`);
  return links.join('');
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
  const [before, after] = ssr.split(ROOT);
  const titleAt = before.search(TITLE);
  return {
    spa,
    ssrBefore(head) {
      // The page's head goes where the title is, ahead of the scripts: its image preload comes first.
      const rest = head.includes('<title>') ? before.slice(titleAt).replace(TITLE, '') : before.slice(titleAt);
      return `${before.slice(0, titleAt)}${head}${rest}<div id="root" data-ssr="1">`;
    },
    ssrAfter: `</div>${after}`,
    storefrontPreloads: preloadsOf(manifest, 'src/features/storefront/menu-page.tsx'),
    landingPreloads: preloadsOf(manifest, 'src/features/landing/landing-page.tsx'),
  };
}
