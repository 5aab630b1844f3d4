import { expect, test } from '@playwright/test';
import { registerCustomer, signUpOwner } from './fixtures';

const PRODUCT = 'Açaí 500 ml';

test('a customer pays by PIX QR Code; the counter confirms it on the board and the order goes to the kitchen', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const headers = { origin };

  // The restaurant: open around the clock, one product with stock, cash and its own PIX key.
  const staff = await browser.newContext({ baseURL: origin, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const slug = await signUpOwner(staff.request, origin, { name: 'Dona Pix', company: 'Açaíteria', emailPrefix: 'pix' });
  // Open every day 00:00–23:59: the spec never depends on the hour it runs at.
  const hours = Array.from({ length: 7 }, (_, dayOfWeek) => ({
    dayOfWeek,
    isClosed: false,
    openTime: '00:00',
    closeTime: '23:59',
  }));
  expect((await staff.request.put('/api/admin/hours', { headers, data: { hours } })).ok()).toBeTruthy();
  const product = await staff.request.post('/api/admin/products', {
    headers,
    data: { name: PRODUCT, price: 1890, controleEstoque: true, estoque: 10 },
  });
  expect(product.ok(), await product.text()).toBeTruthy();
  const cash = await staff.request.post('/api/admin/payment-methods', { headers, data: { name: 'Dinheiro' } });
  expect(cash.ok(), await cash.text()).toBeTruthy();
  const pix = await staff.request.put('/api/admin/cashier/pix-settings', {
    headers,
    data: { key: '52998224725', keyType: 'cpf', merchantName: 'Acaiteria da Praia', merchantCity: 'Santos' },
  });
  expect(pix.ok(), await pix.text()).toBeTruthy();
  const ownerName = 'Dona Pix';

  const board = await staff.newPage();
  await board.setViewportSize({ width: 1280, height: 800 });
  await board.goto('/admin/orders');
  await expect(board.getByRole('heading', { name: 'Pedidos' })).toBeVisible();

  // The customer, on a phone.
  const phone = await browser.newContext({
    baseURL: origin,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 390, height: 844 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await phone.newPage();
  await registerCustomer(page.request, origin, slug, 'Bruno Lima');
  await page.goto(`/${slug}`);
  await page.getByRole('article', { name: PRODUCT, exact: true }).getByRole('button', { name: 'Adicionar' }).click();
  await page.getByRole('button', { name: /Ver carrinho/ }).click();
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  const checkout = page.getByRole('dialog', { name: 'Finalizar Pedido' });
  await checkout.getByText('Retirada', { exact: true }).click();
  await expect(checkout.getByText('QR Code e copia e cola após o pedido')).toBeVisible();
  await checkout.getByText('PIX (QR Code)', { exact: true }).click();
  await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();

  // The QR of the exact amount, the copia-e-cola text and its copy button.
  const panel = page.getByRole('region', { name: 'Pagamento PIX' });
  await expect(panel.getByText('Aguardando pagamento')).toBeVisible();
  await expect(panel.getByText('R$ 18,90').first()).toBeVisible();
  const qr = panel.getByRole('img', { name: /QR Code Pedido #\d+/ });
  await expect(qr).toBeVisible();
  const number = Number((await qr.getAttribute('alt'))!.match(/#(\d+)/)![1]);
  const code = panel.getByLabel('PIX copia e cola');
  await expect(code).toHaveValue(new RegExp(`^000201.*540518\\.90.*PEDIDO${number}6304[0-9A-F]{4}$`));
  await expect(panel.getByText(`PEDIDO${number}`)).toBeVisible();
  await panel.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByText('Código PIX copiado')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
  await page.screenshot({ path: 'test-results/storefront-pix-qr-390.png', fullPage: false });

  // On the board: apart, awaiting payment, with the one-click confirmation.
  const awaiting = board.getByRole('region', { name: /Aguardando pagamento/ });
  const card = awaiting.getByRole('article', { name: `Pedido #${number}`, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByText('pagamento pendente · PIX (QR Code)')).toBeVisible();
  await board.screenshot({ path: 'test-results/board-pix-awaiting-1280.png' });

  // The customer can reach the QR again from their orders.
  await page.getByRole('button', { name: 'Ver meus pedidos' }).click();
  await page.waitForURL('**/customer-dashboard');
  const mine = page.getByRole('article', { name: `Pedido #${number}` });
  await expect(mine.getByRole('region', { name: 'Pagamento PIX' }).getByLabel('PIX copia e cola')).toHaveValue(
    await code.inputValue(),
  );
  // Staff confirm it; there is no provider to ask.
  await expect(mine.getByRole('button', { name: 'Verificar pagamento' })).toHaveCount(0);
  await mine.getByRole('region', { name: 'Pagamento PIX' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/customer-area-pix-390.png', fullPage: false });

  // Who confirms states what the bank app shows: here the transfer's end-to-end id.
  await board.setViewportSize({ width: 1366, height: 800 });
  await card.getByRole('button', { name: 'Confirmar PIX recebido' }).click();
  const received = board.getByRole('dialog', { name: 'Confirmar PIX recebido' });
  await received.getByLabel('ID da transação (E2E)').fill('E12345678202611261200AbC12345678');
  await board.screenshot({ path: '.tmp/shots/confirm-pix-1366.png' });
  await board.setViewportSize({ width: 390, height: 844 });
  await board.screenshot({ path: '.tmp/shots/confirm-pix-390.png' });
  await board.setViewportSize({ width: 1280, height: 800 });
  await received.getByRole('button', { name: 'Confirmar PIX' }).click();
  await expect(board.getByText('PIX confirmado!')).toBeVisible();
  // It leaves the awaiting-payment area and joins the kitchen's orders as "Preparando".
  await expect(awaiting.getByRole('article', { name: `Pedido #${number}`, exact: true })).toHaveCount(0);
  const kitchenCard = board.getByRole('article', { name: `Pedido #${number}`, exact: true });
  await expect(kitchenCard).toHaveAttribute('data-status', 'preparing');
  await expect(kitchenCard.getByText(`PIX confirmado por ${ownerName}`)).toBeVisible();
  await expect(kitchenCard.getByRole('button', { name: 'Confirmar PIX recebido' })).toHaveCount(0);
  await kitchenCard.getByRole('button', { name: 'Histórico' }).click();
  await expect(board.getByRole('dialog').getByText('Pagamento PIX (QR Code) confirmado')).toBeVisible();
  await board.screenshot({ path: 'test-results/board-pix-confirmed-1280.png' });

  // The customer sees it paid and in preparation; the QR is gone.
  await expect(mine.getByText('Preparando')).toBeVisible();
  await expect(mine.getByRole('region', { name: 'Pagamento PIX' })).toHaveCount(0);
  await expect(mine.getByText('pagamento aprovado')).toBeVisible();
  await phone.close();
  await staff.close();
});
