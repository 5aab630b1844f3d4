import { type Browser, expect, type Page, test } from '@playwright/test';
import { registerCustomer, signUpOwner, unique } from './fixtures';

const week = Array.from({ length: 7 }, (_, dayOfWeek) => ({
  dayOfWeek,
  isClosed: false,
  openTime: '00:00',
  closeTime: '23:59',
}));

/** A restaurant of its own (no other test sells there), open around the clock, with one R$ 50,00 pizza. */
async function createShop(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 800 },
  });
  const request = context.request;
  const headers = { origin: baseURL };
  const slug = await signUpOwner(request, baseURL, {
    name: 'Dona Painel',
    company: 'Pizzaria Painel',
    emailPrefix: 'painel',
  });
  expect((await request.put('/api/admin/hours', { headers, data: { hours: week } })).ok()).toBeTruthy();
  const product = await request.post('/api/admin/products', { headers, data: { name: 'Pizza da Casa', price: 5000 } });
  expect(product.ok(), await product.text()).toBeTruthy();
  const methods: Record<string, string> = {};
  for (const name of ['Dinheiro', 'Cartão de Débito']) {
    const res = await request.post('/api/admin/payment-methods', {
      headers,
      data: { name, requiresChange: name === 'Dinheiro' },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    methods[name] = (await res.json()).paymentMethod.id;
  }
  return { context, request, slug, productId: (await product.json()).product.id as string, methods };
}

async function placePickupOrder(page: Page, baseURL: string, slug: string, productId: string) {
  const headers = { origin: baseURL };
  await registerCustomer(page.request, baseURL, slug, 'Cliente Painel');
  const options = await (await page.request.get(`/api/public/restaurants/${slug}/checkout-options`)).json();
  const cash = options.paymentMethods.find((m: { name: string }) => m.name === 'Dinheiro');
  const placed = await page.request.post('/api/customer/orders', {
    headers,
    data: {
      items: [{ productId, quantity: 1 }],
      deliveryType: 'pickup',
      name: 'Cliente Painel',
      phone: '11987654321',
      paymentMethod: cash.id,
      cashReceived: 5000,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).order as { id: string; number: number };
}

test("the owner's dashboard grows live as a storefront order and a PDV sale come in", async ({
  browser,
  baseURL,
  page,
}) => {
  const shop = await createShop(browser, baseURL!);
  const owner = await shop.context.newPage();
  await owner.goto('/admin');
  await expect(owner.getByRole('heading', { level: 1, name: 'Hoje' })).toBeVisible();
  const sales = owner.getByRole('group', { name: 'Vendas' });
  await expect(sales).toContainText('R$ 0,00');
  await expect(owner.getByRole('group', { name: 'Pedidos' })).toContainText('0');
  await expect(owner.getByText('Nenhuma venda nos últimos 7 dias')).toBeVisible();
  await expect(owner.getByText('ao vivo')).toBeVisible();

  // A customer orders on the storefront: the open dashboard shows it without a reload.
  await placePickupOrder(page, baseURL!, shop.slug, shop.productId);
  await expect(sales).toContainText('R$ 50,00');
  await expect(owner.getByRole('listitem', { name: 'Pendentes: 1' })).toBeVisible();
  await expect(owner.getByRole('group', { name: 'Em andamento' })).toContainText('1');

  // The counter sells two pizzas on the PDV, paid by debit card.
  const headers = { origin: baseURL! };
  const open = await shop.request.post('/api/admin/cashier/session/open', { headers, data: { initialAmount: 0 } });
  expect(open.status(), await open.text()).toBe(201);
  const sale = await shop.request.post('/api/admin/cashier/sales', {
    headers: { ...headers, 'idempotency-key': `painel-${unique()}` },
    data: {
      items: [{ productId: shop.productId, quantity: 2 }],
      payments: [{ methodId: shop.methods['Cartão de Débito'], amount: 10000 }],
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  await expect(sales).toContainText('R$ 150,00');
  await expect(owner.getByRole('group', { name: 'Pedidos' })).toContainText('2');
  await expect(owner.getByRole('group', { name: 'Ticket médio' })).toContainText('R$ 75,00');
  const channels = owner.getByRole('region', { name: 'Canais de venda' });
  await expect(channels.getByRole('listitem').filter({ hasText: 'PDV' })).toContainText('R$ 100,00');
  await expect(channels.getByRole('listitem').filter({ hasText: 'Retirada' })).toContainText('R$ 50,00');
  const payments = owner.getByRole('region', { name: 'Formas de pagamento' });
  await expect(payments.getByRole('listitem').filter({ hasText: 'Débito' })).toContainText('R$ 100,00');
  await expect(payments.getByRole('listitem').filter({ hasText: 'Dinheiro' })).toContainText('R$ 50,00');
  await expect(owner.getByRole('listitem').filter({ hasText: 'Pizza da Casa' })).toContainText('3 un.');
  await shop.context.close();
});

test('the demo dashboard is full on first start; staff without reports keep the shortcuts', async ({
  browser,
  baseURL,
}) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ baseURL, viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    const login = await page.request.post('/api/auth/login', {
      headers: { origin: baseURL! },
      data: { email: 'dono@demo.com.br', password: 'demo1234' },
    });
    expect(login.ok()).toBeTruthy();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Hoje' })).toBeVisible();
    const month = page.getByText(/R\$ [\d.]+,\d{2} em [\d.]+ pedidos/);
    await expect(month).toBeVisible();
    // A month of history: hundreds of orders (the seed makes about twenty a day).
    expect(Number((await month.textContent())?.match(/em ([\d.]+) pedidos/)?.[1].replace('.', ''))).toBeGreaterThan(
      300,
    );
    await expect(page.getByText('Mais vendidos da semana')).toBeVisible();
    await expect(page.getByText('Nenhuma venda nos últimos 7 dias')).toHaveCount(0);
    await page.getByRole('tab', { name: '30 dias' }).click();
    for (const channel of ['Delivery', 'Retirada', 'Mesa', 'PDV'])
      await expect(
        page.getByRole('region', { name: 'Canais de venda' }).getByRole('listitem').filter({ hasText: channel }),
      ).toContainText(/[1-9][\d.]* pedidos/);
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`dashboard-${viewport.width}.png`), fullPage: true });
    await context.close();
  }

  const kitchen = await browser.newContext({ baseURL });
  const page = await kitchen.newPage();
  await page.request.post('/api/auth/login', {
    headers: { origin: baseURL! },
    data: { email: 'cozinha@demo.com.br', password: 'demo1234' },
  });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: /Bem-vindo\(a\)/ })).toBeVisible();
  await expect(page.getByText('Vendas por hora')).toHaveCount(0);
  expect((await page.request.get('/api/admin/dashboard')).status()).toBe(403);
  await kitchen.close();
});
