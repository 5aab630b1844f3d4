import { centsText } from '@meucardapio/domain/money';
import { counterContext, expectTotal, pressMethod } from './cashier-steps';
import { expect, test, unique } from './fixtures';

/*
 * The PDV on restaurants signed up for the journey: a PIX through the provider's popup, a pizza priced by
 * its most expensive flavour, and the register's edges (a close with nothing open, a sangria above the
 * drawer, a retyped quantity, a reserved sale seen live by another terminal).
 */

test('without a PIX key, a provider PIX warns without a provider account, else opens the checkout in an 800×600 popup', async ({
  browser,
  baseURL,
}) => {
  const { headers, context, api } = await counterContext(browser, baseURL!);
  const signup = await api.post('/api/auth/signup', {
    headers,
    data: {
      name: 'Dona Popup',
      restaurantName: 'Lanchonete Popup',
      email: `pdv-${unique()}@teste.com.br`,
      password: 'senha-segura-1',
    },
  });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const barcode = `789${String(Date.now()).slice(-10)}`;
  for (const [path, data] of [
    ['/api/admin/products', { name: 'X-Burger', price: 2500, codigoBarras: barcode }],
    ['/api/admin/payment-methods', { name: 'PIX', infinitepayEnabled: true }],
    ['/api/admin/cashier/session/open', { initialAmount: 0 }],
  ] as const) {
    const res = await api.post(path, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
  }

  const page = await context.newPage();
  await page.goto('/admin/cashier');
  const sellOnePix = async () => {
    await expect(page.getByLabel('Buscar produto ou ler código de barras')).toBeFocused();
    await page.keyboard.type(barcode);
    await page.keyboard.press('Enter');
    await expectTotal(page, 2500);
    await page.keyboard.press('F4');
    await pressMethod(page, /^PIX/);
    await expect(page.getByRole('radio', { name: /PIX/ })).toContainText('link de pagamento');
    await page.keyboard.press('Enter');
  };

  // No provider account yet: the sale is kept and the cashier is told to charge by hand.
  await sellOnePix();
  await page.keyboard.press('F4');
  await expect(page.getByText('Processe os pagamentos com cartão manualmente no app InfinitePay.')).toBeVisible();

  // With the provider account (InfinitePay handle) (InfinitePay handle) checkout links can be made.
  const { general } = await (await api.get('/api/admin/settings')).json();
  const settings = await api.put('/api/admin/settings/general', {
    headers,
    data: { ...general, appClientReferrer: 'lanchonete-popup' },
  });
  expect(settings.ok(), await settings.text()).toBeTruthy();
  await sellOnePix();
  const popupOpened = page.waitForEvent('popup');
  await page.keyboard.press('F4');
  const popup = await popupOpened;
  expect(popup.viewportSize()).toEqual({ width: 800, height: 600 });
  await expect(page.getByText('Venda finalizada!').first()).toBeVisible();

  // The simulator stands in for the provider; it returns through /payment-callback?pdv=true.
  await popup
    .getByRole('button', { name: /aprovar/i })
    .first()
    .click();
  await popup.waitForURL(/\/payment-callback\?.*pdv=true/);
  await expect(popup.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
  await popup.waitForEvent('close');
  // A desktop hands the focus back to the PDV's window when the popup closes; headless Chromium has no
  // window manager to do it.
  await page.bringToFront();
  await expect(page.getByLabel('Buscar produto ou ler código de barras')).toBeFocused();
  await context.close();
});

test('the PDV charges a pizza priced per size by its most expensive flavour what the server charges', async ({
  browser,
  baseURL,
}) => {
  const { context, post } = await counterContext(browser, baseURL!);
  await post('/api/auth/signup', {
    name: 'Dona Pizza',
    companyName: `Pizzaria PDV ${unique()}`,
    email: `pdv-pizza-${unique()}@teste.com.br`,
    password: 'senha-segura-1',
  });
  // Calabresa has its own Grande (R$ 62,00); Muçarela counts at the pizza's Grande (R$ 55,00).
  const calabresa = (
    await post('/api/admin/products', {
      name: 'Calabresa',
      price: 4000,
      isPizza: true,
      variations: [{ name: 'Grande', price: 6200 }],
    })
  ).product;
  const mussarela = (await post('/api/admin/products', { name: 'Muçarela', price: 3500, isPizza: true })).product;
  await post('/api/admin/products', {
    name: 'Pizza Dois Sabores',
    price: 0,
    isPizza: true,
    allowsMultipleFlavors: true,
    maxFlavors: 2,
    flavorPricing: 'highest',
    pizzaFlavors: [calabresa.id, mussarela.id],
    variations: [
      { name: 'Broto', price: 3000 },
      { name: 'Grande', price: 5500 },
    ],
  });
  await post('/api/admin/payment-methods', { name: 'Dinheiro', requiresChange: true });
  await post('/api/admin/cashier/session/open', { initialAmount: 0 });

  const page = await context.newPage();
  await page.goto('/admin/cashier');
  await page.getByRole('button', { name: /^Pizza Dois Sabores/ }).click();
  const options = page.getByRole('dialog', { name: 'Pizza Dois Sabores' });
  await options.getByRole('button', { name: /^Grande/ }).click();
  await expect(options.getByRole('button', { name: /^Calabresa/ })).toContainText('R$ 62,00');
  await options.getByRole('button', { name: /^Calabresa/ }).click();
  await options.getByRole('button', { name: /^Muçarela/ }).click();
  await expect(options.getByRole('button', { name: /^Adicionar/ })).toContainText('R$ 62,00');
  await options.getByRole('button', { name: /^Adicionar/ }).click();
  await expectTotal(page, 6200);

  await page.keyboard.press('F4');
  const dialog = page.getByRole('dialog', { name: 'Pagamento' });
  await pressMethod(page, /^Dinheiro/);
  await expect(page.getByLabel('Valor', { exact: true })).toHaveValue(centsText(6200));
  await page.keyboard.press('Enter');
  await page.keyboard.type(centsText(6200));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: /Finalizar Venda/ })).toBeFocused();
  await page.keyboard.press('F4');
  await expect(page.getByText('Venda finalizada!').first()).toBeVisible();
  await context.close();
});

test('the owner closes a register never opened once however often, is asked before a sangria above the drawer, retypes a quantity and a reserved sale reaches another terminal live', async ({
  browser,
  baseURL,
}) => {
  const { context, api, post } = await counterContext(browser, baseURL!);
  const email = `pdv-gaveta-${unique()}@teste.com.br`;
  await post('/api/auth/signup', {
    name: 'Dona Gaveta',
    companyName: `Café Gaveta ${unique()}`,
    email,
    password: 'senha-segura-1',
  });
  await post('/api/admin/products', { name: 'Suco de Laranja', price: 800 });
  await post('/api/admin/payment-methods', { name: 'Dinheiro', requiresChange: true });

  // Nobody opened the register today: Fechar Caixa still closes it, and says so.
  const page = await context.newPage();
  await page.goto('/admin/cashier');
  const closeTab = page.getByRole('tablist').getByRole('tab', { name: 'Fechar Caixa' });
  await closeTab.click();
  await expect(
    page.getByText('Nenhum caixa aberto no momento. Fechar agora registra um caixa sem movimento.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Fechar Caixa', exact: true }).click();
  await expect(page.getByText('Caixa fechado', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Caixa já foi fechado' })).toBeDisabled();

  // After a reload it still reads so; a close sent again (another tab) records no second session.
  await page.reload();
  await closeTab.click();
  await expect(page.getByRole('button', { name: 'Caixa já foi fechado' })).toBeDisabled();
  await post('/api/admin/cashier/session/close', {});
  const sessions = await (await api.get('/api/admin/cashier/sessions')).json();
  expect(sessions).toHaveLength(1);

  // R$ 50,00 in the drawer; a sangria of R$ 100,00 asks the owner first, naming what the drawer holds.
  await post('/api/admin/cashier/session/open', { initialAmount: 5000 });
  await page.reload();
  await page.getByRole('tablist').getByRole('tab', { name: 'Sangria' }).click();
  // The owner sees the Suprimento form beside it: its fields are the Sangria's by id.
  await page.locator('#withdrawal-amount').fill('100');
  await page.locator('#withdrawal-reason').fill('Pagamento do gás');
  await page.getByRole('button', { name: 'Registrar Sangria' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Sangria maior que o caixa' });
  await expect(confirm).toContainText(
    /Há R\$\s50,00 em dinheiro no caixa\. Confirme para registrar uma sangria de R\$\s100,00\./,
  );
  await confirm.getByRole('button', { name: 'Registrar mesmo assim' }).click();
  await expect(page.getByText('Sangria registrada').first()).toBeVisible();
  await expect(confirm).toHaveCount(0);

  // The quantity box: clearing it to type another number keeps the line.
  await page.getByRole('tablist').getByRole('tab', { name: 'PDV' }).click();
  await page.getByRole('button', { name: /^Suco de Laranja/ }).click();
  const quantity = page.getByRole('region', { name: 'Carrinho' }).getByLabel('Quantidade de Suco de Laranja');
  await expect(quantity).toHaveValue('1');
  await quantity.fill('');
  await expect(quantity).toBeVisible();
  await quantity.pressSequentially('3');
  await expect(quantity).toHaveValue('3');
  await expectTotal(page, 2400);
  // Leaving it empty keeps the last quantity; only a confirmed 0 removes the line.
  await quantity.fill('');
  await quantity.press('Tab');
  await expect(quantity).toHaveValue('3');
  await quantity.fill('0');
  await quantity.press('Enter');
  await expect(quantity).toHaveCount(0);

  // A second terminal sees a sale reserved here at once, without reloading.
  const other = await counterContext(browser, baseURL!);
  const login = await other.api.post('/api/auth/login', {
    headers: other.headers,
    data: { email, password: 'senha-segura-1' },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  const second = await other.context.newPage();
  await second.goto('/admin/cashier');
  await expect(second.getByRole('tablist').getByRole('tab', { name: 'PDV' })).toBeVisible();
  await expect(second.getByLabel(/vendas reservadas/)).toHaveCount(0);
  await page.getByRole('button', { name: /^Suco de Laranja/ }).click();
  await page.keyboard.press('F8');
  await page.getByLabel('Nome do cliente (opcional)').fill('Seu Jorge');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Venda reservada').first()).toBeVisible();
  await expect(second.getByLabel('1 vendas reservadas')).toBeVisible({ timeout: 5000 });
  await other.context.close();
  await context.close();
});
