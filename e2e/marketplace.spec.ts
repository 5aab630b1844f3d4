import { type APIRequestContext, expect, test } from '@playwright/test';
import { signUpOwner } from './fixtures';

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}

test('with the simulator, an iFood order reaches the board and the kitchen live, goes out, and the app hears it', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const context = await browser.newContext({
    baseURL: base,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 800 },
  });
  const owner = context.request;
  const headers = { origin: base };
  await signUpOwner(owner, base, { name: 'Dona Integra', company: 'Pizzaria Apps', emailPrefix: 'apps' });
  const { station } = await ok<{ station: { id: string } }>(
    await owner.post('/api/admin/kitchen/stations', { headers, data: { name: 'Pizzas' } }),
  );
  await ok(
    await owner.post('/api/admin/products', {
      headers,
      data: { name: 'Pizza Portuguesa', price: 5200, stationId: station.id },
    }),
  );

  // Configurações → Integrações: the owner connects the simulator.
  const settings = await context.newPage();
  await settings.goto('/admin/settings');
  await settings.getByRole('tab', { name: 'Integrações' }).click({ timeout: 30_000 });
  const simulatorCard = settings.getByRole('region', { name: /Simulador/ });
  await simulatorCard.getByRole('button', { name: 'Conectar' }).click();
  await expect(simulatorCard.getByText('Conectado')).toBeVisible();

  // The board and the kitchen display stay open.
  const board = await context.newPage();
  await board.goto('/admin/orders');
  await expect(board.getByRole('heading', { name: 'Pedidos' })).toBeVisible({ timeout: 30_000 });
  const kitchen = await context.newPage();
  await kitchen.goto('/admin/kitchen');
  await expect(kitchen.getByRole('heading', { name: 'Cozinha', exact: true })).toBeVisible({ timeout: 30_000 });

  await simulatorCard.getByRole('button', { name: 'Gerar pedido iFood agora' }).click();
  const sent = settings.getByText(/Pedido iFood #\d+ enviado/);
  await expect(sent).toBeVisible();
  const code = ((await sent.textContent()) ?? '').match(/#(\d+)/)?.[1] ?? '';

  // On the board without a reload, named by its channel and the app's short code.
  const card = board.locator('article[data-channel="ifood"]').filter({ hasText: `#${code}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('iFood', { exact: true })).toBeVisible();
  await expect(card.getByText('Pizza Portuguesa').first()).toBeVisible();
  const status = card.getByRole('combobox', { name: /Status do pedido/ });

  // Accepted: the kitchen display shows it, named by its channel.
  await status.click();
  await board.getByRole('option', { name: 'Preparando', exact: true }).click();
  const ticket = kitchen.getByRole('article').filter({ hasText: `#${code}` });
  await expect(ticket).toBeVisible();
  await expect(ticket.getByText('iFood', { exact: true })).toBeVisible();

  await status.click();
  await board.getByRole('option', { name: 'Pronto', exact: true }).click();
  await expect(card).toHaveAttribute('data-status', 'confirmed');
  // The app's courier takes it: no delivery person to choose.
  await status.click();
  await board.getByRole('option', { name: 'Saiu para Entrega', exact: true }).click();
  await expect(card).toHaveAttribute('data-status', 'out_for_delivery');

  // The simulated app received the confirmation and the dispatch.
  const calls = settings.getByRole('list', { name: 'Chamadas recebidas pelo simulador' });
  await expect(calls.getByText('Pedido aceito (confirm)')).toBeVisible();
  await expect(calls.getByText('Saiu para entrega (dispatch)')).toBeVisible();

  // The dashboard's split by origin counts it.
  const dashboard = await context.newPage();
  await dashboard.goto('/admin');
  const origins = dashboard.getByRole('region', { name: 'Origem dos pedidos' });
  await expect(origins.getByText('iFood', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(origins).toContainText('1 pedido');
  // Each open page holds a live stream: the browser's six connections to one host are not to run out.
  await dashboard.close();
  await kitchen.close();

  // The app refuses a call for good: the board says so at once, on the card and in a toast.
  await simulatorCard.getByRole('button', { name: 'Simular falha na próxima atualização' }).click();
  await expect(settings.getByText('O simulador vai recusar a próxima atualização de pedido.')).toBeVisible();
  await simulatorCard.getByRole('button', { name: 'Gerar pedido iFood agora' }).click();
  const second = settings.getByText(/Pedido iFood #\d+ enviado/).last();
  await expect(second).not.toHaveText(`Pedido iFood #${code} enviado`);
  const code2 = ((await second.textContent()) ?? '').match(/#(\d+)/)?.[1] ?? '';
  const card2 = board.locator('article[data-channel="ifood"]').filter({ hasText: `#${code2}` });
  await expect(card2).toBeVisible();
  await card2.getByRole('combobox', { name: /Status do pedido/ }).click();
  await board.getByRole('option', { name: 'Preparando', exact: true }).click();
  const refused =
    'Não foi possível avisar o iFood do aceite do pedido: O aplicativo recusou a atualização do pedido (falha simulada).';
  await expect(card2.getByRole('alert').filter({ hasText: refused })).toBeVisible();
  await expect(board.getByText(/aviso ao aplicativo falhou/)).toBeVisible();
  // Integrações' health names it too.
  await settings.reload();
  await settings.getByRole('tab', { name: 'Integrações' }).click({ timeout: 30_000 });
  await expect(settings.getByRole('region', { name: /Simulador/ }).getByText(refused)).toBeVisible({ timeout: 20_000 });

  // An order for later: on the board with its window; accepted, it waits out of the kitchen until its time.
  await simulatorCard.getByRole('button', { name: 'Gerar pedido agendado' }).click();
  const later = settings.getByText(/Pedido agendado iFood #\d+ enviado/);
  await expect(later).toBeVisible();
  const code3 = ((await later.textContent()) ?? '').match(/#(\d+)/)?.[1] ?? '';
  const card3 = board.locator('article[data-channel="ifood"]').filter({ hasText: `#${code3}` });
  await expect(card3.getByText(/^Agendado/).first()).toBeVisible();
  await expect(card3).toContainText('Preparo a partir de');
  await card3.getByRole('combobox', { name: /Status do pedido/ }).click();
  await board.getByRole('option', { name: 'Preparando', exact: true }).click();
  await expect(card3).toContainText('Aceito. Vai para a cozinha');
  await card3.screenshot({ path: '.tmp/screens/board-scheduled-app-order-1280.png' });
  await settings.setViewportSize({ width: 390, height: 844 });
  await simulatorCard.screenshot({ path: '.tmp/screens/settings-simulator-390.png' });

  await context.close();
});
