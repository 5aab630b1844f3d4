import type { Page } from '@playwright/test';
import { placeTestOrderFromChecklist, SHOTS } from './first-day-steps';
import { expect, test, unique } from './fixtures';

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test('a new pizzeria prices its sizes, tries its own menu while closed and takes a phone order whose figures match the board', async ({
  page,
  browser,
  baseURL,
}) => {
  const id = unique();
  const origin = baseURL ?? '';
  await page.setViewportSize({ width: 1366, height: 900 });
  const signup = await page.request.post('/api/auth/signup', {
    headers: { origin },
    data: {
      name: 'Lúcia Andrade',
      companyName: `Pizzaria Savassi ${id}`,
      email: `savassi-${id}@teste.com.br`,
      password: 'senha-forte-123',
      cep: '30130-010',
    },
  });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const slug: string = (await signup.json()).user.restaurant.slug;
  // Delivery, payments and a drink through the API: the journey below is about what they add up to.
  const api = async (method: 'post' | 'put', path: string, data: unknown) => {
    const res = await page.request[method](path, { headers: { origin }, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
    return res.json();
  };
  await api('post', '/api/admin/neighborhoods', { name: 'Savassi', deliveryFee: 800 });
  await api('post', '/api/admin/payment-methods/defaults', {});
  await api('put', '/api/admin/cashier/pix-settings', {
    key: 'pix@savassi.com.br',
    keyType: 'email',
    merchantName: 'Pizzaria Savassi',
    merchantCity: 'BELO HORIZONTE',
  });
  const { category } = await api('post', '/api/admin/categories', { name: 'Pizzas' });
  await api('post', '/api/admin/products', { name: 'Guaraná 2L', price: 1200, categoryId: category.id });

  // Sizes priced per size in the product form.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Produtos' }).first().click();
  await page.getByRole('button', { name: 'Novo Produto' }).click();
  const form = page.getByRole('dialog', { name: 'Novo Produto' });
  await form.getByLabel('Nome').first().fill('Pizza Margherita');
  await form.getByRole('switch', { name: /Preço por tamanho/ }).click();
  for (const [size, price] of [
    ['Broto', '30,00'],
    ['Média', '42,00'],
    ['Grande', '55,00'],
  ]) {
    await form.getByLabel('Tamanhos: nome').fill(size);
    await form.getByLabel('Tamanhos: preço').fill(price);
    await form.getByRole('button', { name: 'Adicionar Tamanhos' }).click();
  }
  await expect(form.getByLabel('Preço (R$)')).toHaveValue('30,00');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await form.getByRole('button', { name: 'Adicionar Tamanhos' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/size-prices-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await form.getByRole('button', { name: /Criar|Salvar/ }).click();
  await expect(page.getByText('Produto criado!')).toBeVisible();

  // The checklist's test order opens the menu in test mode, which takes orders at any hour: closed all
  // week here, whatever the clock says, then open for the customer below.
  const week = (isClosed: boolean) =>
    Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, isClosed, openTime: '00:00', closeTime: '23:59' }));
  await api('put', '/api/admin/hours', { hours: week(true) });
  await page.getByRole('link', { name: 'Início' }).click();
  await placeTestOrderFromChecklist(page, 'Guaraná 2L');
  await api('put', '/api/admin/hours', { hours: week(false) });

  // A customer on a phone: one PIX choice, and the fee the server will charge in the summary.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const customer = await phone.newPage();
  const registered = await customer.request.post(`/api/public/restaurants/${slug}/customers/register`, {
    headers: { origin },
    data: {
      name: 'Bruno Cliente',
      phone: '31991234567',
      email: `bruno-${id}@teste.com.br`,
      password: 'senha123',
      cep: '30140-071',
      address: 'Rua Pernambuco',
      number: '500',
      neighborhood: 'Savassi',
      city: 'Belo Horizonte',
      state: 'MG',
    },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  await customer.goto(`/${slug}`);
  await expect(card(customer, 'Pizza Margherita').getByText('a partir de')).toBeVisible();
  await card(customer, 'Pizza Margherita').getByRole('button', { name: 'Adicionar' }).click();
  const dialog = customer.getByRole('dialog');
  await dialog.getByRole('radio', { name: /^Grande/ }).check();
  await dialog.getByRole('button', { name: 'Adicionar ao Carrinho' }).click();
  await customer.getByRole('button', { name: /Ver carrinho/ }).click();
  await customer.getByRole('button', { name: 'Finalizar Pedido' }).click();
  const checkout = customer.getByRole('dialog', { name: 'Finalizar Pedido' });
  await expect(checkout.getByText(/^PIX/)).toHaveCount(1);
  await expect(checkout.getByText('PIX (QR Code)', { exact: true })).toBeVisible();
  const summary = checkout.locator('dl');
  await expect(summary.getByText('R$ 8,00')).toBeVisible();
  await expect(summary.getByText('R$ 63,00')).toBeVisible();
  await checkout.getByText('Dinheiro', { exact: true }).click();
  await checkout.getByLabel('Troco para quanto?').fill('100');
  await expect(checkout.getByText('R$ 37,00')).toBeVisible();
  await customer.screenshot({ path: `${SHOTS}/phone-checkout-390.png`, fullPage: true });
  await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(customer.getByText(/Pedido #\d+ realizado!/)).toBeVisible();
  await phone.close();

  // The board shows the same figures.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Pedidos' }).first().click();
  const order = page.getByRole('article').filter({ hasText: 'Bruno Cliente' });
  await expect(order.getByText('R$ 63,00').first()).toBeVisible();
  await expect(order.getByText('R$ 8,00').first()).toBeVisible();
});
