import { expect, test } from '@playwright/test';

test('the landing page sells the product and leads to the demo menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/landing');
  for (const stat of ['+300%', '-60%', '98%'])
    await expect(page.getByText(stat, { exact: true }).first()).toBeVisible();
  await expect(page.locator('a[href="/admin"]').first()).toBeAttached();
  await expect(page.locator('a[href="/auth"]').first()).toBeAttached();
  await page
    .getByRole('link', { name: /Ver cardápio demo/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/demo-restaurant$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pizzaria Demo' })).toBeVisible();
});

test('a review is posted and appears on the menu', async ({ page, request }) => {
  const menu = await (await request.get('/api/public/restaurants/demo-restaurant/menu')).json();
  const comment = `Pizza chegou quentinha! ${Date.now().toString(36)}`;
  await page.goto(`/review/${menu.restaurant.id}`);
  await expect(page.getByText('Pizzaria Demo').first()).toBeVisible();
  // Sending without a rating is refused with the spec's text.
  await page.getByLabel('Nome').fill('Joana Prado');
  await page.getByLabel('E-mail').fill('joana@teste.com.br');
  await page.getByLabel(/Comentário/).fill(comment);
  await page.getByRole('button', { name: 'Enviar Avaliação' }).click();
  await expect(page.getByText('Por favor, selecione uma avaliação').first()).toBeVisible();
  await page.getByRole('radio', { name: '5 estrelas' }).click();
  await page.getByRole('button', { name: 'Enviar Avaliação' }).click();
  await expect(page.getByText('Avaliação enviada!').first()).toBeVisible();

  await page.goto('/demo-restaurant');
  await page.getByRole('button', { name: 'Avaliações', exact: true }).click();
  await expect(page.getByText(comment)).toBeVisible();
  await expect(page.getByText('Joana Prado')).toBeVisible();
});
