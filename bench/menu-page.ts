/**
 * What a phone downloads before the public menu is shown: API requests, and the gzip size of the
 * JavaScript and CSS it loads. Uses Debian's Chromium through Playwright.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export async function benchMenuPage(base: string) {
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
  const api: string[] = [];
  const assets = new Map<string, 'js' | 'css'>();
  page.on('request', (req) => {
    const u = new URL(req.url());
    if (u.pathname.startsWith('/api/') && !u.pathname.startsWith('/api/files/')) api.push(u.pathname);
    if (u.pathname.endsWith('.js')) assets.set(req.url(), 'js');
    if (u.pathname.endsWith('.css')) assets.set(req.url(), 'css');
  });
  const started = Date.now();
  await page.goto(`${base}/demo-restaurant`);
  // The menu is shown when the first product card is on screen.
  await page
    .getByRole('button', { name: /Adicionar/ })
    .first()
    .waitFor();
  const shownMs = Date.now() - started;
  const apiBeforeShown = [...api];
  const sizes = { js: 0, css: 0 };
  for (const [url, kind] of assets) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    sizes[kind] += gzipSync(body, { level: 9 }).length;
  }
  await browser.close();
  return {
    apiRequestsBeforeMenuShown: apiBeforeShown.length,
    apiPaths: apiBeforeShown,
    jsGzipKB: +(sizes.js / 1024).toFixed(1),
    cssGzipKB: +(sizes.css / 1024).toFixed(1),
    scriptsLoaded: [...assets.entries()].filter(([, k]) => k === 'js').length,
    timeToMenuMs: shownMs,
  };
}
