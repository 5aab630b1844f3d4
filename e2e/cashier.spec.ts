import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO_LOGINS, expect, type StaffPageOpener, test, unique } from './fixtures';

/*
 * A cashier's shift in the PDV of the demo restaurant, keyboard first: open the register, scan, split a
 * payment between a local PIX QR and cash with change, park a sale, reload, resume and finish it, take
 * a sangria and close blind; then the owner finds the sales in Relatórios and Histórico and exports the
 * CSV. The journey runs as one test: the restaurant has a single cash drawer.
 */

const SCREENS = '.tmp/screens';

const reais = (value: number) => (value / 100).toFixed(2).replace('.', ',');

type Catalog = {
  products: {
    id: string;
    name: string;
    price: number;
    sku: string | null;
    codigoBarras: string | null;
    controleEstoque: boolean;
    estoque: number;
    variations: unknown[];
    colors: unknown[];
    addons: unknown[];
    maxFlavors: number | null;
  }[];
  categories: { id: string }[];
  paymentMethods: { id: string; name: string; pixQr: boolean; requiresChange: boolean }[];
};

/**
 * The owner makes sure the PDV can do what the journey needs: a simple product with a barcode, a PIX
 * key with a PIX method without provider (local QR), and no session left open.
 */
async function prepare(owner: APIRequestContext, baseURL: string) {
  const headers = { origin: baseURL };
  const state = await (await owner.get('/api/admin/cashier/session')).json();
  if (state.session) {
    const closed = await owner.post('/api/admin/cashier/session/close', { data: {}, headers });
    expect(closed.ok(), await closed.text()).toBeTruthy();
  }
  let catalog: Catalog = await (await owner.get('/api/admin/cashier/catalog')).json();
  const simple = (p: Catalog['products'][number]) =>
    p.variations.length === 0 &&
    p.colors.length === 0 &&
    p.addons.length === 0 &&
    !p.maxFlavors &&
    (!p.controleEstoque || p.estoque > 10);

  let scanned = catalog.products.find((p) => p.codigoBarras && /^\d{8,14}$/.test(p.codigoBarras) && simple(p));
  if (!scanned) {
    const barcode = `789${String(Date.now()).slice(-10)}`;
    const res = await owner.post('/api/admin/products', {
      headers,
      data: {
        name: `Água Tônica ${unique()}`,
        price: 650,
        categoryId: catalog.categories[0]?.id ?? null,
        codigoBarras: barcode,
        controleEstoque: true,
        estoque: 40,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  if (!catalog.paymentMethods.some((m) => m.pixQr)) {
    const pix = await owner.put('/api/admin/cashier/pix-settings', {
      headers,
      data: { key: '12345678000195', keyType: 'cnpj', merchantName: 'Pizzaria Demo', merchantCity: 'Sao Paulo' },
    });
    expect(pix.ok(), await pix.text()).toBeTruthy();
    if (!catalog.paymentMethods.some((m) => /pix/i.test(m.name) && m.pixQr)) {
      const method = await owner.post('/api/admin/payment-methods', {
        headers,
        data: { name: 'PIX no balcão', icon: '💠', infinitepayEnabled: false },
      });
      expect(method.status(), await method.text()).toBe(201);
    }
  }
  catalog = await (await owner.get('/api/admin/cashier/catalog')).json();
  scanned = catalog.products.find((p) => p.codigoBarras && /^\d{8,14}$/.test(p.codigoBarras) && simple(p))!;
  const second = catalog.products.find((p) => p.id !== scanned!.id && p.sku && simple(p))!;
  expect(scanned).toBeTruthy();
  expect(second).toBeTruthy();
  return { scanned, second, methods: catalog.paymentMethods };
}

/** Picks a payment method with its number key (the buttons show 1..9). */
async function pressMethod(page: Page, name: RegExp) {
  const radios = page.getByRole('radiogroup', { name: 'Forma de pagamento' }).getByRole('radio');
  await expect(radios.first()).toBeFocused();
  const labels = await radios.allInnerTexts();
  const index = labels.findIndex((l) => name.test(l.replace(/^\d\s*/, '')));
  expect(index, `method ${name} in ${labels.join(' | ')}`).toBeGreaterThanOrEqual(0);
  await page.keyboard.press(String(index + 1));
  await expect(page.getByLabel('Valor', { exact: true })).toBeFocused();
}

/** The PDV with the admin shell (sidebar) at the two counter screen sizes, with a line in the cart. */
async function adminScreens(staffPage: StaffPageOpener, code: string) {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    const { context, page } = await staffPage(DEMO_LOGINS.admin, { viewport });
    await page.goto('/admin/cashier');
    await expect(page.getByLabel('Buscar produto ou ler código de barras')).toBeFocused();
    await page.keyboard.type(`2*${code}`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Carrinho' }).getByLabel(/^Quantidade de/)).toHaveValue('2');
    await page.screenshot({ path: `${SCREENS}/pdv-admin-${viewport.width}.png` });
    await page.keyboard.press('F4');
    await expect(page.getByRole('dialog', { name: 'Pagamento' })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/pdv-admin-payment-${viewport.width}.png` });
    await context.close();
  }
}

/** A fresh browser context at the counter's size, for a restaurant signed up through the API. */
async function counterContext(browser: Browser, base: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  return { headers: { origin: base }, context, api: context.request };
}

/** The total in the cart panel, once it shows `value`. */
async function expectTotal(page: Page, value: number) {
  await expect(page.getByTestId('pdv-total')).toHaveText(`R$ ${reais(value).replace(/\B(?=(\d{3})+,)/g, '.')}`);
}

test('a cashier runs a shift in the PDV and the owner reads it in the reports', async ({ baseURL, staffPage }) => {
  // A whole shift, three screen sizes and every report: about 4 minutes in CI with the integration suites
  // sharing the two cores (it reached its last step as 240 s ran out).
  test.setTimeout(480_000);
  const base = baseURL!;
  const owner = await staffPage(DEMO_LOGINS.owner, { acceptDownloads: true });
  const { scanned, second } = await prepare(owner.context.request, base);

  const { context, page } = await staffPage(DEMO_LOGINS.cashier, { acceptDownloads: true });
  await page.goto('/admin/cashier');

  // Cashier-only: PDV, Fechar Caixa and Sangria, no sidebar.
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab')).toHaveText(['PDV', 'Fechar Caixa', 'Sangria']);
  await expect(page.getByRole('link', { name: 'Produtos' })).toHaveCount(0);

  // Open the register with R$ 100 (keyboard: the button is focused, the amount too).
  await expect(page.getByRole('heading', { name: 'Caixa Fechado' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir Caixa' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Valor inicial')).toBeFocused();
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Caixa aberto', { exact: true }).first()).toBeVisible();

  // The search is focused: an unknown code, then a USB scanner (digits + Enter), then a SKU.
  const search = page.getByLabel('Buscar produto ou ler código de barras');
  await expect(search).toBeFocused();
  await page.keyboard.type('0000000000');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Nenhum produto encontrado com o código: 0000000000')).toBeVisible();
  await page.keyboard.type(scanned.codigoBarras!);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Item adicionado').first()).toBeVisible();
  await page.keyboard.type(second.sku!);
  await page.keyboard.press('Enter');
  const cart = page.getByRole('region', { name: 'Carrinho' });
  await expect(cart.getByText(scanned.name)).toBeVisible();
  await expect(cart.getByText(second.name)).toBeVisible();
  const firstTotal = scanned.price + second.price;
  await expectTotal(page, firstTotal);
  await page.screenshot({ path: `${SCREENS}/pdv-cashier-1280.png` });
  // The cashier-only layout on a phone, then back to the counter screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/pdv-cashier-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await search.focus();
  await adminScreens(staffPage, scanned.codigoBarras!);

  // F4: half PIX (QR of the exact amount shown), the rest in cash with change.
  await page.keyboard.press('F4');
  const dialog = page.getByRole('dialog', { name: 'Pagamento' });
  await expect(dialog).toBeVisible();
  const pixPart = Math.floor(firstTotal / 2);
  const cashPart = firstTotal - pixPart;
  await pressMethod(page, /^PIX no balcão|^PIX$/);
  await expect(page.getByLabel('Valor', { exact: true })).toBeFocused();
  await page.keyboard.type(reais(pixPart));
  await expect(dialog.getByRole('img', { name: `QR Code PIX de R$ ${reais(pixPart)}` })).toBeVisible();
  await expect(dialog.getByLabel('PIX copia e cola')).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
  await page.screenshot({ path: `${SCREENS}/pdv-payment-pix-1280.png` });
  await page.keyboard.press('Enter');
  await pressMethod(page, /^Dinheiro/);
  await expect(page.getByLabel('Valor', { exact: true })).toHaveValue(reais(cashPart));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Valor recebido')).toBeFocused();
  const received = Math.ceil((cashPart + 1) / 1000) * 1000; // next R$ 10 note above
  await page.keyboard.type(reais(received));
  await page.keyboard.press('Enter');
  await expect(
    dialog.getByText(`Recebido R$ ${reais(received)} · troco R$ ${reais(received - cashPart)}`),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Finalizar Venda/ })).toBeFocused();
  await page.keyboard.press('F4');
  await expect(page.getByText('Venda finalizada!').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(search).toBeFocused();
  const firstNumber = Number((await page.getByText(/^Última venda #\d+$/).textContent())?.replace(/\D/g, ''));
  await expect(page.getByRole('status').getByText(`Troco R$ ${reais(received - cashPart)}`)).toBeVisible();

  // The owner watches today's report while the shift goes on.
  const o = owner.page;
  await o.goto('/admin/cashier');
  await o.getByRole('tab', { name: 'Relatórios' }).click();
  const salesToday = o.locator('dt:text-is("Vendas") + dd');
  await expect(salesToday).toHaveText(/^\d+$/);
  const countBefore = Number(await salesToday.textContent());

  // A second sale is reserved under a name…
  await page.keyboard.type(`3*${scanned.codigoBarras}`);
  await page.keyboard.press('Enter');
  await expect(cart.getByLabel(`Quantidade de ${scanned.name}`)).toHaveValue('3');
  const secondTotal = scanned.price * 3;
  await expectTotal(page, secondTotal);
  await page.keyboard.press('F8');
  await expect(page.getByLabel('Nome do cliente (opcional)')).toBeFocused();
  await page.keyboard.type('Dona Maria');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Venda reservada').first()).toBeVisible();
  await expectTotal(page, 0);

  // …survives a reload, and is resumed and finished in cash.
  await page.reload();
  await expect(search).toBeFocused();
  await expect(page.getByRole('button', { name: /Vendas reservadas/ })).toContainText('1');
  await page.keyboard.press('F3');
  const reservedDialog = page.getByRole('dialog', { name: 'Vendas reservadas' });
  await expect(reservedDialog.getByText('Dona Maria')).toBeVisible();
  await expect(reservedDialog.getByRole('button', { name: 'Continuar Venda' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Venda restaurada').first()).toBeVisible();
  await expect(search).toBeFocused();
  await expectTotal(page, secondTotal);
  await page.keyboard.press('F4');
  await pressMethod(page, /^Dinheiro/);
  await page.keyboard.press('Enter');
  await page.keyboard.type(reais(secondTotal));
  await page.keyboard.press('Enter');
  // F4 counts even with nothing focused, as between the covering payment's field going away and the
  // focus reaching "Finalizar Venda".
  await expect(page.getByRole('button', { name: /Finalizar Venda/ })).toBeFocused();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('F4');
  await expect(page.getByText('Venda finalizada!').first()).toBeVisible();
  const secondNumber = Number((await page.getByText(/^Última venda #\d+$/).textContent())?.replace(/\D/g, ''));
  expect(secondNumber).toBeGreaterThan(firstNumber);
  // …and the owner's report counts it at once (realtime, no reload).
  await expect(salesToday).toHaveText(String(countBefore + 1));

  // Sangria of R$ 20.
  await tabs.getByRole('tab', { name: 'Sangria' }).click();
  await page.getByLabel('Valor').fill('20');
  await page.getByLabel('Motivo').fill('Depósito no banco');
  await page.getByRole('button', { name: 'Registrar Sangria' }).click();
  await expect(page.getByText('Sangria registrada').first()).toBeVisible();

  // Blind close: no expected figures; the drawer is counted R$ 1,00 short.
  await tabs.getByRole('tab', { name: 'Fechar Caixa' }).click();
  await expect(page.getByText('Esperado na gaveta')).toHaveCount(0);
  const expectedCash = 10_000 + cashPart + secondTotal - 2_000;
  let left = expectedCash - 100;
  for (const d of [20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 25, 10, 5]) {
    const n = Math.floor(left / d);
    if (n === 0) continue;
    left -= n * d;
    const label = `${d >= 200 ? 'Nota' : 'Moeda'} de R$ ${reais(d)}`;
    await page.getByLabel(label, { exact: true }).fill(String(n));
  }
  expect(left).toBe(0);
  await expect(page.getByTestId('counted-cash')).toHaveText(
    `R$ ${reais(expectedCash - 100).replace(/\B(?=(\d{3})+,)/g, '.')}`,
  );
  await page.getByLabel('PIX', { exact: true }).fill(reais(pixPart));
  await page.screenshot({ path: `${SCREENS}/close-blind-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Fechar Caixa', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Fechar Caixa' }).click();
  await expect(page.getByText('Caixa fechado', { exact: true }).first()).toBeVisible();
  const result = page.getByRole('status', { name: 'Caixa fechado' });
  await expect(result.getByText('Diferença registrada')).toBeVisible();
  await expect(result.getByText('-R$ 1,00').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Caixa já foi fechado' })).toBeDisabled();

  await context.close();

  // The owner sees both sales in Relatórios and Histórico, the difference, and exports the CSV.
  await o.reload();
  await o.getByRole('tab', { name: 'Relatórios' }).click();
  await expect(o.getByText('Total vendido', { exact: true })).toBeVisible();
  await expect(o.getByText('Vendas por hora')).toBeVisible();
  await o.screenshot({ path: `${SCREENS}/reports-1280.png`, fullPage: true });
  await o.getByRole('tab', { name: 'Histórico' }).click();
  await expect(o.getByRole('row', { name: `Venda #${firstNumber}` })).toBeVisible();
  await expect(o.getByRole('row', { name: `Venda #${secondNumber}` })).toContainText('Dona Maria');
  await o.getByRole('row', { name: `Venda #${firstNumber}` }).click();
  const detail = o.getByRole('dialog', { name: `Venda #${firstNumber}` });
  await expect(detail.getByText(`troco R$ ${reais(received - cashPart)}`)).toBeVisible();
  await expect(detail.getByRole('img', { name: 'QR Code PIX da venda' })).toBeVisible();
  await o.keyboard.press('Escape');
  await expect(o.getByRole('cell', { name: '-R$ 1,00' }).first()).toBeVisible();
  await o.screenshot({ path: `${SCREENS}/history-1280.png`, fullPage: true });
  await o.getByRole('tab', { name: 'Conciliação' }).click();
  await expect(o.getByRole('cell', { name: 'Dinheiro' })).toBeVisible();
  await o.screenshot({ path: `${SCREENS}/conciliation-1280.png`, fullPage: true });

  await o.getByRole('tab', { name: 'Relatórios' }).click();
  await o.getByRole('button', { name: 'Relatório detalhado' }).click();
  const report = o.getByRole('dialog', { name: 'Relatório detalhado' });
  await expect(report.getByRole('cell', { name: `#${secondNumber}` })).toBeVisible();
  // The day by hour and by payment method, as in Relatórios.
  await expect(report.getByText('Vendas por hora')).toBeVisible();
  await expect(report.getByText('Por forma de pagamento')).toBeVisible();
  // Every door's sales of the day by where they came from; this restaurant sells only on its own.
  const sources = report.getByRole('region', { name: 'Vendas por canal' });
  await expect(sources.getByText('Próprio')).toBeVisible();
  await report.screenshot({ path: `${SCREENS}/daily-report-1280.png` });
  const [download] = await Promise.all([
    o.waitForEvent('download'),
    report.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toBe('Pedido;Cliente;Horário;Total;Pagamento;Status;Desconto;Desconto por;Taxa de serviço');
  const row = lines.find((l) => l.startsWith(`#${secondNumber};`))?.split(';');
  expect(row).toEqual([
    `#${secondNumber}`,
    'Dona Maria',
    expect.stringMatching(/^\d\d:\d\d$/),
    reais(secondTotal),
    'Dinheiro',
    'Entregue',
    '0,00',
    '',
    '0,00',
  ]);
  await owner.context.close();
});

test('without a PIX key, a provider PIX warns without a provider account, else opens the checkout in an 800×600 popup', async ({
  browser,
  baseURL,
}) => {
  const { headers, context, api } = await counterContext(browser, baseURL!);
  const signup = await api.post('/api/auth/signup', {
    headers,
    data: {
      name: 'Dona Popup',
      restaurantName: 'Lanchonete Popup',
      email: `pdv-${unique()}@teste.com.br`,
      password: 'senha-segura-1',
    },
  });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const barcode = `789${String(Date.now()).slice(-10)}`;
  for (const [path, data] of [
    ['/api/admin/products', { name: 'X-Burger', price: 2500, codigoBarras: barcode }],
    ['/api/admin/payment-methods', { name: 'PIX', infinitepayEnabled: true }],
    ['/api/admin/cashier/session/open', { initialAmount: 0 }],
  ] as const) {
    const res = await api.post(path, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
  }

  const page = await context.newPage();
  await page.goto('/admin/cashier');
  const sellOnePix = async () => {
    await expect(page.getByLabel('Buscar produto ou ler código de barras')).toBeFocused();
    await page.keyboard.type(barcode);
    await page.keyboard.press('Enter');
    await expectTotal(page, 2500);
    await page.keyboard.press('F4');
    await pressMethod(page, /^PIX/);
    await expect(page.getByRole('radio', { name: /PIX/ })).toContainText('link de pagamento');
    await page.keyboard.press('Enter');
  };

  // No provider account yet: the sale is kept and the cashier is told to charge by hand.
  await sellOnePix();
  await page.keyboard.press('F4');
  await expect(page.getByText('Processe os pagamentos com cartão manualmente no app InfinitePay.')).toBeVisible();

  // With the provider account (InfinitePay handle) (InfinitePay handle) checkout links can be made.
  const { general } = await (await api.get('/api/admin/settings')).json();
  const settings = await api.put('/api/admin/settings/general', {
    headers,
    data: { ...general, appClientReferrer: 'lanchonete-popup' },
  });
  expect(settings.ok(), await settings.text()).toBeTruthy();
  await sellOnePix();
  const popupOpened = page.waitForEvent('popup');
  await page.keyboard.press('F4');
  const popup = await popupOpened;
  expect(popup.viewportSize()).toEqual({ width: 800, height: 600 });
  await expect(page.getByText('Venda finalizada!').first()).toBeVisible();

  // The simulator stands in for the provider; it returns through /payment-callback?pdv=true.
  await popup
    .getByRole('button', { name: /aprovar/i })
    .first()
    .click();
  await popup.waitForURL(/\/payment-callback\?.*pdv=true/);
  await expect(popup.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
  await popup.waitForEvent('close');
  await expect(page.getByLabel('Buscar produto ou ler código de barras')).toBeFocused();
  await context.close();
});

test('the PDV charges a pizza priced per size by its most expensive flavour what the server charges', async ({
  browser,
  baseURL,
}) => {
  const { headers, context, api } = await counterContext(browser, baseURL!);
  const post = async (path: string, data: unknown) => {
    const res = await api.post(path, { headers, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return res.json();
  };
  await post('/api/auth/signup', {
    name: 'Dona Pizza',
    companyName: `Pizzaria PDV ${unique()}`,
    email: `pdv-pizza-${unique()}@teste.com.br`,
    password: 'senha-segura-1',
  });
  // Calabresa has its own Grande (R$ 62,00); Muçarela counts at the pizza's Grande (R$ 55,00).
  const calabresa = (
    await post('/api/admin/products', {
      name: 'Calabresa',
      price: 4000,
      isPizza: true,
      variations: [{ name: 'Grande', price: 6200 }],
    })
  ).product;
  const mussarela = (await post('/api/admin/products', { name: 'Muçarela', price: 3500, isPizza: true })).product;
  await post('/api/admin/products', {
    name: 'Pizza Dois Sabores',
    price: 0,
    isPizza: true,
    allowsMultipleFlavors: true,
    maxFlavors: 2,
    flavorPricing: 'highest',
    pizzaFlavors: [calabresa.id, mussarela.id],
    variations: [
      { name: 'Broto', price: 3000 },
      { name: 'Grande', price: 5500 },
    ],
  });
  await post('/api/admin/payment-methods', { name: 'Dinheiro', requiresChange: true });
  await post('/api/admin/cashier/session/open', { initialAmount: 0 });

  const page = await context.newPage();
  await page.goto('/admin/cashier');
  await page.getByRole('button', { name: /^Pizza Dois Sabores/ }).click();
  const options = page.getByRole('dialog', { name: 'Pizza Dois Sabores' });
  await options.getByRole('button', { name: /^Grande/ }).click();
  await expect(options.getByRole('button', { name: /^Calabresa/ })).toContainText('R$ 62,00');
  await options.getByRole('button', { name: /^Calabresa/ }).click();
  await options.getByRole('button', { name: /^Muçarela/ }).click();
  await expect(options.getByRole('button', { name: /^Adicionar/ })).toContainText('R$ 62,00');
  await options.getByRole('button', { name: /^Adicionar/ }).click();
  await expectTotal(page, 6200);

  await page.keyboard.press('F4');
  const dialog = page.getByRole('dialog', { name: 'Pagamento' });
  await pressMethod(page, /^Dinheiro/);
  await expect(page.getByLabel('Valor', { exact: true })).toHaveValue(reais(6200));
  await page.keyboard.press('Enter');
  await page.keyboard.type(reais(6200));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: /Finalizar Venda/ })).toBeFocused();
  await page.keyboard.press('F4');
  await expect(page.getByText('Venda finalizada!').first()).toBeVisible();
  await context.close();
});

test('the owner closes a register never opened once however often, is asked before a sangria above the drawer, retypes a quantity and a reserved sale reaches another terminal live', async ({
  browser,
  baseURL,
}) => {
  const { headers, context, api } = await counterContext(browser, baseURL!);
  const post = async (path: string, data: unknown) => {
    const res = await api.post(path, { headers, data });
    expect(res.ok(), await res.text()).toBeTruthy();
  };
  const email = `pdv-gaveta-${unique()}@teste.com.br`;
  await post('/api/auth/signup', {
    name: 'Dona Gaveta',
    companyName: `Café Gaveta ${unique()}`,
    email,
    password: 'senha-segura-1',
  });
  await post('/api/admin/products', { name: 'Suco de Laranja', price: 800 });
  await post('/api/admin/payment-methods', { name: 'Dinheiro', requiresChange: true });

  // Nobody opened the register today: Fechar Caixa still closes it, and says so.
  const page = await context.newPage();
  await page.goto('/admin/cashier');
  const closeTab = page.getByRole('tablist').getByRole('tab', { name: 'Fechar Caixa' });
  await closeTab.click();
  await expect(
    page.getByText('Nenhum caixa aberto no momento. Fechar agora registra um caixa sem movimento.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Fechar Caixa', exact: true }).click();
  await expect(page.getByText('Caixa fechado', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Caixa já foi fechado' })).toBeDisabled();

  // After a reload it still reads so; a close sent again (another tab) records no second session.
  await page.reload();
  await closeTab.click();
  await expect(page.getByRole('button', { name: 'Caixa já foi fechado' })).toBeDisabled();
  await post('/api/admin/cashier/session/close', {});
  const sessions = await (await api.get('/api/admin/cashier/sessions')).json();
  expect(sessions).toHaveLength(1);

  // R$ 50,00 in the drawer; a sangria of R$ 100,00 asks the owner first, naming what the drawer holds.
  await post('/api/admin/cashier/session/open', { initialAmount: 5000 });
  await page.reload();
  await page.getByRole('tablist').getByRole('tab', { name: 'Sangria' }).click();
  // The owner sees the Suprimento form beside it: its fields are the Sangria's by id.
  await page.locator('#withdrawal-amount').fill('100');
  await page.locator('#withdrawal-reason').fill('Pagamento do gás');
  await page.getByRole('button', { name: 'Registrar Sangria' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Sangria maior que o caixa' });
  await expect(confirm).toContainText(
    /Há R\$\s50,00 em dinheiro no caixa\. Confirme para registrar uma sangria de R\$\s100,00\./,
  );
  await confirm.getByRole('button', { name: 'Registrar mesmo assim' }).click();
  await expect(page.getByText('Sangria registrada').first()).toBeVisible();
  await expect(confirm).toHaveCount(0);

  // The quantity box: clearing it to type another number keeps the line.
  await page.getByRole('tablist').getByRole('tab', { name: 'PDV' }).click();
  await page.getByRole('button', { name: /^Suco de Laranja/ }).click();
  const quantity = page.getByRole('region', { name: 'Carrinho' }).getByLabel('Quantidade de Suco de Laranja');
  await expect(quantity).toHaveValue('1');
  await quantity.fill('');
  await expect(quantity).toBeVisible();
  await quantity.pressSequentially('3');
  await expect(quantity).toHaveValue('3');
  await expectTotal(page, 2400);
  // Leaving it empty keeps the last quantity; only a confirmed 0 removes the line.
  await quantity.fill('');
  await quantity.press('Tab');
  await expect(quantity).toHaveValue('3');
  await quantity.fill('0');
  await quantity.press('Enter');
  await expect(quantity).toHaveCount(0);

  // A second terminal sees a sale reserved here at once, without reloading.
  const other = await counterContext(browser, baseURL!);
  const login = await other.api.post('/api/auth/login', {
    headers: other.headers,
    data: { email, password: 'senha-segura-1' },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  const second = await other.context.newPage();
  await second.goto('/admin/cashier');
  await expect(second.getByRole('tablist').getByRole('tab', { name: 'PDV' })).toBeVisible();
  await expect(second.getByLabel(/vendas reservadas/)).toHaveCount(0);
  await page.getByRole('button', { name: /^Suco de Laranja/ }).click();
  await page.keyboard.press('F8');
  await page.getByLabel('Nome do cliente (opcional)').fill('Seu Jorge');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Venda reservada').first()).toBeVisible();
  await expect(second.getByLabel('1 vendas reservadas')).toBeVisible({ timeout: 5000 });
  await other.context.close();
  await context.close();
});
