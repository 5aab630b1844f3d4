import { formatBRL } from '@meucardapio/domain/money';
import { expect, test } from '@playwright/test';
import { DEMO } from './fixtures';

type Menu = { categories: { name: string }[]; products: { name: string; price: number }[] };

test.describe('server-rendered storefront', () => {
  test('with JavaScript off, the menu shows the restaurant, its categories and products with prices', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const menu = (await (await page.request.get(`/api/public/restaurants/${DEMO}/menu`)).json()) as Menu;
    await page.goto(`${baseURL}/${DEMO}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pizzaria Demo' })).toBeVisible();
    await expect(page.getByTestId('open-status')).toHaveText(/Aberto|Fechado/);
    for (const c of menu.categories) await expect(page.getByRole('tab', { name: c.name })).toBeAttached();
    const drink = menu.products.find((p) => p.name === 'Coca-Cola Lata 350ml');
    expect(drink).toBeDefined();
    const card = page.getByRole('article', { name: 'Coca-Cola Lata 350ml', exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByText(formatBRL(drink?.price ?? 0))).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(menu.products.filter((p) => p.name).length);
    await context.close();
  });

  test('a table link names the table in the HTML the server sends', async ({ request }) => {
    const res = await request.get(`/${DEMO}?table=7`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Mesa 7');
    expect(html).toContain('<title>Pizzaria Demo · Cardápio</title>');
    // The menu's data travels with the page, for hydration without a second request.
    expect(html).toContain('id="mc-menu"');
  });

  test('hydrates with the data in the page: adding works at once, no menu request, no admin or PDV code', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    // How many chunk preloads each append added: twenty at once made one long task on a slow phone.
    // And every use of the browser's locale data before hydration: its first use costs a phone tens of
    // milliseconds (decision 134).
    await page.addInitScript(() => {
      const seen = window as unknown as { preloadBatches: number[]; localeUses: string[] };
      seen.preloadBatches = [];
      seen.localeUses = [];
      const noted = <T extends object>(name: string, target: T): T =>
        new Proxy(target, {
          construct(fn, args) {
            if (!document.documentElement.dataset.hydrated) seen.localeUses.push(name);
            return Reflect.construct(fn as new (...a: unknown[]) => object, args);
          },
          apply(fn, self, args) {
            if (!document.documentElement.dataset.hydrated) seen.localeUses.push(name);
            return Reflect.apply(fn as (...a: unknown[]) => unknown, self, args);
          },
        });
      const intl = Intl as unknown as Record<string, object>;
      for (const name of [
        'DateTimeFormat',
        'NumberFormat',
        'Collator',
        'PluralRules',
        'RelativeTimeFormat',
        'ListFormat',
      ])
        intl[name] = noted(`Intl.${name}`, intl[name]);
      const protos = [Date.prototype, Number.prototype, String.prototype] as unknown as Record<string, object>[];
      for (const proto of protos)
        for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'localeCompare'])
          if (Object.hasOwn(proto, name)) proto[name] = noted(name, proto[name]);
      new MutationObserver((records) => {
        for (const record of records) {
          const added = [...record.addedNodes].filter((n) => n instanceof HTMLLinkElement && n.rel === 'modulepreload');
          if (added.length > 0 && !document.documentElement.dataset.hydrated) seen.preloadBatches.push(added.length);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const listed = /<meta name="mc-preload" content="([^"]*)"/.exec(await (await page.request.get(`/${DEMO}`)).text());
    const preloads = (listed?.[1] ?? '').split(' ').filter(Boolean);
    expect(preloads.length).toBeGreaterThan(4);
    await page.goto(`/${DEMO}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const { batches, localeUses } = await page.evaluate(() => {
      const seen = window as unknown as { preloadBatches: number[]; localeUses: string[] };
      return { batches: seen.preloadBatches, localeUses: seen.localeUses };
    });
    expect(Math.max(...batches)).toBeLessThanOrEqual(4);
    expect(localeUses).toEqual([]);
    const inHead = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
    );
    for (const href of preloads) expect(inHead).toContain(href);
    await page
      .getByRole('article', { name: 'Coca-Cola Lata 350ml', exact: true })
      .getByRole('button', { name: 'Adicionar' })
      .click();
    await expect(page.getByRole('button', { name: /^Ver carrinho · 1 item/ })).toBeVisible();
    // What the page fetches once idle (dialogs, toasts, session) is in by now too.
    await page.waitForLoadState('networkidle');
    expect(requested).not.toContain(`/api/public/restaurants/${DEMO}/menu`);
    const scripts = requested.filter((p) => p.endsWith('.js'));
    expect(scripts.some((p) => p.includes('/menu-page-'))).toBe(true);
    const foreign = scripts.filter((p) => /\/(admin|cashier|pdv|orders-page|products-page|settings-page)/i.test(p));
    expect(foreign).toEqual([]);
  });

  test("the page's code is fetched once the first screen's images have arrived, not with the HTML", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const events: string[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'image') events.push(`image ${new URL(r.url()).pathname}`);
    });
    page.on('request', (r) => {
      if (/\/assets\/(main|menu-page)-/.test(r.url())) events.push(`code ${new URL(r.url()).pathname}`);
    });
    await page.goto(`/${DEMO}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const eager = await page
      .locator('#root img:not([loading="lazy"])')
      .evaluateAll((imgs) =>
        imgs.map((img) => new URL((img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src).pathname),
      );
    expect(eager.length).toBeGreaterThan(0);
    const firstCode = events.findIndex((e) => e.startsWith('code '));
    expect(firstCode).toBeGreaterThan(-1);
    for (const src of eager) {
      const loaded = events.indexOf(`image ${src}`);
      expect(loaded, `${src} before the code`).toBeGreaterThan(-1);
      expect(loaded, `${src} before the code`).toBeLessThan(firstCode);
    }
  });

  test('a tap on "Adicionar" before the page is hydrated is answered once it is', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Hold the app's code back so the tap surely comes first.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/main-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/${DEMO}`);
    await page
      .getByRole('article', { name: 'Coca-Cola Lata 350ml', exact: true })
      .getByRole('button', { name: 'Adicionar' })
      .click();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    release();
    await expect(page.getByRole('button', { name: /^Ver carrinho · 1 item/ })).toBeVisible();
  });

  test('an unknown restaurant answers 404 and still shows its page', async ({ page }) => {
    const res = await page.goto('/restaurante-que-nao-existe');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Restaurante não encontrado' })).toBeVisible();
  });
});
