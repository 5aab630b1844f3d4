import { type APIRequestContext, type Browser, expect, type Request, test } from '@playwright/test';
import { openAroundTheClock, registerCustomer, signUpOwner, unique } from './fixtures';

type Shop = { slug: string; owner: APIRequestContext; cookEmail: string; pizzaId: string; drinkId: string };

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}

/**
 * A restaurant of its own, open around the clock, with two stations (Pizzas, Bebidas), a pizza with a
 * size and an add-on, a soft drink, cash payment and a cook; the owner's request context stays signed in.
 */
async function createShop(browser: Browser, baseURL: string): Promise<Shop> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const owner = context.request;
  const headers = { origin: baseURL };
  const slug = await signUpOwner(owner, baseURL, { name: 'Dona Cozinha', company: 'Cantina', emailPrefix: 'kds' });
  await openAroundTheClock(owner, baseURL);
  const station = async (name: string) =>
    (
      await ok<{ station: { id: string } }>(
        await owner.post('/api/admin/kitchen/stations', { headers, data: { name } }),
      )
    ).station.id;
  const pizzas = await station('Pizzas');
  const bebidas = await station('Bebidas');
  const product = async (data: Record<string, unknown>) =>
    (await ok<{ product: { id: string } }>(await owner.post('/api/admin/products', { headers, data }))).product.id;
  const pizzaId = await product({
    name: 'Pizza Calabresa',
    price: 4500,
    stationId: pizzas,
    variations: [{ id: 'grande', name: 'Grande', priceModifier: 1000 }],
    addons: [{ id: 'borda', name: 'Borda de catupiry', price: 800 }],
  });
  const drinkId = await product({ name: 'Guaraná 2L', price: 1200, stationId: bebidas });
  await ok(await owner.post('/api/admin/payment-methods', { headers, data: { name: 'Dinheiro' } }));
  const { profile } = await ok<{ profile: { id: string } }>(
    await owner.post('/api/admin/profiles', {
      headers,
      data: { name: 'Cozinha', type: 'kitchen', permissions: { manage_orders: true, manage_kitchen: true } },
    }),
  );
  const cookEmail = `cozinheiro-${unique()}@teste.com.br`;
  await ok(
    await owner.post('/api/admin/employees', {
      headers,
      data: { name: 'Antônio Cozinheiro', email: cookEmail, password: 'senha-forte-123', profileId: profile.id },
    }),
  );
  return { slug, owner, cookEmail, pizzaId, drinkId };
}

/** A storefront customer orders a large pizza with an add-on and a note, and a soft drink, to pick up. */
async function placeOrder(request: APIRequestContext, baseURL: string, shop: Shop) {
  const headers = { origin: baseURL };
  await registerCustomer(request, baseURL, shop.slug, 'Cliente Cozinha');
  const options = await (await request.get(`/api/public/restaurants/${shop.slug}/checkout-options`)).json();
  const cash = options.paymentMethods.find((m: { name: string }) => m.name === 'Dinheiro');
  const created = await ok<{ order: { id: string; number: number } }>(
    await request.post('/api/customer/orders', {
      headers: { ...headers, 'idempotency-key': `kds-${unique()}` },
      data: {
        restaurantSlug: shop.slug,
        items: [
          { productId: shop.pizzaId, quantity: 1, variationId: 'grande', addonIds: ['borda'], notes: 'sem cebola' },
          { productId: shop.drinkId, quantity: 2 },
        ],
        deliveryType: 'pickup',
        name: 'Cliente Cozinha',
        phone: '11987654321',
        paymentMethod: cash.id,
      },
    }),
  );
  return created.order;
}

test('a cook sees a storefront order arrive live, filters by station, marks it Pronto and the board shows Pronto', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const shop = await createShop(browser, base);

  // The owner keeps the orders board open; the cook keeps the kitchen screen open on a 1024×768 tablet.
  const ownerPage = await shop.owner.storageState().then(async (state) => {
    const ctx = await browser.newContext({
      baseURL: base,
      storageState: state,
      viewport: { width: 1280, height: 800 },
    });
    return ctx.newPage();
  });
  await ownerPage.goto('/admin/orders');
  await expect(ownerPage.getByRole('heading', { name: 'Pedidos' })).toBeVisible();

  const cookContext = await browser.newContext({
    baseURL: base,
    viewport: { width: 1024, height: 768 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  await ok(
    await cookContext.request.post('/api/auth/login', {
      headers: { origin: base },
      data: { email: shop.cookEmail, password: 'senha-forte-123' },
    }),
  );
  const cook = await cookContext.newPage();
  let kitchenReads = 0;
  let readsInFlight = 0;
  const isKitchenRead = (url: string) => new URL(url).pathname === '/api/admin/kitchen/board';
  cook.on('request', (r) => {
    if (!isKitchenRead(r.url())) return;
    kitchenReads += 1;
    readsInFlight += 1;
  });
  const settled = (r: Request) => {
    if (isKitchenRead(r.url())) readsInFlight -= 1;
  };
  cook.on('requestfinished', settled);
  cook.on('requestfailed', settled);
  await cook.goto('/admin/kitchen');
  await expect(cook.getByRole('heading', { name: 'Cozinha', exact: true })).toBeVisible();
  await expect(cook.getByText('Nenhum pedido em preparo')).toBeVisible();
  // Its reads when it opened and when its live stream connected are over.
  await expect(cook.getByText('Atualizando ao vivo')).toBeAttached();
  await expect.poll(() => readsInFlight).toBe(0);
  const readsBefore = kitchenReads;
  const customer = await browser.newContext({ baseURL: base, locale: 'pt-BR' });
  const order = await placeOrder(customer.request, base, shop);
  const label = `Pedido #${order.number}`;

  // Still pending: not the kitchen's yet. The counter accepts it on the board.
  const boardCard = ownerPage.getByRole('article', { name: label, exact: true });
  await expect(boardCard).toBeVisible();
  await boardCard.getByRole('combobox', { name: `Status do pedido #${order.number}` }).click();
  await ownerPage.getByRole('option', { name: 'Preparando', exact: true }).click();

  // It reaches the kitchen without a reload, announced, with everything the cook needs.
  const card = cook.getByRole('article', { name: label, exact: true });
  await expect(card).toBeVisible();
  await expect(cook.getByText('Novo pedido na cozinha!')).toBeVisible();
  await expect(card.getByText('Pizza Calabresa')).toBeVisible();
  await expect(card.getByText('Tamanho: Grande')).toBeVisible();
  await expect(card.getByText('+ Borda de catupiry')).toBeVisible();
  await expect(card.getByText('Obs: sem cebola')).toBeVisible();
  await expect(card.getByText('Guaraná 2L')).toBeVisible();
  await expect(card.getByText('Retirada')).toBeVisible();
  // The kitchen read its board once for the order: when it entered preparation, not when it arrived pending.
  expect(kitchenReads - readsBefore).toBe(1);

  // The drinks station sees only the drinks of the order.
  await cook.getByRole('button', { name: 'Bebidas', exact: true }).click();
  await expect(card.getByText('Guaraná 2L')).toBeVisible();
  await expect(card.getByText('Pizza Calabresa')).toHaveCount(0);
  await expect(card.getByText('+ 1 item em outras estações')).toBeVisible();
  await cook.getByRole('button', { name: 'Pizzas', exact: true }).click();
  await expect(card.getByText('Pizza Calabresa')).toBeVisible();
  await expect(card.getByText('Guaraná 2L')).toHaveCount(0);
  // The tablet remembers its station.
  await cook.reload();
  await expect(cook.getByRole('button', { name: 'Pizzas', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await card.getByRole('button', { name: `Marcar ${label} como pronto` }).click();
  await expect(cook.getByText(`${label} pronto!`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(cook.getByText('Nenhum pedido em preparo')).toBeVisible();

  // The board follows: the order now reads Pronto.
  await expect(boardCard.getByRole('combobox', { name: `Status do pedido #${order.number}` })).toHaveText('Pronto');

  await cookContext.close();
  await customer.close();
});

test('the owner creates a station, puts a product in it from the product form and sets the timer thresholds', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const context = await browser.newContext({ baseURL: base, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  const headers = { origin: base };
  await signUpOwner(context.request, base, { name: 'Dono Estações', company: 'Cantina', emailPrefix: 'kds-dono' });
  await ok(await context.request.post('/api/admin/products', { headers, data: { name: 'Tiramisù', price: 1900 } }));
  const page = await context.newPage();

  await page.goto('/admin/kitchen-settings');
  await expect(page.getByText('Nenhuma estação criada')).toBeVisible();
  await page.getByRole('button', { name: 'Nova Estação' }).click();
  await page.getByLabel('Nome').fill('Sobremesas');
  await page.getByRole('button', { name: 'Criar', exact: true }).click();
  await expect(page.getByText('Estação criada!')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Sobremesas', exact: true })).toBeVisible();

  // Red must come after amber; the field says so and nothing is saved.
  await page.getByLabel('Amarelo após (minutos)').fill('20');
  await page.getByLabel('Vermelho após (minutos)').fill('10');
  await page.getByRole('button', { name: 'Salvar tempos' }).click();
  await expect(page.getByText('O tempo do alerta vermelho deve ser maior que o do amarelo.')).toBeVisible();
  await page.getByLabel('Vermelho após (minutos)').fill('30');
  await page.getByRole('button', { name: 'Salvar tempos' }).click();
  await expect(page.getByText('Tempos da cozinha salvos!')).toBeVisible();
  const saved = await (await context.request.get('/api/admin/kitchen/settings')).json();
  expect(saved.thresholds).toEqual({ warnMinutes: 20, lateMinutes: 30 });

  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Editar Tiramisù' }).click();
  await page.getByRole('combobox', { name: 'Estação da cozinha' }).click();
  await page.getByRole('option', { name: 'Sobremesas', exact: true }).click();
  await page.getByRole('button', { name: 'Atualizar Produto' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/admin/kitchen-settings');
  await expect(page.getByRole('row', { name: /Sobremesas/ }).getByText('1 produto')).toBeVisible();
  await context.close();
});
