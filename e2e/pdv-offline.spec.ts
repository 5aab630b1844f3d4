import { centsText, formatBRL } from '@meucardapio/domain/money';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { expect, postExpecting, signUpOwner, test, unique } from './fixtures';

/*
 * The internet drops at the counter (decision 057): the cashier opened the PDV online, keeps selling
 * in cash with the connection gone, reloads, closes the tab and opens it again — the sales are still on
 * the terminal, and signing out or closing the register is refused while they are. When the connection
 * returns, two tabs of the terminal try to send at the same moment: the server ends with exactly the
 * twenty sales and the drawer's expected cash to the centavo.
 */

const SHOTS = '.tmp/shots';
const PASSWORD = 'senha-forte-123';
const PRICE = 750;
const OPENING = 10_000;
const SALES = 20;

/** Opens the PDV and waits until the staff area's worker controls it and holds what the PDV reads. */
async function openPdv(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto('/admin/cashier');
  await expect(page.getByLabel('Buscar produto ou ler código de barras')).toBeVisible({ timeout: 30_000 });
  return page;
}

async function readyOffline(page: Page) {
  const reads = ['/api/auth/me', '/api/admin/cashier/session', '/api/admin/cashier/catalog'];
  await expect
    .poll(
      () =>
        page.evaluate(async (urls) => {
          const cached = await Promise.all(urls.map(async (u) => ((await caches.match(u)) ? u : null)));
          return { controlled: Boolean(navigator.serviceWorker.controller), cached: cached.filter(Boolean) };
        }, reads),
      { timeout: 60_000 },
    )
    .toEqual({ controlled: true, cached: reads });
}

/**
 * One cash sale at the keyboard, as a cashier rings it up: `quantity` pastéis, F4, method 1 (Dinheiro),
 * Enter to the received field, `received` handed over (change when more than the total), Enter, F4.
 */
async function sellInCash(page: Page, sku: string, quantity: number, received: number) {
  const search = page.getByLabel('Buscar produto ou ler código de barras');
  await search.fill(`${quantity}*${sku}`);
  await search.press('Enter');
  await expect(page.getByTestId('pdv-total')).toHaveText(formatBRL(quantity * PRICE));
  await page.keyboard.press('F4');
  const dialog = page.getByRole('dialog', { name: 'Pagamento' });
  await expect(dialog.getByRole('radio', { name: /Dinheiro/ })).toBeFocused();
  await page.keyboard.press('1');
  await expect(dialog.getByLabel('Valor', { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Valor recebido')).toBeFocused();
  await page.keyboard.type(centsText(received));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: /Finalizar Venda/ })).toBeFocused();
  await page.keyboard.press('F4');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('kept-sale')).toContainText(formatBRL(quantity * PRICE));
}

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Sem conexão — vendas serão enviadas' });

test('twenty cash sales without internet reach the server exactly once, with the drawer right to the centavo', async ({
  baseURL,
  browser,
  launchOptions,
  staffPage,
}) => {
  test.setTimeout(420_000);
  const origin = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: origin });
  const owner = ownerContext.request;
  const email = `dona-offline-${unique()}@teste.com.br`;
  await signUpOwner(owner, origin, { name: 'Olívia Dona', company: 'Pastelaria Sem Rede', email });
  await postExpecting(owner, origin, '/api/admin/payment-methods', {
    name: 'Dinheiro',
    icon: '💵',
    requiresChange: true,
    infinitepayEnabled: false,
  });
  const pastel = (await postExpecting(owner, origin, '/api/admin/products', { name: 'Pastel de Queijo', price: PRICE }))
    .product;
  await postExpecting(owner, origin, '/api/admin/cashier/session/open', { initialAmount: OPENING });

  const { context } = await staffPage(email, {
    password: PASSWORD,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  });
  let page = await openPdv(context);
  await readyOffline(page);

  await context.setOffline(true);
  await expect(banner(page)).toBeVisible();

  // Twenty sales of 1 to 3 pastéis; every other one paid with a larger note (change).
  let total = 0;
  for (let i = 0; i < SALES; i++) {
    const quantity = (i % 3) + 1;
    const due = quantity * PRICE;
    const received = i % 2 === 0 ? Math.ceil(due / 5000) * 5000 : due;
    await sellInCash(page, pastel.sku, quantity, received);
    total += due;
    if (i === 4) {
      for (const [width, height] of [
        [1280, 800],
        [1024, 768],
        [390, 844],
      ]) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: `${SHOTS}/pdv-offline-banner-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  }
  const unsynced = `${SALES} vendas não enviadas · ${formatBRL(total)}`;
  await expect(banner(page)).toContainText(unsynced);

  // A customer steps away: the sale is reserved on the terminal (F8), not refused.
  const search = page.getByLabel('Buscar produto ou ler código de barras');
  await search.fill(`2*${pastel.sku}`);
  await search.press('Enter');
  await page.keyboard.press('F8');
  const reserving = page.getByRole('dialog', { name: 'Reservar venda' });
  await reserving.getByLabel('Nome do cliente (opcional)').fill('Mesa 5 sem rede');
  await reserving.getByRole('button', { name: /Reservar/ }).click();
  await expect(page.getByText('Venda reservada neste terminal')).toBeVisible();
  await expect(page.getByTestId('pdv-total')).toHaveText(formatBRL(0));

  // A reload, then the tab closed and opened again: all still on the terminal.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(banner(page)).toContainText(unsynced, { timeout: 30_000 });
  await page.close();
  page = await openPdv(context);
  await expect(banner(page)).toContainText(unsynced, { timeout: 30_000 });
  await page.keyboard.press('F3');
  const reservedList = page.getByRole('dialog', { name: 'Vendas reservadas' });
  const kept = reservedList.getByRole('listitem').filter({ hasText: 'Mesa 5 sem rede' });
  await expect(kept).toContainText('Neste terminal');
  await expect(kept).toContainText(formatBRL(2 * PRICE));
  await page.screenshot({ path: `${SHOTS}/pdv-offline-reserved-1280.png` });
  await page.keyboard.press('Escape');

  // Signing out and closing the register wait for the sales, and say why.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByText('Há vendas não enviadas').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/cashier$/);
  await page.getByRole('tablist').getByRole('tab', { name: 'Fechar Caixa' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Há vendas não enviadas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fechar Caixa', exact: true })).toBeDisabled();
  await page.getByRole('tablist').getByRole('tab', { name: 'PDV' }).click();

  // A second tab of the same terminal; the connection returns to both at the same moment.
  const second = await openPdv(context);
  await expect(banner(second)).toContainText(unsynced, { timeout: 30_000 });
  await context.setOffline(false);
  // Twenty sends one after the other: each tab's count clears once the run that holds the lock ends.
  for (const p of [page, second]) {
    await expect(banner(p)).toBeHidden({ timeout: 60_000 });
    await expect(p.getByTestId('unsynced-summary')).toBeHidden({ timeout: 120_000 });
  }

  // The owner's client sat idle for minutes: its kept-alive socket may be closed by the server by now,
  // so the checks read through a new context with the same session.
  const checkContext = await browser.newContext({ baseURL: origin, storageState: await ownerContext.storageState() });
  const check = checkContext.request;
  const state = await (await check.get('/api/admin/cashier/session')).json();
  expect(state.session.totals.salesCount).toBe(SALES);
  expect(state.session.totals.cashSales).toBe(total);
  expect(state.session.totals.expectedCash).toBe(OPENING + total);
  const history = await (await check.get('/api/admin/cashier/history')).json();
  expect(history).toHaveLength(SALES);
  // The reservation reached the server too, once, for every terminal's list.
  await expect
    .poll(async () =>
      (await (await check.get('/api/admin/cashier/reserved-sales')).json()).map(
        (r: { customerName: string }) => r.customerName,
      ),
    )
    .toEqual(['Mesa 5 sem rede']);

  // Now the cashier may leave.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth/);

  // Installable as Chrome judges it (decision 058). A persistent profile: an incognito one never is.
  const profile = await chromium.launchPersistentContext('', {
    ...launchOptions,
    baseURL: origin,
    serviceWorkers: 'allow',
  });
  try {
    const login = await profile.request.post('/api/auth/login', {
      headers: { origin },
      data: { email, password: PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const tablet = profile.pages()[0] ?? (await profile.newPage());
    await tablet.goto('/admin/cashier');
    await readyOffline(tablet);
    const cdp = await profile.newCDPSession(tablet);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${origin}/admin/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
  } finally {
    await profile.close();
  }
  await checkContext.close();
  await ownerContext.close();
});
