import { expect, test, unique } from './fixtures';

test('an owner creates a table, downloads its QR code and opens its menu link', async ({ page, baseURL }) => {
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      name: 'Dona Mesa',
      companyName: `Bistrô ${unique()}`,
      email: `mesas-${unique()}@teste.com.br`,
      password: 'senha-forte-123',
    },
  });
  expect(signup.ok(), await signup.text()).toBeTruthy();

  await page.goto('/admin/tables');
  await expect(page.getByText('Nenhuma mesa configurada')).toBeVisible();

  await page.getByRole('button', { name: 'Nova Mesa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Mesa' });
  await dialog.getByLabel('Número da mesa').fill('3');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Mesa criada!').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Mesa 3', exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code da mesa 3' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('mesa-3-qr.png');

  const link = page.getByRole('link', { name: /\?table=3/ });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/.+\?table=3$/);
  await page.goto(`${baseURL}${href}`);
  await expect(page.getByText('Mesa 3').first()).toBeVisible();
});
