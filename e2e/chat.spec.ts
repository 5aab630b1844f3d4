import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, unique } from './fixtures';

const SLUG = 'demo-restaurant';

type MenuProduct = { id: string; name: string; isPizza?: boolean; variations?: unknown[]; available?: boolean };
type PaymentMethod = { id: string; online: boolean; requiresChange: boolean };

/** A new customer of the demo restaurant with one pickup order, both through the API. */
async function customerWithOrder(request: APIRequestContext, baseURL: string, name: string) {
  const headers = { Origin: baseURL };
  const email = `chat-${unique()}@teste.com.br`;
  const reg = await request.post(`/api/public/restaurants/${SLUG}/customers/register`, {
    headers,
    data: {
      name,
      phone: '11987654321',
      email,
      password: 'senha123',
      cep: '01310100',
      address: 'Avenida Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
  });
  expect(reg.ok(), await reg.text()).toBeTruthy();

  const menu = (await (await request.get(`/api/public/restaurants/${SLUG}/menu`)).json()) as {
    products: MenuProduct[];
  };
  const product = menu.products.find((p) => !p.isPizza && (p.variations ?? []).length === 0 && p.available !== false);
  const options = (await (await request.get(`/api/public/restaurants/${SLUG}/checkout-options`)).json()) as {
    paymentMethods: PaymentMethod[];
  };
  const payment = options.paymentMethods.find((m) => !m.online && !m.requiresChange) ?? options.paymentMethods[0];
  expect(product && payment).toBeTruthy();

  const created = await request.post('/api/customer/orders', {
    headers,
    data: {
      restaurantSlug: SLUG,
      items: [{ productId: product!.id, quantity: 1 }],
      deliveryType: 'pickup',
      paymentMethod: payment!.id,
      name,
      phone: '11987654321',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { order } = (await created.json()) as { order: { id: string } };
  return { email, orderId: order.id };
}

async function staffLogin(page: Page) {
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill('balcao@demo.com.br');
  await page.getByLabel('Senha').fill('demo1234');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin/);
}

async function send(page: Page, text: string) {
  const box = page.getByRole('dialog').getByLabel('Mensagem');
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

test('a customer and the counter chat live about an order', async ({ browser, baseURL }) => {
  const customerName = `Cliente Chat ${unique()}`;
  const customerCtx = await browser.newContext();
  const staffCtx = await browser.newContext();
  const { orderId } = await customerWithOrder(customerCtx.request, baseURL!, customerName);

  // The customer opens the chat of their order from the customer area.
  const customer = await customerCtx.newPage();
  await customer.goto('/customer-dashboard');
  await customer.getByRole('button', { name: /chat/i }).first().click();
  const customerDialog = customer.getByRole('dialog');
  await expect(customerDialog.getByText('Nenhuma mensagem ainda')).toBeVisible();

  // Blank messages are not sent.
  await customerDialog.getByLabel('Mensagem').fill('   ');
  await expect(customerDialog.getByRole('button', { name: 'Enviar' })).toBeDisabled();

  // The counter opens the general chat from the header.
  const staff = await staffCtx.newPage();
  await staffLogin(staff);
  await staff.getByRole('button', { name: /^Chat/ }).click();
  const staffDialog = staff.getByRole('dialog');
  await expect(staffDialog.getByRole('log', { name: 'Mensagens' })).toBeVisible();

  const question = `Meu pedido já está pronto? ${unique()}`;
  await send(customer, question);
  await expect(customerDialog.getByText(question)).toBeVisible();
  // Arrives at the counter without a reload, with the customer's name.
  await expect(staffDialog.getByText(question)).toBeVisible();
  await expect(staffDialog.getByText(customerName).first()).toBeVisible();

  // Reply to this customer's order (the demo restaurant may have other conversations).
  const option = staffDialog.locator('option', { hasText: customerName });
  await staffDialog.getByLabel('Enviar para').selectOption(await option.getAttribute('value'));
  const answer = `Fica pronto em 10 minutos! ${unique()}`;
  await send(staff, answer);
  await expect(customerDialog.getByText(answer)).toBeVisible();
  await expect(customerDialog.getByText('João Pereira').first()).toBeVisible();

  // Once the order is delivered the chat locks on the customer's side (statuses move one step at a time).
  for (const status of ['preparing', 'confirmed', 'delivered']) {
    const moved = await staffCtx.request.patch(`/api/admin/orders/${orderId}/status`, {
      headers: { Origin: baseURL! },
      data: { status },
    });
    expect(moved.ok(), await moved.text()).toBeTruthy();
  }
  const late = await customerCtx.request.post('/api/customer/chat/messages', {
    headers: { Origin: baseURL! },
    data: { orderId, message: 'Mais uma coisa' },
  });
  expect(late.status()).toBe(400);
  expect((await late.json()).error.title).toBe('Chat indisponível');

  await customerCtx.close();
  await staffCtx.close();
});
