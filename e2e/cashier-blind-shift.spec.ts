import { formatBRL } from '@meucardapio/domain/money';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, postExpecting, signUpOwner, test, unique } from './fixtures';

/*
 * A cashier-only user runs a shift at a restaurant of its own: a discount above their 5 % limit is
 * approved by the manager typing his password on the terminal, the manager adds a suprimento and sells
 * at another terminal, the cashier takes a sangria and closes blind. Nothing on the cashier's screens
 * or in their network log (API answers and the live stream replayed from the first event) shows the
 * drawer's expected figures before the count. Then the owner reads the movements and the discount.
 */

const SHOTS = '.tmp/shots';
const PASSWORD = 'senha-forte-123';

/** The restaurant: Dinheiro, one pastel at R$ 10,00, a Caixa and an administrator (the manager). */
async function prepare(owner: APIRequestContext, origin: string) {
  const cash = await postExpecting(owner, origin, '/api/admin/payment-methods', {
    name: 'Dinheiro',
    icon: '💵',
    requiresChange: true,
    infinitepayEnabled: false,
  });
  const pastel = await postExpecting(owner, origin, '/api/admin/products', { name: 'Pastel de Carne', price: 1000 });
  const caixa = await postExpecting(owner, origin, '/api/admin/profiles', {
    name: 'Caixa',
    type: 'cashier',
    permissions: { manage_orders: true, view_reports: true, manage_coupons: true, manage_cashier: true },
  });
  const gerente = await postExpecting(owner, origin, '/api/admin/profiles', {
    name: 'Gerente',
    type: 'admin',
    permissions: {},
  });
  const cashier = { email: `caixa-${unique()}@teste.com.br`, name: 'Carla Caixa' };
  const manager = { email: `gerente-${unique()}@teste.com.br`, name: 'Marcos Gerente' };
  await postExpecting(owner, origin, '/api/admin/employees', {
    ...cashier,
    password: PASSWORD,
    profileId: caixa.profile.id,
  });
  await postExpecting(owner, origin, '/api/admin/employees', {
    ...manager,
    password: PASSWORD,
    profileId: gerente.profile.id,
  });
  return {
    cashMethod: cash.paymentMethod.id as string,
    productId: pastel.product.id as string,
    sku: pastel.product.sku as string,
    cashier,
    manager,
  };
}

/** Everything the page received from the API, and the staff stream replayed from its first event. */
function recordNetwork(page: Page) {
  const bodies: string[] = [];
  page.on('response', async (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!res.url().includes('/api/') || type.includes('text/event-stream')) return;
    bodies.push(await res.text().catch(() => ''));
  });
  return {
    bodies,
    async replayStream() {
      const replayed = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const got: string[] = [];
            const source = new EventSource('/api/events/staff?lastEventId=0');
            const keep = (e: Event) => got.push(`${e.type} ${(e as MessageEvent).data}`);
            for (const type of ['order.created', 'order.updated', 'cashier.sale', 'cashier.session'])
              source.addEventListener(type, keep);
            setTimeout(() => {
              source.close();
              resolve(got);
            }, 1500);
          }),
      );
      expect(replayed.some((e) => e.startsWith('cashier.session'))).toBe(true);
      bodies.push(...replayed);
    },
  };
}

test('a cashier-only shift: a discount approved by the manager, a blind close that reveals nothing', async ({
  baseURL,
  browser,
  staffPage,
}) => {
  const origin = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: origin });
  const owner = ownerContext.request;
  const ownerEmail = `dona-cega-${unique()}@teste.com.br`;
  await signUpOwner(owner, origin, { name: 'Olga Dona', company: 'Pastelaria Cega', email: ownerEmail });
  const { cashMethod, cashier, manager, productId, sku } = await prepare(owner, origin);
  // The manager opens the drawer with R$ 150,00 and hands it over.
  await postExpecting(owner, origin, '/api/admin/cashier/session/open', { initialAmount: 15_000 });

  const { page } = await staffPage(cashier.email, { password: PASSWORD, viewport: { width: 1366, height: 900 } });
  const network = recordNetwork(page);
  await page.goto('/admin/cashier');
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab')).toHaveText(['PDV', 'Fechar Caixa', 'Sangria']);

  // Three pastéis (R$ 30,00) with R$ 9,00 off: 30 %, above the Caixa's 5 %.
  const search = page.getByLabel('Buscar produto ou ler código de barras');
  await expect(search).toBeFocused();
  await page.keyboard.type(`3*${sku}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pdv-total')).toHaveText(formatBRL(3000));
  await page.getByLabel(/^Desconto/).fill('9,00');
  await expect(page.getByTestId('pdv-total')).toHaveText(formatBRL(2100));
  await page.keyboard.press('F4');
  const dialog = page.getByRole('dialog', { name: 'Pagamento' });
  await expect(dialog.getByText('Autorizar desconto')).toBeVisible();
  await dialog.getByRole('radio', { name: /Dinheiro/ }).click();
  await dialog.getByLabel('Valor', { exact: true }).fill('21,00');
  await dialog.getByLabel('Valor recebido').fill('50,00');
  await dialog.getByLabel('Valor recebido').press('Enter');
  await expect(dialog.getByText(`Recebido ${formatBRL(5000)} · troco ${formatBRL(2900)}`)).toBeVisible();
  await dialog.getByLabel('Motivo do desconto').fill('Cliente fiel');
  await dialog.getByLabel('E-mail de quem autoriza').fill(manager.email);
  await dialog.getByLabel('Senha de quem autoriza').fill('senha-errada');
  await dialog.getByRole('button', { name: /Finalizar Venda/ }).click();
  await expect(page.getByText('Autorização recusada').first()).toBeVisible();
  await dialog.getByLabel('Senha de quem autoriza').fill(PASSWORD);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await dialog.screenshot({ path: `${SHOTS}/pdv-discount-approval-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await dialog.getByRole('button', { name: /Finalizar Venda/ }).click();
  await expect(page.getByText('Venda finalizada!').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // Meanwhile at another terminal: a suprimento of R$ 73,00 and a sale of R$ 40,00 in cash.
  await postExpecting(owner, origin, '/api/admin/cashier/supplies', { amount: 7300, reason: 'Reforço de troco' });
  const sale = await owner.post('/api/admin/cashier/sales', {
    headers: { origin, 'idempotency-key': `pdv-${unique()}` },
    data: { items: [{ productId, quantity: 4 }], payments: [{ methodId: cashMethod, amount: 4000, received: 4000 }] },
  });
  expect(sale.status(), await sale.text()).toBe(201);

  // The cashier's sangria of R$ 20,00.
  await tabs.getByRole('tab', { name: 'Sangria' }).click();
  await page.getByLabel('Valor').fill('20');
  await page.getByLabel('Motivo').fill('Depósito');
  await page.getByRole('button', { name: 'Registrar Sangria' }).click();
  await expect(page.getByText('Sangria registrada').first()).toBeVisible();

  const expected = (await (await owner.get('/api/admin/cashier/session')).json()).session.totals.expectedCash;
  expect(expected).toBe(15_000 + 2100 + 4000 + 7300 - 2000);

  // Fechar Caixa: nothing on screen or in the network log tells what the drawer should hold.
  await tabs.getByRole('tab', { name: 'Fechar Caixa' }).click();
  await expect(page.getByText('Fechamento cego')).toBeVisible();
  await page.reload();
  await page.getByRole('tablist').getByRole('tab', { name: 'Fechar Caixa' }).click();
  await expect(page.getByText('Fechamento cego')).toBeVisible();
  await network.replayStream();
  const screenText = (await page.locator('body').textContent()) ?? '';
  for (const secret of [expected, 15_000, 7300, 4000]) {
    expect(screenText).not.toContain(formatBRL(secret));
    // As a number of its own: not part of an id (hex digits, hyphens) or of a longer number.
    for (const body of network.bodies) expect(body).not.toMatch(new RegExp(`(?<![\\w.-])${secret}(?![\\w.-])`));
  }

  // The count: R$ 264,00, exactly what was expected.
  await page.getByLabel('Nota de R$ 200,00', { exact: true }).fill('1');
  await page.getByLabel('Nota de R$ 50,00', { exact: true }).fill('1');
  await page.getByLabel('Nota de R$ 10,00', { exact: true }).fill('1');
  await page.getByLabel('Nota de R$ 2,00', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Fechar Caixa', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Fechar Caixa' }).click();
  const result = page.getByRole('status', { name: 'Caixa fechado' });
  await expect(result.getByText('Sangrias e suprimentos')).toBeVisible();
  await expect(result.getByText('Reforço de troco')).toBeVisible();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await result.screenshot({ path: `${SHOTS}/close-result-movements-${width}.png` });
  }

  // The owner: movements in Conciliação, the discount and who approved it in Histórico.
  const { page: o } = await staffPage(ownerEmail, { password: PASSWORD, viewport: { width: 1366, height: 900 } });
  await o.goto('/admin/cashier');
  await o.getByRole('tab', { name: 'Conciliação' }).click();
  await expect(o.getByText('Reforço de troco')).toBeVisible();
  await expect(o.getByText('Carla Caixa').first()).toBeVisible();
  for (const width of [1366, 390]) {
    await o.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await o.screenshot({ path: `${SHOTS}/conciliation-movements-${width}.png`, fullPage: true });
  }
  await o.setViewportSize({ width: 1366, height: 900 });
  await o.getByRole('tab', { name: 'Histórico' }).click();
  await expect(o.getByRole('cell', { name: `-${formatBRL(900)}` })).toBeVisible();
  await o.getByRole('cell', { name: `-${formatBRL(900)}` }).click();
  await expect(
    o.getByText(`Desconto dado por ${cashier.name}, autorizado por ${manager.name} · Cliente fiel`),
  ).toBeVisible();
  await o.keyboard.press('Escape');
  await expect(o.getByRole('dialog')).toBeHidden();
  await o.screenshot({ path: `${SHOTS}/history-discount-1366.png`, fullPage: true });

  await o.goto('/admin/profiles');
  await o.getByRole('row', { name: /Caixa/ }).getByRole('button').first().click();
  await expect(o.getByLabel('Desconto máximo no PDV (%)')).toHaveAttribute('placeholder', '5');
  for (const width of [1366, 390]) {
    await o.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await o.getByRole('dialog').screenshot({ path: `${SHOTS}/profile-discount-${width}.png` });
  }
  await ownerContext.close();
});
