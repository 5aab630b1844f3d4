import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function staffPage(browser: Browser, baseURL: string, email: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL, viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const res = await context.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return { context, page: await context.newPage() };
}

/** A new storefront customer places a delivery order through the customer API (same rules as the checkout UI). */
async function placeOrder(request: APIRequestContext, baseURL: string) {
  const headers = { origin: baseURL };
  const reg = await request.post(`/api/public/restaurants/${DEMO}/customers/register`, {
    headers,
    data: {
      name: 'Cliente Operações',
      phone: '(11) 98765-4321',
      email: `ops-${unique()}@teste.com.br`,
      password: 'senha123',
      cep: '01327-000',
      address: 'Rua Treze de Maio',
      number: '1200',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
  });
  expect(reg.ok()).toBeTruthy();
  const menu = await (await request.get(`/api/public/restaurants/${DEMO}/menu`)).json();
  const product = menu.products.find(
    (p: { isPizza: boolean; variations: unknown[]; colors: unknown[]; controleEstoque: boolean; estoque: number }) =>
      !p.isPizza && p.variations.length === 0 && p.colors.length === 0 && (!p.controleEstoque || p.estoque > 10),
  );
  const options = await (await request.get(`/api/public/restaurants/${DEMO}/checkout-options`)).json();
  const cash = options.paymentMethods.find((m: { name: string }) => /dinheiro/i.test(m.name));
  const res = await request.post('/api/customer/orders', {
    headers: { ...headers, 'idempotency-key': `ops-${unique()}` },
    data: {
      items: [{ productId: product.id, quantity: 2 }],
      deliveryType: 'delivery',
      name: 'Cliente Operações',
      phone: '(11) 98765-4321',
      address: 'Rua Treze de Maio',
      number: '1200',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      cep: '01327-000',
      paymentMethod: cash.id,
      cashReceived: 100_000,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).order as { id: string; number: number };
}

async function setStatus(page: Page, number: number, label: string) {
  const card = page.getByRole('article', { name: `Pedido #${number}`, exact: true });
  await card.getByRole('combobox', { name: `Status do pedido #${number}` }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('a customer orders, the counter runs it live, the delivery person confirms with the phone digits', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  // The counter watches the board before the order exists.
  const counter = await staffPage(browser, base, 'balcao@demo.com.br');
  await counter.page.goto('/admin/orders');
  await expect(counter.page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();

  const customerContext = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
  });
  const customer = await customerContext.newPage();
  // What the board reads from here on: the orders events name, never the whole list again.
  const boardReads: string[] = [];
  counter.page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/admin/orders') boardReads.push(url.search);
  });
  const order = await placeOrder(customerContext.request, base);

  // Live: the card arrives through the event stream (no reload), with a toast.
  const card = counter.page.getByRole('article', { name: `Pedido #${order.number}`, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByText('Pendente', { exact: true }).first()).toBeVisible();
  await expect(card.getByText(order.id.slice(-8).toUpperCase())).toBeVisible();

  await customer.goto('/customer-dashboard');
  await expect(customer.getByText('Pendente').first()).toBeVisible();

  await setStatus(counter.page, order.number, 'Preparando');
  await expect(counter.page.getByText('Status atualizado!').first()).toBeVisible();
  await expect(card.getByText('Preparando', { exact: true }).first()).toBeVisible();
  await expect(customer.getByText('Preparando').first()).toBeVisible();

  await setStatus(counter.page, order.number, 'Pronto');
  await expect(card.getByText('Pronto', { exact: true }).first()).toBeVisible();
  await expect(customer.getByText('Pronto').first()).toBeVisible();
  const namedRead = boardReads.findIndex((q) => q.includes(`ids=${order.id}`));
  expect(namedRead, boardReads.join('\n')).toBeGreaterThanOrEqual(0);
  expect(boardReads.slice(namedRead).filter((q) => !q.includes('ids='))).toEqual([]);

  // Sending it out asks for a delivery person.
  await setStatus(counter.page, order.number, 'Saiu para Entrega');
  const choose = counter.page.getByRole('dialog', { name: 'Escolher Entregador' });
  await expect(choose).toBeVisible();
  await choose.getByRole('button', { name: 'Confirmar' }).click();
  await expect(choose.getByText('É obrigatório escolher um entregador para pedidos de delivery.')).toBeVisible();
  await choose.getByRole('combobox', { name: 'Entregador' }).click();
  await counter.page.getByRole('option', { name: 'Rafael Santos' }).click();
  await choose.getByRole('button', { name: 'Confirmar' }).click();
  await expect(choose).toBeHidden();
  await expect(card.getByText('Saiu para Entrega', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('Rafael Santos')).toBeVisible();
  await expect(customer.getByText('Saiu para Entrega').first()).toBeVisible();

  // The delivery person, on a phone, sees only this order and confirms it with the last 4 digits.
  const rider = await staffPage(browser, base, 'entregador@demo.com.br', { width: 390, height: 844 });
  await rider.page.goto('/admin/orders');
  await expect(rider.page.getByRole('heading', { name: 'Minhas Entregas' })).toBeVisible();
  const riderCard = rider.page.getByRole('article', { name: `Pedido #${order.number}`, exact: true });
  await expect(riderCard).toBeVisible();
  // Only the orders sent out with him, never another courier's: the demo's history and the order it has on
  // the way are Paulo Ribeiro's. (Other specs may send Rafael their own orders meanwhile.)
  const board = (await (await counter.context.request.get('/api/admin/orders?limit=500')).json()).orders as {
    number: number;
    status: string;
    deliveryEmployee: { name: string } | null;
  }[];
  const paulos = board.filter((o) => o.deliveryEmployee?.name === 'Paulo Ribeiro');
  expect(paulos.some((o) => o.status === 'out_for_delivery')).toBe(true);
  for (const o of paulos.slice(0, 40))
    await expect(rider.page.getByRole('article', { name: `Pedido #${o.number}`, exact: true })).toHaveCount(0);
  await riderCard.getByRole('button', { name: 'Confirmar Entrega' }).click();
  const confirm = rider.page.getByRole('dialog', { name: 'Confirmar Entrega' });
  const digits = confirm.getByLabel('4 últimos dígitos do telefone');
  await digits.fill('12a');
  await expect(digits).toHaveValue('12');
  await digits.fill('1234');
  await confirm.getByRole('button', { name: 'Confirmar Entrega' }).click();
  await expect(rider.page.getByText('Telefone incorreto').first()).toBeVisible();
  await digits.fill('4321');
  await confirm.getByRole('button', { name: 'Confirmar Entrega' }).click();
  await expect(rider.page.getByText('Entrega confirmada!').first()).toBeVisible();
  await expect(riderCard.getByText('Entregue', { exact: true }).first()).toBeVisible();

  await expect(card.getByText('Entregue', { exact: true }).first()).toBeVisible();
  await expect(customer.getByText('Entregue').first()).toBeVisible();

  await rider.context.close();
  await counter.context.close();
  await customerContext.close();
});

test('a board filtered to the pending orders gains and loses them live, as others change them', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const counter = await staffPage(browser, base, 'balcao@demo.com.br', { width: 390, height: 844 });
  await counter.page.goto('/admin/orders');
  await counter.page.getByRole('combobox', { name: 'Filtrar por status' }).click();
  await counter.page.getByRole('option', { name: 'Pendentes' }).click();
  const customerContext = await browser.newContext({ baseURL: base, locale: 'pt-BR' });
  const order = await placeOrder(customerContext.request, base);
  const card = counter.page.getByRole('article', { name: `Pedido #${order.number}`, exact: true });
  await expect(card).toBeVisible();

  // The kitchen starts it on another screen: it leaves this board's pending list without a reload.
  const kitchen = await staffPage(browser, base, 'cozinha@demo.com.br');
  const started = await kitchen.context.request.patch(`/api/admin/orders/${order.id}/status`, {
    headers: { origin: base },
    data: { status: 'preparing' },
  });
  expect(started.ok(), await started.text()).toBe(true);
  await expect(card).toBeHidden();

  // Under "Preparando" it is there, as the kitchen left it.
  await counter.page.getByRole('combobox', { name: 'Filtrar por status' }).click();
  await counter.page.getByRole('option', { name: 'Preparando' }).click();
  await expect(card.getByText('Preparando', { exact: true }).first()).toBeVisible();
  await counter.context.close();
  await kitchen.context.close();
  await customerContext.close();
});
