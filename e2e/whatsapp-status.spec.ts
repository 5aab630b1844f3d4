import { expect, test } from '@playwright/test';
import { registerCustomer, signUpOwner } from './fixtures';

test('the owner edits the WhatsApp status messages; accepting an order queues its message once', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const context = await browser.newContext({ baseURL: origin, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const headers = { origin };
  const slug = await signUpOwner(context.request, origin, {
    name: 'Dono Mensagens',
    company: 'Cantina',
    emailPrefix: 'mensagens',
  });
  // Open every day 00:00–23:59: the spec never depends on the hour it runs at.
  const hours = Array.from({ length: 7 }, (_, dayOfWeek) => ({
    dayOfWeek,
    isClosed: false,
    openTime: '00:00',
    closeTime: '23:59',
  }));
  expect((await context.request.put('/api/admin/hours', { headers, data: { hours } })).ok()).toBeTruthy();
  const product = await context.request.post('/api/admin/products', {
    headers,
    data: { name: 'Lasanha', price: 3900 },
  });
  expect(product.ok()).toBeTruthy();
  const cash = await context.request.post('/api/admin/payment-methods', {
    headers,
    data: { name: 'Dinheiro', requiresChange: false },
  });
  expect(cash.ok(), await cash.text()).toBeTruthy();

  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  const card = page.locator('[data-slot="card"]', { hasText: 'Mensagens de status do pedido' });
  await expect(card.getByText('Pedido aceito', { exact: true })).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Saiu para entrega' })).toBeChecked();

  // A typo in a placeholder is caught before saving.
  const accepted = card.getByLabel('Texto da mensagem "Pedido aceito"');
  await accepted.fill('Oba, {nome}! O pedido #{nmero} foi aceito.');
  await expect(card.getByText('usa {nmero}')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Salvar mensagens' })).toBeDisabled();
  await accepted.fill('Oba, {nome}! O pedido #{numero} foi aceito pelo {restaurante}.');
  await expect(card.getByText('Prévia: Oba, Maria! O pedido #128 foi aceito pelo')).toBeVisible();
  await card.getByRole('switch', { name: 'Pedido entregue' }).click();
  await expect(card.getByLabel('Texto da mensagem "Pedido entregue"')).toBeDisabled();
  await page.screenshot({ path: `test-results/whatsapp-status-settings-390.png`, fullPage: true });
  await card.getByRole('button', { name: 'Salvar mensagens' }).click();
  await expect(page.getByText('Mensagens salvas!')).toBeVisible();

  // A customer orders; the owner accepts it on the board.
  const customer = await browser.newContext({ baseURL: origin });
  await registerCustomer(customer.request, origin, slug, 'Joana Prado');
  const options = await (await customer.request.get(`/api/public/restaurants/${slug}/checkout-options`)).json();
  const created = await customer.request.post('/api/customer/orders', {
    headers,
    data: {
      items: [{ productId: (await product.json()).product.id, quantity: 1 }],
      deliveryType: 'pickup',
      name: 'Joana Prado',
      phone: '(11) 98765-4321',
      paymentMethod: options.paymentMethods[0].id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order } = await created.json();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/orders');
  const orderCard = page.getByRole('article', { name: `Pedido #${order.number}`, exact: true });
  await orderCard.getByRole('combobox', { name: `Status do pedido #${order.number}` }).click();
  await page.getByRole('option', { name: 'Preparando' }).click();
  await expect(page.getByText('Status atualizado!')).toBeVisible();

  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  const sent = page.locator('[data-slot="card"]', { hasText: 'Mensagens enviadas' });
  const restaurant = (await (await context.request.get('/api/admin/settings')).json()).general.name;
  await expect(sent.getByText(`Oba, Joana! O pedido #${order.number} foi aceito pelo ${restaurant}.`)).toHaveCount(1);
  await expect(sent.getByText(`Recebemos seu pedido #${order.number}`)).toHaveCount(1);
  await expect(sent.getByText('Pedido aceito', { exact: true })).toHaveCount(1);
  await expect(sent.getByText('Pedido recebido', { exact: true })).toHaveCount(1);
  await sent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/whatsapp-sent-messages-1280.png' });
  await customer.close();
  await context.close();
});
