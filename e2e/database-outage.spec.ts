import { DEMO, expect, registerCustomer, test } from './fixtures';

/*
 * While every server restarts (the proxy's own 502 page) or the database is away (the server's 503), a
 * customer's checkout is told to try again in a moment and keeps the cart; the next attempt carries the
 * same Idempotency-Key, so an order the server did take is never placed twice.
 */
test('a checkout refused while the service is unavailable keeps the cart and goes through on the next tap', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerCustomer(page.request, baseURL!, DEMO, 'Cliente Indisponível');
  const keys: string[] = [];
  const refusals = [
    { status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' },
    {
      status: 503,
      contentType: 'application/json',
      headers: { 'Retry-After': '5' },
      body: JSON.stringify({
        error: {
          code: 'unavailable',
          title: 'Serviço temporariamente indisponível.',
          description: 'Tente novamente em instantes.',
        },
      }),
    },
  ];
  await page.route('**/api/customer/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    const refusal = refusals.shift();
    if (refusal) await route.fulfill(refusal);
    else await route.continue();
  });

  await page.goto(`/${DEMO}?table=5`);
  await page
    .getByRole('article', { name: 'Coca-Cola Lata 350ml', exact: true })
    .getByRole('button', { name: 'Adicionar' })
    .click();
  await page.getByRole('button', { name: /Ver carrinho/ }).click();
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  const checkout = page.getByRole('dialog', { name: 'Finalizar Pedido' });
  await checkout.getByText('Dinheiro', { exact: true }).click();
  await checkout.getByLabel('Troco para quanto?').fill('10');

  for (let attempt = 0; attempt < 2; attempt++) {
    await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
    const notice = page.getByText('Serviço temporariamente indisponível.').first();
    await expect(notice).toBeVisible();
    await expect(page.getByText('Tente novamente em instantes.').first()).toBeVisible();
    await expect(checkout).toBeVisible();
  }

  await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await page.waitForURL('**/customer-dashboard', { timeout: 30_000 });
  await expect(
    page
      .getByRole('article')
      .first()
      .getByText(/Mesa 5/),
  ).toBeVisible();
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
});
