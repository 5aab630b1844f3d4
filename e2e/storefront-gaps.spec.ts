import { type APIRequestContext, type Browser, expect, type Locator, test } from '@playwright/test';
import { registerCustomer, signUpOwner } from './fixtures';

const PHONE = { width: 390, height: 844 };

type Shop = { slug: string; juice: string; cake: string; bread: string };

/** A restaurant of its own, open all day: one juice and one cake left in stock, bread without stock control. */
async function openShop(request: APIRequestContext, origin: string): Promise<Shop> {
  const headers = { origin };
  await signUpOwner(request, origin, { name: 'Dona Lacuna', company: 'Lanchonete', emailPrefix: 'lacunas' });
  const hours = await request.put('/api/admin/hours', {
    headers,
    data: {
      hours: Array.from({ length: 7 }, (_, day) => ({
        dayOfWeek: day,
        isClosed: false,
        openTime: '00:00',
        closeTime: '23:59',
      })),
    },
  });
  expect(hours.ok(), await hours.text()).toBeTruthy();
  const product = async (data: Record<string, unknown>) => {
    const res = await request.post('/api/admin/products', { headers, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).product.id as string;
  };
  const juice = await product({ name: 'Suco de Caju', price: 900, controleEstoque: true, estoque: 1 });
  const cake = await product({ name: 'Bolo de Pote', price: 1200, controleEstoque: true, estoque: 1 });
  const bread = await product({ name: 'Pão de Queijo', price: 500 });
  const settings = await (await request.get('/api/admin/settings')).json();
  return { slug: settings.general.slug as string, juice, cake, bread };
}

async function newCustomer(browser: Browser, origin: string, slug: string) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await registerCustomer(context.request, origin, slug, 'Cliente Lacuna');
  return { context, page: await context.newPage() };
}

/** Whether two elements' boxes overlap on screen. */
async function overlaps(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test.describe.configure({ mode: 'serial' });

let owner: { request: APIRequestContext; dispose: () => Promise<void> };
let shop: Shop;

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  owner = { request: context.request, dispose: () => context.close() };
  shop = await openShop(context.request, baseURL!);
});
test.afterAll(async () => {
  await owner?.dispose();
});

test('losing a stock race marks the cart line unavailable and keeps the error on the checkout', async ({
  browser,
  baseURL,
}) => {
  const me = await newCustomer(browser, baseURL!, shop.slug);
  const { page } = me;
  await page.goto(`/${shop.slug}`);
  const juiceCard = page.getByRole('article', { name: 'Suco de Caju', exact: true });
  await juiceCard.getByRole('button', { name: 'Adicionar' }).click();
  await page.getByRole('button', { name: /Ver carrinho/ }).click();
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  const checkout = page.getByRole('dialog', { name: 'Finalizar Pedido' });
  await checkout.getByText('Retirada', { exact: true }).click();
  await checkout.getByText('Dinheiro', { exact: true }).click();
  await checkout.getByLabel('Troco para quanto?').fill('50');

  // Someone else buys the last juice (with a bread) first.
  const rival = await newCustomer(browser, baseURL!, shop.slug);
  const bought = await rival.context.request.post('/api/customer/orders', {
    headers: { origin: baseURL! },
    data: {
      items: [
        { productId: shop.juice, quantity: 1 },
        { productId: shop.bread, quantity: 2 },
      ],
      deliveryType: 'pickup',
      name: 'Rival',
      phone: '11911112222',
      paymentMethod: 'cash',
      cashReceived: 5000,
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  await rival.context.close();

  await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
  const error = checkout.getByRole('alert').filter({ hasText: 'Estoque insuficiente' });
  await expect(error).toBeVisible();
  await expect(error).toContainText('Apenas 0 unidade(s) disponível(eis) em estoque.');
  await expect(error.getByRole('button', { name: 'Remover' })).toBeVisible();
  // The phone toast sits above the sheet, clear of its buttons.
  const toastBox = page.locator('[data-sonner-toast]').first();
  await expect(toastBox).toBeVisible();
  // Polled: the toast slides in from above before it settles.
  await expect.poll(() => overlaps(toastBox, checkout.getByRole('button', { name: 'Finalizar Pedido' }))).toBe(false);
  await expect.poll(() => overlaps(toastBox, checkout.getByRole('button', { name: 'Fechar' }))).toBe(false);
  await page.screenshot({ path: '.tmp/screens/storefront-gaps-checkout-stock-390.png' });

  // The error stays after the toast is gone, until the cart is dealt with.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expect(error).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(juiceCard.getByRole('button', { name: 'Esgotado' })).toBeVisible();
  await page.getByRole('button', { name: /Ver carrinho/ }).click();
  const cart = page.getByRole('dialog', { name: 'Seu Carrinho' });
  await expect(cart.getByTestId('line-unavailable')).toHaveText(
    'Estoque insuficiente: Apenas 0 unidade(s) disponível(eis) em estoque.',
  );
  await me.context.close();
});

test('Repetir Pedido says what could not be repeated', async ({ browser, baseURL }) => {
  const me = await newCustomer(browser, baseURL!, shop.slug);
  // This order takes the last cake: repeating it can bring back the bread only.
  const order = await me.context.request.post('/api/customer/orders', {
    headers: { origin: baseURL! },
    data: {
      items: [
        { productId: shop.cake, quantity: 1 },
        { productId: shop.bread, quantity: 2 },
      ],
      deliveryType: 'pickup',
      name: 'Cliente Lacuna',
      phone: '11987654321',
      paymentMethod: 'cash',
      cashReceived: 5000,
    },
  });
  expect(order.status(), await order.text()).toBe(201);

  const { page } = me;
  await page.goto('/customer');
  await page.getByRole('button', { name: 'Repetir Pedido' }).first().click();
  const notice = page.getByRole('alert', { name: 'Itens não repetidos' });
  await expect(notice).toContainText('alguns itens não foram repetidos');
  await expect(notice).toContainText('Bolo de Pote — Sem estoque no momento.');
  await expect(notice).not.toContainText('Pão de Queijo');
  // The toast stays below the page header on a phone.
  const toastBox = page.locator('[data-sonner-toast]').first();
  await expect(toastBox).toBeVisible();
  await expect.poll(() => overlaps(toastBox, page.getByRole('banner'))).toBe(false);
  await page.screenshot({ path: '.tmp/screens/storefront-gaps-customer-repeat-390.png' });

  await notice.getByRole('link', { name: 'Ir para o carrinho' }).click();
  await page.getByRole('button', { name: /Ver carrinho · 2 itens/ }).click();
  await expect(page.getByRole('dialog', { name: 'Seu Carrinho' }).getByText('Pão de Queijo')).toBeVisible();

  // The customer area with a toast: the header stays uncovered.
  await page.goto('/customer-dashboard');
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Dia do aniversário').fill('32');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Dia de aniversário inválido.').first()).toBeVisible();
  await page.getByLabel('Dia do aniversário').fill('12');
  await page.getByLabel('Mês do aniversário').fill('5');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Perfil atualizado!' })).toBeVisible();
  await expect(page.getByText('12/05')).toBeVisible();
  await expect.poll(() => overlaps(page.locator('[data-sonner-toast]').first(), page.getByRole('banner'))).toBe(false);
  await page.screenshot({ path: '.tmp/screens/storefront-gaps-customer-area-390.png' });
  await me.context.close();
});

test('a table link to a shop opens its menu with a notice instead of a table', async ({ page, baseURL }) => {
  // A half-and-half pizza saved while the shop was still a restaurant.
  const flavour = await owner.request.post('/api/admin/products', {
    headers: { origin: baseURL! },
    data: { name: 'Pizza Calabresa', price: 4000, isPizza: true },
  });
  expect(flavour.ok(), await flavour.text()).toBeTruthy();
  const pizza = await owner.request.post('/api/admin/products', {
    headers: { origin: baseURL! },
    data: {
      name: 'Pizza Meio a Meio',
      price: 4500,
      isPizza: true,
      allowsMultipleFlavors: true,
      pizzaFlavors: [(await flavour.json()).product.id],
    },
  });
  expect(pizza.ok(), await pizza.text()).toBeTruthy();
  const settings = await (await owner.request.get('/api/admin/settings')).json();
  const saved = await owner.request.put('/api/admin/settings/general', {
    headers: { origin: baseURL! },
    data: { ...settings.general, businessSegment: 'commerce' },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  await page.setViewportSize(PHONE);
  await page.goto(`/${shop.slug}?table=3`);
  await expect(page.getByRole('status').filter({ hasText: 'Esta loja não atende em mesas.' })).toBeVisible();
  await expect(page.getByText('Mesa 3')).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Pão de Queijo', exact: true })).toBeVisible();

  // No pizza choices in a shop: the product's details have no flavours to pick.
  await page.getByRole('button', { name: 'Ver detalhes de Pizza Meio a Meio' }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText('Pizza Meio a Meio').first()).toBeVisible();
  await expect(details.getByText('Sabores')).toHaveCount(0);
  await expect(details.getByRole('button', { name: /Adicionar/ })).toBeEnabled();
});
