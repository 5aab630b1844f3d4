import type { Page } from '@playwright/test';
import { DEMO, DEMO_LOGINS, expect, openAroundTheClock, postExpecting, signUpOwner, test } from './fixtures';

const SCREENS = '.tmp/screens';
const BUYER_CPF = '529.982.247-25';

/** The 80 mm ticket as it prints: the print media with the class printReceipt() puts on the body. */
async function shootReceipt(page: Page, path: string) {
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => document.body.classList.add('printing-receipt'));
  await page.screenshot({ path, fullPage: true });
  await page.evaluate(() => document.body.classList.remove('printing-receipt'));
  await page.emulateMedia({ media: 'screen' });
}

/** A PDV sale of one Pão de Queijo paid in cash, through the payment dialog, with an optional CPF na nota. */
async function sellAtCounter(page: Page, cpf: string | null) {
  const search = page.getByLabel('Buscar produto ou ler código de barras');
  await expect(search).toBeFocused();
  await page.getByRole('button', { name: 'Pão de Queijo, R$ 7,50' }).click();
  await expect(page.getByRole('region', { name: 'Carrinho' }).getByLabel('Quantidade de Pão de Queijo')).toHaveValue(
    '1',
  );
  await page.keyboard.press('F4');
  const payment = page.getByRole('dialog', { name: 'Pagamento' });
  await expect(payment).toBeVisible();
  await page.keyboard.press('1');
  await expect(page.getByLabel('Valor', { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  if (cpf) await payment.getByLabel('CPF na nota (opcional)').fill(cpf);
  await payment.getByRole('button', { name: /Finalizar Venda/ }).click();
  await expect(payment).toBeHidden();
  return Number((await page.getByText(/^Última venda #\d+$/).textContent())?.replace(/\D/g, ''));
}

/**
 * NFC-e in homologação with the offline simulator: the owner fills Configurações → Fiscal and tests the
 * connection, a PDV sale issues its note automatically, the owner finds it authorised in Notas fiscais
 * and cancels it with a justificativa. Then the cashier sells with "CPF na nota" and the printed ticket is
 * the DANFE NFC-e with the note's chave and QR code; in "on request" mode the cashier issues it by hand.
 */
test('the owner configures NFC-e, a PDV sale is authorised and the owner cancels its note', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const context = await browser.newContext({ baseURL: origin, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const headers = { origin };
  await signUpOwner(context.request, origin, { name: 'Dona Fiscal', company: 'Padaria Nota', emailPrefix: 'fiscal' });
  // The emitter's CNPJ and address live in Informações Gerais; the spec covers the Fiscal tab.
  const { general } = await (await context.request.get('/api/admin/settings')).json();
  const saved = await context.request.put('/api/admin/settings/general', {
    headers,
    data: {
      ...general,
      cnpj: '11.222.333/0001-81',
      addressCep: '01304-000',
      addressStreet: 'Rua Augusta',
      addressNumber: '100',
      addressNeighborhood: 'Consolação',
      addressCity: 'São Paulo',
      addressState: 'SP',
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const product = await context.request.post('/api/admin/products', {
    headers,
    data: { name: 'Pão de Queijo', price: 750, codigoNcm: '1905.90.90', csosnIcms: '102', cfop: '5101' },
  });
  expect(product.ok(), await product.text()).toBeTruthy();
  const cash = await context.request.post('/api/admin/payment-methods', {
    headers,
    data: { name: 'Dinheiro', requiresChange: false },
  });
  expect(cash.ok(), await cash.text()).toBeTruthy();

  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Fiscal' }).click();
  await page.getByLabel('Nome / Razão social').fill('Padaria Nota LTDA');
  await page.getByLabel('Inscrição estadual').fill('110.042.490.114');
  await page.getByRole('switch', { name: 'Emitir NFC-e' }).click();
  await expect(page.getByLabel('Ambiente')).toHaveValue('homologacao');
  await page.getByLabel('Regime tributário (CRT)').selectOption('1');
  await page.getByLabel('ID do CSC').fill('1');
  await page.getByLabel('Código CSC (token da SEFAZ)').fill('CSC-TESTE-0001');
  await page.getByLabel('Emissão no PDV').selectOption('automatic');
  await expect(page.getByRole('button', { name: 'Testar conexão' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENS}/settings-fiscal-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Configurações salvas!')).toBeVisible();
  // The CSC is write-only: saved, it is only "configurado".
  await expect(page.getByLabel('Código CSC (token da SEFAZ)')).toHaveValue('');
  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByRole('status').getByText('Conexão funcionando')).toBeVisible();
  await expect(page.getByText(/SEFAZ em operação em homologação/)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENS}/settings-fiscal-1280.png`, fullPage: true });

  // A new product's CFOP starts at 5101 (made on the premises), with the choice explained.
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Novo Produto' }).click();
  const productDialog = page.getByRole('dialog');
  await expect(productDialog.getByLabel('CFOP')).toContainText('5101');
  await expect(productDialog.getByText('Feito aqui: pratos, lanches')).toBeVisible();
  await productDialog.getByLabel('CFOP').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/product-cfop-1280.png` });
  await page.keyboard.press('Escape');

  // A PDV sale with NFC-e automatic: its note is queued and authorised by the simulator.
  expect(
    (await context.request.post('/api/admin/cashier/session/open', { headers, data: { initialAmount: 0 } })).ok(),
  ).toBeTruthy();
  const sale = await context.request.post('/api/admin/cashier/sales', {
    headers: { ...headers, 'idempotency-key': `fiscal-${Date.now()}` },
    data: {
      items: [{ productId: (await product.json()).product.id, quantity: 2 }],
      payments: [{ methodId: (await cash.json()).paymentMethod.id, amount: 1500 }],
    },
  });
  expect(sale.ok(), await sale.text()).toBeTruthy();
  await expect
    .poll(
      async () => (await (await context.request.get('/api/admin/fiscal/notes?status=authorized')).json()).notes?.length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);

  // Notas fiscais: the card at 390 px, its detail, the cancellation with a justificativa.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/fiscal-notes');
  await expect(page.getByRole('heading', { name: 'Notas fiscais' })).toBeVisible();
  const card = page.getByRole('button', { name: /^NFC-e \d+ · Pedido #\d+$/ });
  await expect(card).toContainText('Autorizada');
  await expect(card).toContainText('R$ 15,00');
  await page.screenshot({ path: `${SCREENS}/fiscal-notes-390.png`, fullPage: true });
  await card.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'XML' })).toHaveAttribute('href', /\/xml$/);
  await expect(dialog.getByRole('link', { name: 'DANFE (PDF)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar nota' }).click();
  await dialog.getByLabel('Justificativa do cancelamento').fill('Venda errada');
  await expect(dialog.getByRole('button', { name: 'Confirmar cancelamento' })).toBeDisabled();
  await dialog.getByLabel('Justificativa do cancelamento').fill('Cliente desistiu da compra no caixa');
  await page.screenshot({ path: `${SCREENS}/fiscal-note-cancel-390.png` });
  await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(page.getByText('Cancelamento solicitado.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toContainText('Cancelada', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Canceladas' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('table').getByText('Cancelada')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/fiscal-notes-1280.png`, fullPage: true });

  // The cashier sells with "CPF na nota": the last sale shows its note until SEFAZ authorises it, and the
  // ticket it prints (F10) is the DANFE NFC-e with that note's chave, the consumer's CPF and the QR code.
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await page.goto('/admin/cashier');
  const number = await sellAtCounter(page, BUYER_CPF);
  const lastSale = page.getByRole('status').filter({ hasText: `Última venda #${number}` });
  await expect(lastSale.getByTestId('sale-note')).toContainText('Autorizada', { timeout: 30_000 });
  const authorised = (await (await context.request.get('/api/admin/fiscal/notes?status=authorized')).json()).notes;
  const note = authorised.find((n: { orderNumber: number }) => n.orderNumber === number);
  expect(note.buyerCpf).toBe(BUYER_CPF.replace(/\D/g, ''));
  const receipt = page.locator('.receipt-print');
  await expect(receipt).toContainText('DANFE NFC-e');
  await expect(receipt).not.toContainText('CUPOM NÃO FISCAL');
  await expect(receipt.getByTestId('danfe-chave')).toHaveText(note.chave.replace(/(\d{4})(?=\d)/g, '$1 '));
  await expect(receipt).toContainText(`Protocolo de autorização: ${note.protocolo}`);
  await expect(receipt).toContainText(`Consulte pela chave de acesso em${note.consultaUrl}`);
  await expect(receipt).toContainText(`CONSUMIDOR CPF: ${BUYER_CPF}`);
  await expect(receipt).toContainText('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL');
  await expect(receipt.getByTestId('danfe-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.keyboard.press('F10');
  await page.screenshot({ path: `${SCREENS}/pdv-last-sale-nfce-1280.png` });
  await shootReceipt(page, `${SCREENS}/danfe-nfce-1280.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/pdv-last-sale-nfce-390.png` });
  await shootReceipt(page, `${SCREENS}/danfe-nfce-390.png`);

  // "On request": the sale prints as a non-fiscal ticket until the cashier issues its note from the last sale.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Fiscal' }).click();
  await page.getByLabel('Emissão no PDV').selectOption('on_request');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Configurações salvas!')).toBeVisible();
  await page.goto('/admin/cashier');
  const second = await sellAtCounter(page, null);
  await expect(receipt).toContainText('CUPOM NÃO FISCAL');
  const secondSale = page.getByRole('status').filter({ hasText: `Última venda #${second}` });
  await secondSale.getByRole('button', { name: 'Emitir NFC-e' }).click();
  const issue = page.getByRole('dialog', { name: 'Emitir NFC-e' });
  await issue.getByLabel('CPF na nota (opcional)').fill('11222333000181');
  await issue.getByRole('button', { name: 'Emitir NFC-e' }).click();
  await expect(issue.getByText(/não pode ser emitida para CNPJ/)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/pdv-issue-note-1280.png` });
  await issue.getByLabel('CPF na nota (opcional)').fill(BUYER_CPF);
  await issue.getByRole('button', { name: 'Emitir NFC-e' }).click();
  await expect(issue).toBeHidden();
  await expect(secondSale.getByTestId('sale-note')).toContainText('Autorizada', { timeout: 30_000 });
  await expect(receipt).toContainText('DANFE NFC-e');
  await expect(receipt).toContainText(`CONSUMIDOR CPF: ${BUYER_CPF}`);

  // A table's account is one sale: once it is closed, the cashier issues one note for the whole bill from
  // the history, and Notas fiscais names it by its table.
  await openAroundTheClock(context.request, origin);
  await postExpecting(context.request, origin, '/api/admin/tables', { number: 6 });
  const account = (await postExpecting(context.request, origin, '/api/admin/table-accounts', { number: 6, people: 1 }))
    .account;
  const roundAnswer = await context.request.post(`/api/admin/table-accounts/${account.id}/rounds`, {
    headers: { ...headers, 'idempotency-key': `round-${Date.now()}` },
    data: { items: [{ productId: (await product.json()).product.id, quantity: 4 }] },
  });
  expect(roundAnswer.ok(), await roundAnswer.text()).toBeTruthy();
  const { bill } = (await roundAnswer.json()).account;
  const paid = await context.request.post(`/api/admin/table-accounts/${account.id}/payments`, {
    headers: { ...headers, 'idempotency-key': `part-${Date.now()}` },
    data: { methodId: (await cash.json()).paymentMethod.id, amount: bill.total },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  await postExpecting(context.request, origin, `/api/admin/table-accounts/${account.id}/close`, {}, 200);
  await page.goto('/admin/cashier');
  await page.getByRole('tab', { name: 'Histórico' }).click();
  await page.getByRole('row', { name: 'Venda Mesa 6' }).click();
  const tableSale = page.getByRole('dialog', { name: 'Venda Mesa 6' });
  await tableSale.getByRole('button', { name: 'Emitir NFC-e' }).click();
  const issueTable = page.getByRole('dialog', { name: 'Emitir NFC-e' });
  await issueTable.getByLabel('CPF na nota (opcional)').fill(BUYER_CPF);
  await issueTable.getByRole('button', { name: 'Emitir NFC-e' }).click();
  await expect(issueTable).toBeHidden();
  await expect(tableSale.getByTestId('sale-note')).toContainText('Autorizada', { timeout: 30_000 });
  // Its DANFE is reprinted from here on the thermal printer routed to it; without one, the cashier is told where to set it.
  await tableSale.getByRole('button', { name: 'Reimprimir DANFE' }).click();
  await expect(page.getByText('Nenhuma impressora para a DANFE')).toBeVisible();
  await postExpecting(context.request, origin, '/api/admin/printers', {
    name: 'Caixa',
    connection: '127.0.0.1:9100',
    agentId: null,
    columns: 48,
    codepage: 'cp860',
    cut: true,
    drawer: false,
    routes: {
      order: { delivery: 0, pickup: 0, dine_in: 0 },
      stations: [],
      pdvReceipt: false,
      nfceDanfe: true,
      cashClosing: false,
    },
  });
  await tableSale.getByRole('button', { name: 'Reimprimir DANFE' }).click();
  await expect(page.getByText('Enviado para a impressora')).toBeVisible();
  await tableSale.screenshot({ path: `${SCREENS}/cashier-table-sale-nfce-1280.png` });
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await tableSale.screenshot({ path: `${SCREENS}/cashier-table-sale-nfce-390.png` });
  await page.setViewportSize(desktop);
  await page.keyboard.press('Escape');
  await page.goto('/admin/fiscal-notes');
  const tableRow = page.getByRole('row').filter({ hasText: 'Mesa 6' });
  await expect(tableRow).toContainText('Autorizada');
  await expect(tableRow).toContainText(`R$ ${(bill.total / 100).toFixed(2).replace('.', ',')}`);
  await page.screenshot({ path: `${SCREENS}/fiscal-notes-table-1280.png`, fullPage: true });

  // Issued automatically, a table's note is issued as it closes: the waiter asks for the CPF right there.
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Fiscal' }).click();
  await page.getByLabel('Emissão no PDV').selectOption('automatic');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Configurações salvas!')).toBeVisible();
  await postExpecting(context.request, origin, '/api/admin/tables', { number: 7 });
  const seven = (await postExpecting(context.request, origin, '/api/admin/table-accounts', { number: 7, people: 1 }))
    .account;
  const sevenRound = await context.request.post(`/api/admin/table-accounts/${seven.id}/rounds`, {
    headers: { ...headers, 'idempotency-key': `round-7-${Date.now()}` },
    data: { items: [{ productId: (await product.json()).product.id, quantity: 2 }] },
  });
  expect(sevenRound.ok(), await sevenRound.text()).toBeTruthy();
  const sevenPaid = await context.request.post(`/api/admin/table-accounts/${seven.id}/payments`, {
    headers: { ...headers, 'idempotency-key': `part-7-${Date.now()}` },
    data: { methodId: (await cash.json()).paymentMethod.id, amount: (await sevenRound.json()).account.bill.total },
  });
  expect(sevenPaid.ok(), await sevenPaid.text()).toBeTruthy();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/mesas');
  await page.getByRole('button', { name: /^Mesa 7, / }).click();
  await page.getByRole('tab', { name: 'Conta' }).click();
  await page.getByLabel('CPF na nota (opcional)').fill('11.222.333/0001-81');
  await page.getByRole('button', { name: 'Fechar conta' }).click();
  await expect(page.getByText(/não pode ser emitida para CNPJ/)).toBeVisible();
  await page.getByLabel('CPF na nota (opcional)').fill(BUYER_CPF);
  await page.getByLabel('CPF na nota (opcional)').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/table-close-cpf-390.png` });
  await page.getByRole('button', { name: 'Fechar conta' }).click();
  await expect(page.getByText('Mesa 7 liberada')).toBeVisible();
  await expect
    .poll(async () => {
      const found = (await (await context.request.get('/api/admin/fiscal/notes?q=mesa 7')).json()).notes;
      return found.map((n: { status: string; buyerCpf: string }) => `${n.status} ${n.buyerCpf}`);
    })
    .toEqual([`authorized ${BUYER_CPF.replace(/\D/g, '')}`]);
  await context.close();
});

test("a customer's order links to its NFC-e once SEFAZ authorised it", async ({
  customerPage: page,
  staffPage,
  baseURL,
}) => {
  const headers = { origin: baseURL! };
  type MenuProduct = { id: string; isPizza: boolean; variations?: unknown[]; available?: boolean };
  type Method = { id: string; online: boolean; requiresChange: boolean };
  const menu = (await (await page.request.get(`/api/public/restaurants/${DEMO}/menu`)).json()) as {
    products: MenuProduct[];
  };
  const product = menu.products.find((p) => !p.isPizza && (p.variations ?? []).length === 0 && p.available !== false);
  const options = (await (await page.request.get(`/api/public/restaurants/${DEMO}/checkout-options`)).json()) as {
    paymentMethods: Method[];
  };
  const payment = options.paymentMethods.find((m) => !m.online && !m.requiresChange);
  expect(product && payment).toBeTruthy();
  const created = await page.request.post('/api/customer/orders', {
    headers,
    data: {
      restaurantSlug: DEMO,
      items: [{ productId: product!.id, quantity: 1 }],
      deliveryType: 'pickup',
      paymentMethod: payment!.id,
      name: 'Maria Cliente',
      phone: '11987654321',
      customerCpf: BUYER_CPF,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { order } = (await created.json()) as { order: { id: string; number: number } };

  // Staff issue the order's note (the demo issues storefront notes on delivery; this one is asked for now).
  const { context: staff } = await staffPage(DEMO_LOGINS.owner);
  const issued = await staff.request.post(`/api/admin/fiscal/orders/${order.id}/note`, { headers, data: {} });
  expect(issued.status(), await issued.text()).toBe(201);
  expect((await issued.json()).note.buyerCpf).toBe(BUYER_CPF.replace(/\D/g, ''));
  const noteOf = async () => (await (await staff.request.get(`/api/admin/fiscal/orders/${order.id}/note`)).json()).note;
  await expect.poll(async () => (await noteOf()).status, { timeout: 30_000 }).toBe('authorized');
  const note = await noteOf();

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/customer-dashboard');
    const card = page.getByRole('article', { name: new RegExp(`#${order.number}$`) });
    // The newest order opens by itself; another would need a tap.
    const summary = card.getByRole('button', { name: new RegExp(`^Pedido #${order.number} `) });
    if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
    const link = card.getByRole('link', { name: 'Nota fiscal (NFC-e)' });
    await expect(link).toHaveAttribute('href', note.qrCodeUrl);
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/customer-order-nfce-${viewport.width}.png` });
  }
});
