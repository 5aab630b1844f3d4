import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { registerCustomer, signUpOwner, unique } from './fixtures';

const PRODUCT = 'Suco Natural';

const week = (open: boolean) =>
  Array.from({ length: 7 }, (_, dayOfWeek) =>
    open
      ? { dayOfWeek, isClosed: false, openTime: '00:00', closeTime: '23:59' }
      : { dayOfWeek, isClosed: true, openTime: null, closeTime: null },
  );

/**
 * A restaurant of its own, open around the clock: one stock-controlled product (5 units), Dinheiro and an
 * online PIX, and its checkout handle configured. The owner stays signed in on the returned context.
 */
async function createShop(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const request = context.request;
  const headers = { origin: baseURL };
  const slug = await signUpOwner(request, baseURL, {
    name: 'Dona Integridade',
    company: 'Sucos',
    emailPrefix: 'integridade',
  });
  await setHours(request, baseURL, true);
  const product = await request.post('/api/admin/products', {
    headers,
    data: { name: PRODUCT, price: 800, controleEstoque: true, estoque: 5 },
  });
  expect(product.ok(), await product.text()).toBeTruthy();
  for (const method of [
    { name: 'Dinheiro', requiresChange: true },
    { name: 'PIX', infinitepayEnabled: true },
  ]) {
    const res = await request.post('/api/admin/payment-methods', { headers, data: method });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const settings = await (await request.get('/api/admin/settings')).json();
  const general = await request.put('/api/admin/settings/general', {
    headers,
    data: { ...settings.general, appClientReferrer: `sucos-${unique()}` },
  });
  expect(general.ok(), await general.text()).toBeTruthy();
  return { context, request, slug };
}

async function setHours(request: APIRequestContext, baseURL: string, open: boolean) {
  const res = await request.put('/api/admin/hours', { headers: { origin: baseURL }, data: { hours: week(open) } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function stockOf(page: Page, slug: string) {
  const menu = await (await page.request.get(`/api/public/restaurants/${slug}/menu`)).json();
  return (menu.products as { name: string; estoque: number }[]).find((p) => p.name === PRODUCT)?.estoque;
}

/** Adds the product from the menu and opens the cart. */
async function addToCart(page: Page, slug: string) {
  await page.goto(`/${slug}`);
  await page.getByRole('article', { name: PRODUCT, exact: true }).getByRole('button', { name: 'Adicionar' }).click();
  await page.getByRole('button', { name: /Ver carrinho/ }).click();
}

test.describe('order integrity', () => {
  test('an order sent after closing time is refused with "Restaurante fechado"; the checkout says so when it opens', async ({
    page,
    browser,
    baseURL,
  }) => {
    const shop = await createShop(browser, baseURL!);
    await registerCustomer(page.request, baseURL!, shop.slug, 'Cliente Integridade');

    // The menu was loaded while open; the customer fills the checkout…
    await addToCart(page, shop.slug);
    await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
    const checkout = page.getByRole('dialog', { name: 'Finalizar Pedido' });
    await expect(checkout.getByText('Dinheiro', { exact: true })).toBeVisible();
    await expect(checkout.getByText('Restaurante fechado')).toHaveCount(0);
    await checkout.getByText('Retirada', { exact: true }).click();
    await checkout.getByText('Dinheiro', { exact: true }).click();
    await checkout.getByLabel('Troco para quanto?').fill('50');

    // …and the restaurant closes before they send it: the server refuses it.
    await setHours(shop.request, baseURL!, false);
    await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
    await expect(page.getByText('Restaurante fechado').first()).toBeVisible();
    await expect(page.getByText('Estamos fechados no momento.').first()).toBeVisible();
    await expect(checkout.getByRole('alert')).toContainText('Restaurante fechado');
    await expect(checkout.getByRole('button', { name: 'Finalizar Pedido' })).toBeDisabled();
    const mine = await (await page.request.get('/api/customer/orders')).json();
    expect(mine.orders).toHaveLength(0);
    expect(await stockOf(page, shop.slug)).toBe(5);

    // Opening the checkout again, the notice is there before anything is filled.
    await page.keyboard.press('Escape');
    await expect(checkout).toBeHidden();
    const cartButton = page.getByRole('button', { name: /Ver carrinho/ });
    if (await cartButton.isVisible()) await cartButton.click();
    await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
    await expect(checkout.getByRole('alert').filter({ hasText: 'Restaurante fechado' })).toContainText(
      'Estamos fechados no momento.',
    );
    await expect(checkout.getByRole('button', { name: 'Finalizar Pedido' })).toBeDisabled();
    await shop.context.close();
  });

  test('a declined PIX order gives its stock back and leaves the pending orders on the board', async ({
    page,
    browser,
    baseURL,
  }) => {
    const shop = await createShop(browser, baseURL!);
    await registerCustomer(page.request, baseURL!, shop.slug, 'Cliente Integridade');
    const board = await shop.context.newPage();
    await board.setViewportSize({ width: 1280, height: 800 });
    await board.goto('/admin/orders');
    await board.getByRole('combobox', { name: 'Filtrar por status' }).click();
    await board.getByRole('option', { name: 'Pendentes' }).click();
    await expect(board.getByText('Nenhum pedido pendentes')).toBeVisible();

    await addToCart(page, shop.slug);
    await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
    const checkout = page.getByRole('dialog', { name: 'Finalizar Pedido' });
    await checkout.getByText('Retirada', { exact: true }).click();
    await checkout.getByText('PIX', { exact: true }).click();
    await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
    await page.waitForURL('**/api/payments/simulator/checkout**');
    const orderId = new URL(page.url()).searchParams.get('order_nsu')!;
    const { order } = await (await page.request.get(`/api/customer/orders/${orderId}`)).json();
    await expect.poll(() => stockOf(page, shop.slug)).toBe(4);

    // Unpaid: on the board apart, as awaiting payment (the kitchen does not start it).
    const awaiting = board.getByRole('region', { name: /Aguardando pagamento/ });
    const card = awaiting.getByRole('article', { name: `Pedido #${order.number}`, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByText('Aguardando pagamento')).toBeVisible();

    await page.getByRole('button', { name: 'Recusar pagamento' }).click();
    await page.waitForURL('**/payment-callback**');
    await expect(page.getByRole('heading', { name: 'Pagamento não aprovado' })).toBeVisible();
    await expect(page.getByText('o pedido foi cancelado')).toBeVisible();
    await expect(page.getByText('Mensagem da operadora:')).toBeVisible();

    await expect.poll(() => stockOf(page, shop.slug)).toBe(5);
    await expect(board.getByRole('article', { name: `Pedido #${order.number}`, exact: true })).toHaveCount(0);
    await expect(board.getByText('Nenhum pedido pendentes')).toBeVisible();
    await shop.context.close();
  });
});
