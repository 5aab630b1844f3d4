/**
 * What a phone downloads before the public menu is shown: API requests, and the gzip size of the
 * JavaScript and CSS it loads. Uses Debian's Chromium through Playwright.
 *
 * "Shown" is the first frame in which a product card's 'Adicionar' button is in the page, taken
 * inside the page (a MutationObserver, then the frame's requestAnimationFrame) rather than when
 * Playwright's polling notices it, which can be hundreds of milliseconds later. A request counts as
 * "before the menu is shown" when the browser started it before that frame (Resource Timing), so
 * work the page defers until after its first paint is reported separately, not mixed in.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

declare global {
  interface Window {
    __menuShownAt?: number;
    __hydratedAt?: number;
  }
}

type Kind = 'js' | 'css';
type Started = { url: string; startTime: number };

/** Runs in the page before its scripts: records when the first product card's button is painted. */
function watchForMenu() {
  const observer = new MutationObserver(() => {
    const shown = [...document.querySelectorAll('button')].some((b) => b.textContent?.includes('Adicionar'));
    if (!shown) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__menuShownAt = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
  // The page marks <html data-hydrated> once it answers taps.
  const hydration = new MutationObserver(() => {
    if (!document.documentElement?.hasAttribute('data-hydrated')) return;
    hydration.disconnect();
    window.__hydratedAt = performance.now();
  });
  // Observed from the document: the script runs before <html> is parsed.
  hydration.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
}

function kindOf(url: string): Kind | null {
  const { pathname } = new URL(url);
  if (pathname.endsWith('.js')) return 'js';
  if (pathname.endsWith('.css')) return 'css';
  return null;
}

function isApi(url: string) {
  const { pathname } = new URL(url);
  return pathname.startsWith('/api/') && !pathname.startsWith('/api/files/');
}

async function gzipKB(urls: string[]) {
  const sizes = { js: 0, css: 0 };
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    sizes[kindOf(url) ?? 'js'] += gzipSync(body, { level: 9 }).length;
  }
  return { js: +(sizes.js / 1024).toFixed(1), css: +(sizes.css / 1024).toFixed(1) };
}

const pathOf = (url: string) => new URL(url).pathname;
const assetName = (url: string) => pathOf(url).replace(/^\/assets\//, '');

export async function benchMenuPage(base: string, path = '/demo-restaurant') {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.addInitScript(watchForMenu);
  await page.goto(`${base}${path}`);
  await page
    .getByRole('button', { name: /Adicionar/ })
    .first()
    .waitFor();
  await page.waitForFunction(() => window.__menuShownAt !== undefined && window.__hydratedAt !== undefined);
  // Let the page finish what it does once idle, to report it apart.
  await page.waitForLoadState('networkidle');
  const { shownAt, hydratedAt, requests } = await page.evaluate(() => ({
    shownAt: window.__menuShownAt ?? 0,
    hydratedAt: window.__hydratedAt ?? 0,
    requests: performance
      .getEntriesByType('resource')
      .map((e) => ({ url: e.name, startTime: e.startTime }) satisfies Started),
  }));
  // Server-rendered, the menu needs no script to be shown: the same page with JavaScript off.
  const noJs = await browser.newPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  await noJs.goto(`${base}${path}`);
  const shownWithoutJavaScript = (await noJs.getByRole('button', { name: /Adicionar/ }).count()) > 0;
  await browser.close();

  const before = requests.filter((r) => r.startTime < shownAt).map((r) => r.url);
  const after = requests.filter((r) => r.startTime >= shownAt).map((r) => r.url);
  const toHydrate = requests.filter((r) => r.startTime < hydratedAt && kindOf(r.url) === 'js').map((r) => r.url);
  const assetsBefore = before.filter((u) => kindOf(u) !== null);
  const assetsAfter = after.filter((u) => kindOf(u) !== null);
  const sizesBefore = await gzipKB(assetsBefore);
  const sizesAfter = await gzipKB(assetsAfter);
  const scripts = (urls: string[]) => urls.filter((u) => kindOf(u) === 'js').map(assetName);
  const apiBefore = before.filter(isApi).map(pathOf);
  return {
    shownWithoutJavaScript,
    apiRequestsBeforeMenuShown: apiBefore.length,
    apiPaths: apiBefore,
    jsGzipKB: sizesBefore.js,
    cssGzipKB: sizesBefore.css,
    scriptsLoaded: scripts(assetsBefore).length,
    timeToMenuMs: Math.round(shownAt),
    // Until the page answers taps: every script started before it was hydrated, and when that was.
    hydration: { jsGzipKB: (await gzipKB(toHydrate)).js, scripts: toHydrate.length, atMs: Math.round(hydratedAt) },
    // Fetched after the menu was painted (idle prefetch of dialogs, toasts, the session check).
    afterShown: {
      apiPaths: after.filter(isApi).map(pathOf),
      jsGzipKB: sizesAfter.js,
      scripts: scripts(assetsAfter),
    },
  };
}
