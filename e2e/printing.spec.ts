import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { FakePrinter } from '../apps/server/test/fake-printer';
import { type AgentProcess, startAgent } from '../apps/server/test/print-agent-process';
import { openAroundTheClock, registerCustomer, signUpOwner, unique } from './fixtures';

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}

const SHOTS = process.env.SCREENSHOTS_DIR;

/** Configurações → Impressoras: a token for the counter computer, its command read off the page, the agent started with it. */
async function startAgentFromSettings(page: Page, base: string, env?: Record<string, string>): Promise<AgentProcess> {
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Impressoras' }).click();
  await page.getByLabel('Nome do computador').fill('Computador do caixa');
  await page.getByRole('button', { name: 'Criar token' }).click();
  const command = await page.getByTestId('agent-command').textContent();
  const token = /--token (\S+)/.exec(command ?? '')?.[1];
  expect(token).toMatch(/^mcp_/);
  return startAgent(base, token!, { env });
}

test('the owner adds a printer and an agent token; an accepted order prints by itself and "Reimprimir" prints it again', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const headers = { origin: base };
  const printer = await new FakePrinter().start();
  let agent: AgentProcess | null = null;
  const context = await browser.newContext({ baseURL: base, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  try {
    const owner = context.request;
    const slug = await signUpOwner(owner, base, { name: 'Dona Impressora', company: 'Cantina', emailPrefix: 'print' });
    await openAroundTheClock(owner, base);
    const { product } = await ok<{ product: { id: string } }>(
      await owner.post('/api/admin/products', { headers, data: { name: 'Pão de queijo', price: 1200 } }),
    );
    await ok(await owner.post('/api/admin/payment-methods', { headers, data: { name: 'Dinheiro' } }));

    // Configurações → Impressoras: a token for the counter computer, and the counter's printer.
    const page = await context.newPage();
    agent = await startAgentFromSettings(page, base);

    await page.getByRole('button', { name: 'Adicionar impressora' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome').fill('Balcão');
    await dialog.getByLabel('Endereço').fill(printer.address);
    await dialog.getByRole('button', { name: 'Salvar impressora' }).click();
    await expect(page.getByText('Impressora salva!')).toBeVisible();
    await expect(page.getByText('Computador do caixa · Conectado')).toBeVisible();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/printers-settings-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/printers-settings-390.png`, fullPage: true });
      await page.getByRole('button', { name: 'Editar Balcão' }).click();
      await page.screenshot({ path: `${SHOTS}/printer-form-390.png` });
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // A customer orders to pick up.
    const customer = await browser.newContext({ baseURL: base, locale: 'pt-BR' });
    await registerCustomer(customer.request, base, slug, 'Conceição Araújo');
    const options = await (await customer.request.get(`/api/public/restaurants/${slug}/checkout-options`)).json();
    const cash = options.paymentMethods.find((m: { name: string }) => m.name === 'Dinheiro');
    const { order } = await ok<{ order: { id: string; number: number } }>(
      await customer.request.post('/api/customer/orders', {
        headers: { ...headers, 'idempotency-key': `print-${unique()}` },
        data: {
          restaurantSlug: slug,
          items: [{ productId: product.id, quantity: 2 }],
          deliveryType: 'pickup',
          name: 'Conceição Araújo',
          phone: '11987654321',
          paymentMethod: cash.id,
        },
      }),
    );
    await customer.close();

    // Staff accept it on the board: the ticket comes out of the counter printer by itself.
    await page.goto('/admin/orders');
    const strip = page.getByRole('region', { name: 'Impressoras' });
    await expect(strip.getByText('Balcão')).toBeVisible();
    await expect(strip.getByText('Online')).toBeVisible();
    const card = page.getByRole('article', { name: `Pedido #${order.number}`, exact: true });
    await card.getByRole('combobox', { name: `Status do pedido #${order.number}` }).click();
    await page.getByRole('option', { name: 'Preparando', exact: true }).click();
    const big = `PEDIDO #${order.number}`;
    await expect.poll(() => printer.find(big).length).toBe(1);
    const [ticket] = printer.find(big);
    expect(ticket.text).toContain('Cliente: Conceição Araújo');
    expect(ticket.text).toContain('2x Pão de queijo');
    expect(ticket.cut).toBe(true);

    await card.getByRole('button', { name: 'Reimprimir' }).click();
    await expect(page.getByText('Enviado para a impressora')).toBeVisible();
    await expect.poll(() => printer.find(big).length).toBe(2);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/board-printers-desktop.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/board-printers-390.png` });
    }
  } finally {
    await agent?.stop();
    await printer.stop();
    await context.close();
  }
});

test('the DANFE NFC-e has its route and "Imprimir automaticamente"; a printer out of paper shows "Sem papel" on the board', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const printer = await new FakePrinter().start();
  let agent: AgentProcess | null = null;
  const context = await browser.newContext({ baseURL: base, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  try {
    await signUpOwner(context.request, base, { name: 'Dona Bobina', company: 'Padaria', emailPrefix: 'paper' });
    const page = await context.newPage();
    // Its computer has a USB printer: a folder standing in for /dev holds usb/lp0.
    const dev = mkdtempSync(join(tmpdir(), 'mc-dev-'));
    mkdirSync(join(dev, 'usb'));
    writeFileSync(join(dev, 'usb', 'lp0'), '');
    agent = await startAgentFromSettings(page, base, { MEUCARDAPIO_TESTE_DISPOSITIVOS: dev });
    await expect
      .poll(async () => (await (await context.request.get('/api/admin/printing/settings')).json()).agents[0].devices)
      .toEqual([join(dev, 'usb', 'lp0')]);

    // Typing a device the agent found binds the printer to that computer.
    await page.reload();
    await page.getByRole('tab', { name: 'Impressoras' }).click();
    await page.getByRole('button', { name: 'Adicionar impressora' }).click();
    await page
      .getByRole('dialog')
      .getByLabel('Endereço')
      .fill(join(dev, 'usb', 'lp0'));
    await expect(page.getByRole('dialog').getByLabel('Computador')).toHaveValue(/.+/);
    await expect(page.getByRole('dialog').getByLabel('Computador').locator('option:checked')).toHaveText(
      'Computador do caixa',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();

    // The cash desk's printer takes the PDV receipt and the DANFE NFC-e.
    await page.getByRole('button', { name: 'Adicionar impressora' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome').fill('Caixa');
    await dialog.getByLabel('Endereço').fill(printer.address);
    await dialog.getByRole('switch', { name: 'Cupom do PDV' }).click();
    await dialog.getByRole('switch', { name: 'DANFE NFC-e' }).click();
    await expect(dialog.getByRole('switch', { name: 'DANFE NFC-e' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Salvar impressora' }).click();
    await expect(page.getByText('Impressora salva!')).toBeVisible();
    await expect(page.getByText(`USB/serial: ${join(dev, 'usb', 'lp0')}`)).toBeVisible();
    const settings = await (await context.request.get('/api/admin/printing/settings')).json();
    expect(settings.printers[0].routes).toMatchObject({ pdvReceipt: true, nfceDanfe: true });

    // "Imprimir automaticamente" for the DANFE, on by default, switched off and on again.
    const auto = page.locator('#auto-nfce_danfe');
    await expect(page.getByText('DANFE NFC-e', { exact: true }).last()).toBeVisible();
    await expect(auto).toBeChecked();
    await auto.click();
    await expect(auto).not.toBeChecked();
    await expect
      .poll(async () => (await (await context.request.get('/api/admin/printing/settings')).json()).auto.nfce_danfe)
      .toBe(false);
    await auto.click();
    await expect(auto).toBeChecked();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/printers-danfe-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/printers-danfe-390.png`, fullPage: true });
      await page.getByRole('button', { name: 'Editar Caixa' }).click();
      await page.getByRole('dialog').getByRole('switch', { name: 'DANFE NFC-e' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/printer-form-danfe-390.png` });
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // The roll ends: the board shows the printer's error and the page that did not print.
    printer.paperOut = true;
    await page.goto('/admin/orders');
    const strip = page.getByRole('region', { name: 'Impressoras' });
    await expect(strip.getByText('Com erro')).toBeVisible();
    await expect(strip.getByText('· Sem papel')).toBeVisible();
    const test = await context.request.post(`/api/admin/printers/${settings.printers[0].id}/test`, {
      headers: { origin: base },
    });
    expect(test.ok()).toBeTruthy();
    const failed = strip.getByRole('alert');
    await expect(failed.getByText('Página de teste em Caixa')).toBeVisible();
    await expect(failed.getByText('— Sem papel')).toBeVisible();
    await expect(failed.getByRole('button', { name: 'Reimprimir' })).toBeVisible();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/board-paper-out-desktop.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/board-paper-out-390.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // Paper back: the page prints once by itself and the strip is clear again.
    printer.paperOut = false;
    await expect.poll(() => printer.printouts.length).toBe(1);
    expect(printer.printouts[0].text).toContain('PÁGINA DE TESTE');
    await expect(strip.getByText('Online')).toBeVisible();
    await expect(failed).toHaveCount(0);
    expect(printer.printouts).toHaveLength(1);
  } finally {
    await agent?.stop();
    await printer.stop();
    await context.close();
  }
});
