import { mkdirSync } from 'node:fs';
import { formatBRL } from '@meucardapio/domain/money';
import type { Page } from '@playwright/test';
import { DEMO, DEMO_LOGINS, expect, registerCustomer, test } from './fixtures';

const SCREENS = '.tmp/screens';

/** The receipt prints through window.print(); here it only needs to be rendered. */
const withoutPrintDialog = (page: Page) =>
  page.addInitScript(() => {
    window.print = () => undefined;
  });

const boardCard = (page: Page, number: number) => page.getByRole('article', { name: `Pedido #${number}`, exact: true });

test('a cash order with change and notes reads the same everywhere: one number, the change and the notes', async ({
  browser,
  baseURL,
  staffPage,
}) => {
  const base = baseURL!;
  mkdirSync(SCREENS, { recursive: true });
  const itemNote = 'sem nozes por cima';
  const orderNote = 'Tocar o interfone do bloco B';

  // The customer, on a phone.
  const customerContext = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const customer = await customerContext.newPage();
  await registerCustomer(customer.request, base, DEMO, 'Cliente Troco');

  await customer.goto(`/${DEMO}`);
  await customer.getByRole('button', { name: 'Ver detalhes de Brownie com Nozes' }).click();
  const product = customer.getByRole('dialog');
  const note = product.getByLabel('Observação (opcional)');
  await note.fill(itemNote);
  await expect(product.getByText(`${itemNote.length}/140`)).toBeVisible();
  await customer.screenshot({ path: `${SCREENS}/product-dialog-note-390.png` });
  await product.getByRole('button', { name: 'Adicionar ao Carrinho' }).click();
  await expect(product).toBeHidden();
  await customer.getByRole('button', { name: /Ver carrinho/ }).click();
  await expect(customer.getByText(`Obs.: ${itemNote}`)).toBeVisible();
  await customer.getByRole('button', { name: 'Finalizar Pedido' }).click();

  const checkout = customer.getByRole('dialog', { name: 'Finalizar Pedido' });
  await checkout.getByText('Dinheiro', { exact: true }).click();
  await checkout.getByLabel('Troco para quanto?').fill('100');
  await checkout.getByLabel('Observações do pedido (opcional)').fill(orderNote);
  await customer.screenshot({ path: `${SCREENS}/checkout-note-390.png` });
  await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();

  const confirmation = customer.getByRole('heading', { name: /^Pedido #\d+ realizado!$/ });
  await expect(confirmation).toBeVisible();
  const number = Number((await confirmation.textContent())!.match(/#(\d+)/)![1]);
  const orders = await (await customer.request.get('/api/customer/orders')).json();
  const placed = orders.orders.find((o: { number: number }) => o.number === number);
  expect(placed).toMatchObject({ paidAmount: 10000, note: orderNote });
  const changeText = `Troco para R$ 100,00 (levar ${formatBRL(10000 - placed.total)})`;

  // The customer area names it by the same number (short id beside it) and shows the notes back.
  await customer.waitForURL('**/customer-dashboard', { timeout: 30_000 });
  const mine = customer.getByRole('article', { name: `Pedido #${number}`, exact: true });
  await expect(mine).toBeVisible();
  await expect(mine.getByText(`#${placed.id.slice(0, 8).toUpperCase()}`)).toBeVisible();
  const toggle = mine.locator('button[aria-expanded]');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(mine.getByText(`Obs.: ${itemNote}`)).toBeVisible();
  await expect(mine.getByText(orderNote)).toBeVisible();
  await mine.screenshot({ path: `${SCREENS}/customer-order-notes-390.png` });

  // The counter's board: same number, the change to bring and both notes.
  const counter = await staffPage(DEMO_LOGINS.counter);
  await withoutPrintDialog(counter.page);
  await counter.page.goto('/admin/orders');
  const card = boardCard(counter.page, number);
  await expect(card).toBeVisible();
  await expect(card.getByText(changeText)).toBeVisible();
  await expect(card.getByText(`Obs: ${itemNote}`)).toBeVisible();
  await expect(card.getByText(`Obs: ${orderNote}`)).toBeVisible();
  await card.screenshot({ path: `${SCREENS}/order-card-change-notes-1280.png` });

  // The receipt prints the same.
  await card.getByRole('button', { name: 'Imprimir' }).click();
  const receipt = counter.page.locator('.receipt-print');
  await expect(receipt).toContainText(`PEDIDO #${number} (${placed.id.slice(-8).toUpperCase()})`);
  await expect(receipt).toContainText(changeText);
  await expect(receipt).toContainText(`Obs: ${itemNote}`);
  await expect(receipt).toContainText(`Obs: ${orderNote}`);
  await counter.page.emulateMedia({ media: 'print' });
  await counter.page.evaluate(() => document.body.classList.add('printing-receipt'));
  await receipt.screenshot({ path: `${SCREENS}/order-receipt-change-notes.png` });
  await counter.page.evaluate(() => document.body.classList.remove('printing-receipt'));
  await counter.page.emulateMedia({ media: 'screen' });

  await counter.page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByText(changeText)).toBeVisible();
  await card.screenshot({ path: `${SCREENS}/order-card-change-notes-390.png` });
  await counter.page.setViewportSize({ width: 1280, height: 800 });

  // Out for delivery with Rafael Santos: the delivery person's screen shows the change to bring.
  const people = await (await counter.context.request.get('/api/admin/delivery-people')).json();
  const rafael = people.deliveryPeople.find((p: { name: string }) => p.name === 'Rafael Santos');
  for (const status of ['preparing', 'confirmed', 'out_for_delivery']) {
    const res = await counter.context.request.patch(`/api/admin/orders/${placed.id}/status`, {
      headers: { origin: base },
      data: status === 'out_for_delivery' ? { status, deliveryEmployeeId: rafael.id } : { status },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const rider = await staffPage(DEMO_LOGINS.courier, { viewport: { width: 390, height: 844 } });
  await withoutPrintDialog(rider.page);
  await rider.page.goto('/admin/orders');
  await expect(rider.page.getByRole('heading', { name: 'Minhas Entregas' })).toBeVisible();
  const riderCard = boardCard(rider.page, number);
  await expect(riderCard.getByText(changeText)).toBeVisible();
  await expect(riderCard.getByText(`Obs: ${orderNote}`)).toBeVisible();
  await riderCard.screenshot({ path: `${SCREENS}/order-card-delivery-person-390.png` });
  // And on "Entregas", the list of what is on the street.
  await rider.page.goto('/admin/delivery');
  const street = rider.page.getByRole('listitem').filter({ hasText: `#${number}` });
  await expect(street.getByText(changeText)).toBeVisible();
  await street.screenshot({ path: `${SCREENS}/delivery-overview-change-390.png` });

  await rider.context.close();
  await counter.context.close();
  await customerContext.close();
});
