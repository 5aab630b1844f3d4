import type { Browser } from '@playwright/test';
import { expect, registerCustomer, test, unique } from './fixtures';

test('the landing page sells the product and leads to the demo menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/landing');
  for (const stat of ['+300%', '-60%', '98%'])
    await expect(page.getByText(stat, { exact: true }).first()).toBeVisible();
  await expect(page.locator('a[href="/admin"]').first()).toBeAttached();
  await expect(page.locator('a[href="/auth"]').first()).toBeAttached();
  await page
    .getByRole('link', { name: /Ver cardápio demo/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/demo-restaurant$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pizzaria Demo' })).toBeVisible();
});

/** A pickup order of the demo restaurant, placed by a new customer and walked to "Entregue" by the owner. */
async function deliveredOrder(browser: Browser, baseURL: string) {
  const headers = { origin: baseURL };
  const customer = await browser.newContext({ baseURL });
  await registerCustomer(customer.request, baseURL, 'demo-restaurant', 'Joana Prado');
  const menu = await (await customer.request.get('/api/public/restaurants/demo-restaurant/menu')).json();
  const coke = menu.products.find((p: { name: string }) => p.name === 'Coca-Cola Lata 350ml');
  const options = await (await customer.request.get('/api/public/restaurants/demo-restaurant/checkout-options')).json();
  const cash = options.paymentMethods.find((m: { type: string | null }) => m.type === 'cash');
  const placed = await customer.request.post('/api/customer/orders', {
    headers,
    data: {
      items: [{ productId: coke.id, quantity: 1 }],
      deliveryType: 'pickup',
      name: 'Joana Prado',
      phone: '11987654321',
      paymentMethod: cash.id,
      cashReceived: 5000,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).order as { id: string; number: number };
  await customer.close();

  const owner = await browser.newContext({ baseURL });
  expect(
    (
      await owner.request.post('/api/auth/login', {
        headers,
        data: { email: 'dono@demo.com.br', password: 'demo1234' },
      })
    ).ok(),
  ).toBeTruthy();
  for (const status of ['preparing', 'confirmed', 'delivered']) {
    const res = await owner.request.patch(`/api/admin/orders/${order.id}/status`, { headers, data: { status } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  await owner.close();
  return { ...order, restaurantId: menu.restaurant.id as string };
}

test('a review needs a delivered order, shows its summary, is posted once and appears on the menu', async ({
  page,
  browser,
  baseURL,
}) => {
  const order = await deliveredOrder(browser, baseURL!);
  const comment = `Pizza chegou quentinha! ${unique()}`;

  // Without an order there is nothing to review.
  await page.goto(`/review/${order.restaurantId}`);
  await expect(page.getByText('Avaliação indisponível')).toBeVisible();

  await page.goto(`/review/${order.restaurantId}?order=${order.id}`);
  await expect(page.getByText('Pizzaria Demo').first()).toBeVisible();
  const summary = page.getByRole('region', { name: 'Resumo do pedido' });
  await expect(summary).toContainText(`Pedido #${order.number}`);
  await expect(summary).toContainText('1× Coca-Cola Lata 350ml');
  // Sending without a rating is refused with the spec's text.
  await page.getByLabel('Nome').fill('Joana Prado');
  await page.getByLabel('E-mail').fill('joana@teste.com.br');
  await page.getByLabel(/Comentário/).fill(comment);
  await page.getByRole('button', { name: 'Enviar Avaliação' }).click();
  await expect(page.getByText('Por favor, selecione uma avaliação').first()).toBeVisible();
  await page.getByRole('radio', { name: '5 estrelas' }).click();
  await page.getByRole('button', { name: 'Enviar Avaliação' }).click();
  await expect(page.getByText('Avaliação enviada!').first()).toBeVisible();

  // The same link again: already reviewed.
  await page.reload();
  await expect(page.getByText('Este pedido já foi avaliado. Obrigado pela sua opinião!')).toBeVisible();

  await page.goto('/demo-restaurant');
  await page.getByRole('button', { name: 'Avaliações', exact: true }).click();
  await expect(page.getByText(comment)).toBeVisible();
  await expect(page.getByText('Joana Prado')).toBeVisible();
});
