import { formatBRL } from '@meucardapio/domain/money';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { openAroundTheClock, registerCustomer, signUpOwner, unique } from './fixtures';

const SCREENS = '.tmp/screens';

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}

/**
 * A restaurant with a dining room: table 4, a kitchen and a bar station, a steak and a caipirinha, cash,
 * PIX (its own key) and credit card, a waiter and a cook, and the cash register open.
 */
async function createRestaurant(browser: Browser, base: string) {
  const context = await browser.newContext({ baseURL: base, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const owner = context.request;
  const headers = { origin: base };
  const slug = await signUpOwner(owner, base, { name: 'Dona Salão', company: 'Boteco', emailPrefix: 'mesas' });
  await openAroundTheClock(owner, base);
  await ok(await owner.post('/api/admin/tables', { headers, data: { number: 4 } }));
  await ok(await owner.post('/api/admin/tables', { headers, data: { number: 5 } }));
  const station = async (name: string) =>
    (
      await ok<{ station: { id: string } }>(
        await owner.post('/api/admin/kitchen/stations', { headers, data: { name } }),
      )
    ).station.id;
  const grill = await station('Chapa');
  const bar = await station('Bar');
  await ok(
    await owner.post('/api/admin/products', {
      headers,
      data: { name: 'Picanha na chapa', price: 8900, stationId: grill },
    }),
  );
  await ok(
    await owner.post('/api/admin/products', { headers, data: { name: 'Caipirinha', price: 1800, stationId: bar } }),
  );
  for (const data of [
    { name: 'Dinheiro', requiresChange: true },
    { name: 'PIX', infinitepayEnabled: false },
    { name: 'Cartão de Crédito', infinitepayEnabled: false },
  ])
    await ok(await owner.post('/api/admin/payment-methods', { headers, data }));
  await ok(
    await owner.put('/api/admin/cashier/pix-settings', {
      headers,
      data: { key: '12345678000195', keyType: 'cnpj', merchantName: 'Boteco Teste', merchantCity: 'Sao Paulo' },
    }),
  );
  const staff = async (name: string, type: string, permissions: Record<string, boolean>) => {
    const { profile } = await ok<{ profile: { id: string } }>(
      await owner.post('/api/admin/profiles', { headers, data: { name, type, permissions } }),
    );
    const email = `${type}-${unique()}@teste.com.br`;
    await ok(
      await owner.post('/api/admin/employees', {
        headers,
        data: { name: `${name} Silva`, email, password: 'senha-forte-123', profileId: profile.id },
      }),
    );
    return email;
  };
  const waiter = await staff('Garçom', 'waiter', { manage_orders: true, manage_tables: true });
  const cook = await staff('Cozinha', 'kitchen', { manage_orders: true, manage_kitchen: true });
  await ok(await owner.post('/api/admin/cashier/session/open', { headers, data: { initialAmount: 10000 } }));
  return { slug, context, waiter, cook };
}

async function signedIn(browser: Browser, base: string, email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: base,
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  await ok(
    await context.request.post('/api/auth/login', {
      headers: { origin: base },
      data: { email, password: 'senha-forte-123' },
    }),
  );
  const page = await context.newPage();
  // The pre-bill prints through window.print(); here it only needs to be rendered.
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  return { context, page };
}

async function payPart(
  page: Page,
  part: number,
  method: string,
  extra?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page
    .getByRole('list', { name: 'Partes' })
    .getByRole('listitem')
    .nth(part - 1)
    .getByRole('button', { name: 'Pagar' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Pagar parte ${part} de 3` });
  await dialog.getByRole('button', { name: method, exact: true }).click();
  await extra?.(dialog);
  await dialog.getByRole('button', { name: 'Registrar pagamento' }).click();
  return dialog;
}

test('a table from opening to paid: waiter and customer rounds, the kitchen by station, the bill split in 3 and the cash session', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const shop = await createRestaurant(browser, base);

  // The waiter, on a phone, opens table 4 for 3 people and sends a round.
  const { page: waiter } = await signedIn(browser, base, shop.waiter, { width: 390, height: 844 });
  await waiter.goto('/admin/mesas');
  await expect(waiter.getByRole('heading', { name: 'Mesas e Comandas' })).toBeVisible();
  await waiter.screenshot({ path: `${SCREENS}/room-390.png`, fullPage: true });
  await waiter.getByRole('button', { name: 'Mesa 4, Livre' }).click();
  const opening = waiter.getByRole('dialog', { name: 'Abrir mesa 4' });
  await opening.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await opening.getByRole('button', { name: 'Abrir mesa' }).click();
  await expect(waiter.getByRole('heading', { name: 'Mesa 4', exact: true })).toBeVisible();

  for (const product of ['Picanha na chapa', 'Caipirinha']) {
    await waiter.getByRole('button', { name: new RegExp(`^${product}`) }).click();
    await waiter.getByRole('dialog', { name: product }).getByRole('button', { name: 'Adicionar ao Carrinho' }).click();
  }
  await waiter.getByRole('button', { name: `Enviar rodada · ${formatBRL(8900 + 1800)}` }).click();
  await expect(waiter.getByText('Rodada enviada para a cozinha')).toBeVisible();
  await waiter.getByRole('button', { name: 'Salão' }).click();
  await expect(waiter.getByRole('button', { name: 'Mesa 4, Ocupada' })).toContainText(formatBRL(10700 + 1070));
  await waiter.screenshot({ path: `${SCREENS}/room-occupied-390.png`, fullPage: true });
  await waiter.getByRole('button', { name: 'Mesa 4, Ocupada' }).click();

  // A customer at table 4 orders from the table's QR on their own phone: the order joins the account.
  const customer = await browser.newContext({ baseURL: base, locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  await registerCustomer(customer.request, base, shop.slug, 'Cliente da Mesa');
  const phone = await customer.newPage();
  await phone.goto(`/${shop.slug}?table=4`);
  await phone
    .getByRole('article', { name: 'Caipirinha', exact: true })
    .getByRole('button', { name: 'Adicionar' })
    .click();
  await phone.getByRole('button', { name: /Ver carrinho/ }).click();
  await phone.getByRole('button', { name: 'Finalizar Pedido' }).click();
  const checkout = phone.getByRole('dialog', { name: 'Finalizar Pedido' });
  await expect(checkout.getByText('Mesa 4', { exact: true })).toBeVisible();
  // The table's account is open: the order goes on its tab, no payment method is asked.
  await expect(checkout.getByText('Na conta da Mesa 4')).toBeVisible();
  await expect(checkout.getByText('Dinheiro', { exact: true })).toHaveCount(0);
  await checkout.screenshot({ path: `${SCREENS}/checkout-on-tab-390.png` });
  await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await phone.waitForURL('**/customer-dashboard');
  // Back at the table's menu, the phone follows the table's account.
  await phone.goto(`/${shop.slug}?table=4`);
  await expect(phone.getByText('Conta da Mesa 4 · 2 rodadas')).toBeVisible();

  // The kitchen display shows both rounds, by station.
  const { page: cook } = await signedIn(browser, base, shop.cook, { width: 1024, height: 768 });
  await cook.goto('/admin/kitchen');
  await expect(cook.getByText('Mesa 4 · rodada 1')).toBeVisible();
  await expect(cook.getByText('Mesa 4 · rodada 2')).toBeVisible();
  await cook.getByRole('button', { name: 'Bar', exact: true }).click();
  await expect(cook.getByText('Caipirinha')).toHaveCount(2);
  await expect(cook.getByText('Picanha na chapa')).toHaveCount(0);
  await cook.getByRole('button', { name: 'Chapa', exact: true }).click();
  await expect(cook.getByText('Picanha na chapa')).toBeVisible();
  await expect(cook.getByText('Mesa 4 · rodada 2')).toHaveCount(0);

  // The waiter asks for the bill: 3 items, 10 % service, split in 3.
  const items = 8900 + 1800 + 1800;
  const service = 1250;
  const total = items + service;
  await waiter.getByRole('tab', { name: 'Conta' }).click();
  await expect(waiter.getByRole('heading', { name: 'Mesa 4 · rodada 2' })).toBeVisible();
  await waiter.getByRole('button', { name: 'Pedir a conta' }).click();
  await expect(waiter.getByText('Em pagamento')).toBeVisible();
  await waiter.getByRole('button', { name: 'Imprimir conferência' }).click();
  const preBill = waiter.locator('.receipt-print');
  await expect(preBill).toContainText('CONFERÊNCIA DE CONTA');
  await expect(preBill).toContainText('Serviço 10% (opcional)');
  await expect(preBill).toContainText(formatBRL(service));
  await expect(preBill).toContainText('Dividida em 3');
  const parts = [4584, 4583, 4583];
  expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
  const split = waiter.getByRole('list', { name: 'Partes' });
  for (const [n, p] of parts.entries()) await expect(split.getByRole('listitem').nth(n)).toContainText(formatBRL(p));
  await waiter.screenshot({ path: `${SCREENS}/bill-390.png`, fullPage: true });
  await waiter.setViewportSize({ width: 1024, height: 768 });
  await waiter.screenshot({ path: `${SCREENS}/bill-1024.png`, fullPage: true });
  await waiter.setViewportSize({ width: 390, height: 844 });

  // Paid in three parts: cash with change, PIX by QR, card.
  await payPart(waiter, 1, 'Dinheiro', async (dialog) => {
    await dialog.getByLabel('Valor recebido').fill('50');
    await expect(dialog.getByText(`Troco: ${formatBRL(5000 - 4584)}`)).toBeVisible();
  });
  await expect(waiter.getByText(`Troco: ${formatBRL(5000 - 4584)}`).first()).toBeVisible();
  await payPart(waiter, 2, 'PIX');
  const pix = waiter.getByRole('dialog', { name: `PIX de ${formatBRL(4583)}` });
  await expect(pix.getByRole('img', { name: `QR Code PIX de ${formatBRL(4583)}` })).toBeVisible();
  await pix.getByRole('button', { name: 'Concluir' }).click();
  await expect(waiter.getByRole('list', { name: 'Partes' }).getByText('Paga', { exact: true })).toHaveCount(2);
  await payPart(waiter, 3, 'Cartão de Crédito');
  await expect(waiter.getByRole('complementary', { name: 'Conta' })).toContainText('FaltaR$ 0,00');
  await waiter.getByRole('button', { name: 'Fechar conta' }).click();
  await expect(waiter.getByText('Mesa 4 liberada')).toBeVisible();
  await waiter.getByRole('button', { name: 'Salão' }).click();
  await expect(waiter.getByRole('button', { name: 'Mesa 4, Livre' })).toBeVisible();
  await waiter.setViewportSize({ width: 1024, height: 768 });
  await waiter.screenshot({ path: `${SCREENS}/room-1024.png`, fullPage: true });

  // The cashier's session counts the table's payments, the service charge apart.
  const ownerPage = await shop.context.newPage();
  await ownerPage.setViewportSize({ width: 1280, height: 800 });
  await ownerPage.goto('/admin/cashier');
  await ownerPage.getByRole('tab', { name: 'Fechar Caixa' }).click();
  await expect(ownerPage.getByText('Contas de mesa').locator('..')).toContainText(formatBRL(total));
  await expect(ownerPage.getByText('Taxa de serviço (equipe)').locator('..')).toContainText(formatBRL(service));
  await expect(ownerPage.getByText('Esperado na gaveta').locator('..')).toContainText(formatBRL(10000 + 4584));

  // The cashier's history lists the table's payments as one sale.
  await ownerPage.getByRole('tab', { name: 'Histórico' }).click();
  const mesa4 = ownerPage.getByRole('row', { name: 'Venda Mesa 4' });
  await expect(mesa4).toContainText(formatBRL(total));
  await expect(mesa4).toContainText('Fechada');
  await ownerPage.screenshot({ path: `${SCREENS}/cashier-history-1280.png`, fullPage: true });
  await mesa4.click();
  await expect(ownerPage.getByRole('dialog', { name: 'Venda Mesa 4' })).toContainText('Taxa de serviço');
  await ownerPage.getByRole('dialog').screenshot({ path: `${SCREENS}/cashier-table-sale-1280.png` });
  await ownerPage.keyboard.press('Escape');

  // A bar's comanda: opened from the room, a round sent, an item cancelled; the kitchen sees it struck out.
  await waiter.setViewportSize({ width: 390, height: 844 });
  await waiter.getByRole('button', { name: 'Abrir comanda' }).click();
  const tab = waiter.getByRole('dialog', { name: 'Abrir comanda' });
  await tab.getByLabel('Número da comanda').fill('7');
  await tab.screenshot({ path: `${SCREENS}/open-tab-390.png` });
  await tab.getByRole('button', { name: 'Abrir comanda' }).click();
  await expect(waiter.getByRole('heading', { name: 'Comanda 7', exact: true })).toBeVisible();
  await waiter.getByRole('button', { name: /^Caipirinha/ }).click();
  await waiter
    .getByRole('dialog', { name: 'Caipirinha' })
    .getByRole('button', { name: 'Adicionar ao Carrinho' })
    .click();
  await waiter.getByRole('button', { name: `Enviar rodada · ${formatBRL(1800)}` }).click();
  await expect(waiter.getByText('Rodada enviada para a cozinha')).toBeVisible();
  await waiter.getByRole('tab', { name: 'Conta' }).click();
  await waiter.getByRole('button', { name: 'Cancelar Caipirinha' }).click();
  const reason = waiter.getByRole('dialog');
  await reason.getByLabel('Motivo').fill('Cliente desistiu');
  await reason.getByRole('button', { name: 'Cancelar item' }).click();
  await expect(waiter.getByText('Cancelado', { exact: true })).toBeVisible();
  await cook.getByRole('button', { name: 'Bar', exact: true }).click();
  await expect(cook.getByText('Cliente desistiu')).toBeVisible();
  await expect(cook.getByText('Comanda 7 · rodada 1')).toBeVisible();
  await cook.screenshot({ path: `${SCREENS}/kitchen-cancelled-1024.png`, fullPage: true });
  // So does the orders board, where the line stays with why it left the bill.
  await ownerPage.goto('/admin/orders');
  const comanda = ownerPage.locator('article').filter({ hasText: 'Cancelado: Cliente desistiu' });
  await expect(comanda).toContainText('Caipirinha');
  await expect(comanda).toContainText('Comanda 7 · rodada 1');
  // A tab's round is badged as a comanda, not as a table.
  await expect(comanda.getByText('Comanda', { exact: true })).toBeVisible();
  await expect(comanda.getByText('Mesa', { exact: true })).toHaveCount(0);
  await expect(comanda).toContainText('Conta da comanda');
  await comanda.screenshot({ path: `${SCREENS}/board-cancelled-item-1280.png` });

  // Configurações → Mesas: the service charge and couvert of new accounts, ranges checked in pt-BR.
  const settings = ownerPage;
  await settings.goto('/admin/settings');
  await settings.getByRole('tab', { name: 'Mesas' }).click();
  await settings.getByLabel('Taxa de serviço (%)').fill('25');
  await settings.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(settings.getByText('Use um percentual inteiro de 0 a 20').first()).toBeVisible();
  await settings.getByLabel('Taxa de serviço (%)').fill('12');
  await settings.getByLabel('Couvert por pessoa').fill('8,50');
  await settings.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(settings.getByText('Configurações salvas!')).toBeVisible();
  await settings.screenshot({ path: `${SCREENS}/settings-tables-1280.png`, fullPage: true });
  await settings.setViewportSize({ width: 390, height: 844 });
  await settings.screenshot({ path: `${SCREENS}/settings-tables-390.png`, fullPage: true });

  // The owner gives a discount on table 5's account (within the owner's limit, no approval).
  await settings.goto('/admin/mesas');
  await settings.getByRole('button', { name: 'Mesa 5, Livre' }).click();
  await settings.getByRole('dialog', { name: 'Abrir mesa 5' }).getByRole('button', { name: 'Abrir mesa' }).click();
  await settings.getByRole('button', { name: /^Picanha na chapa/ }).click();
  await settings
    .getByRole('dialog', { name: 'Picanha na chapa' })
    .getByRole('button', { name: 'Adicionar ao Carrinho' })
    .click();
  await settings.getByRole('button', { name: `Enviar rodada · ${formatBRL(8900)}` }).click();
  await settings.getByRole('tab', { name: 'Conta' }).click();
  await settings.getByRole('button', { name: 'Dar', exact: true }).click();
  const discount = settings.getByRole('dialog', { name: 'Desconto na conta' });
  await discount.getByLabel('Valor do desconto').fill('8,90');
  await discount.screenshot({ path: `${SCREENS}/discount-390.png` });
  await discount.getByRole('button', { name: 'Aplicar desconto' }).click();
  // 89,00 − 8,90 = 80,10; 12 % = 9,61 (half up); couvert 2 × 8,50 = 17,00 → 106,71
  await expect(settings.getByRole('complementary', { name: 'Conta' })).toContainText(`Total${formatBRL(10671)}`);
  await settings.screenshot({ path: `${SCREENS}/bill-discount-390.png`, fullPage: true });
  await settings.setViewportSize({ width: 1280, height: 800 });
  await settings.screenshot({ path: `${SCREENS}/bill-discount-1280.png`, fullPage: true });
  await customer.close();
});
