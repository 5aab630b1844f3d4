import { expect, test } from '@playwright/test';
import { signUpOwner, unique } from './fixtures';

/**
 * An Administrator changes the "Identificador no pagamento online": the screen asks for their own
 * password; the owner then sees the change on the settings page (decision 048).
 */
test('an administrator confirms a change of where the money goes with their password; the owner is told', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const headers = { origin };
  const ownerCtx = await browser.newContext({ baseURL: origin, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await signUpOwner(ownerCtx.request, origin, { name: 'Dona Caixa', company: 'Pastelaria', emailPrefix: 'money' });
  const profile = await ownerCtx.request.post('/api/admin/profiles', {
    headers,
    data: { name: 'Gerente', type: 'admin', permissions: {} },
  });
  expect(profile.ok(), await profile.text()).toBeTruthy();
  const email = `gerente-${unique()}@teste.com.br`;
  const employee = await ownerCtx.request.post('/api/admin/employees', {
    headers,
    data: { name: 'Gil Gerente', email, password: 'senha-forte-123', profileId: (await profile.json()).profile.id },
  });
  expect(employee.ok(), await employee.text()).toBeTruthy();

  const managerCtx = await browser.newContext({ baseURL: origin, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const login = await managerCtx.request.post('/api/auth/login', {
    headers,
    data: { email, password: 'senha-forte-123' },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  const page = await managerCtx.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/settings');
  const handle = page.getByLabel('Identificador no pagamento online');
  await handle.fill('conta-nova-do-gil');
  const password = page.getByLabel('Sua senha');
  await expect(password).toBeVisible();

  // Without the password nothing is sent.
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Confirme sua senha').first()).toBeVisible();
  await password.fill('senha-forte-123');
  await password.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/shots/settings-money-password-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await password.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/shots/settings-money-password-390.png' });
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Configurações salvas!')).toBeVisible();
  await expect(password).toHaveCount(0);

  const ownerPage = await ownerCtx.newPage();
  await ownerPage.setViewportSize({ width: 1366, height: 900 });
  await ownerPage.goto('/admin/settings');
  const notice = ownerPage.getByRole('status').filter({ hasText: 'Para onde vai o dinheiro' });
  await expect(notice).toContainText('Identificador no pagamento online');
  await expect(notice).toContainText('co•••••••••••••il');
  await expect(notice).toContainText('Gil Gerente');
  await ownerPage.screenshot({ path: '.tmp/shots/settings-money-notice-1366.png' });
  await ownerPage.setViewportSize({ width: 390, height: 844 });
  await ownerPage.screenshot({ path: '.tmp/shots/settings-money-notice-390.png' });
  await ownerCtx.close();
  await managerCtx.close();
});

/** A method paid online reads "Sim" only once a customer could really pay it: here, once the handle is set. */
test('the payment methods list says an online method cannot be paid until the checkout handle is set', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const context = await browser.newContext({ baseURL: origin, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await signUpOwner(context.request, origin, { name: 'Dona Pix', company: 'Tapiocaria', emailPrefix: 'online' });
  const method = await context.request.post('/api/admin/payment-methods', {
    headers: { origin },
    data: { name: 'PIX online', infinitepayEnabled: true, maxInstallments: 1 },
  });
  expect(method.ok(), await method.text()).toBeTruthy();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/payment-methods');
  const row = page.getByRole('row').filter({ hasText: 'PIX online' });
  await expect(row).toContainText('Sim · sem checkout');
  await expect(page.getByRole('alert')).toContainText('Configuração necessária');
  await page.screenshot({ path: '.tmp/shots/payment-methods-no-handle-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '.tmp/shots/payment-methods-no-handle-390.png', fullPage: true });

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/settings');
  await page.getByLabel('Identificador no pagamento online').fill(`tapiocaria-${unique()}`);
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Configurações salvas!')).toBeVisible();
  await page.goto('/admin/payment-methods');
  await expect(page.getByRole('row').filter({ hasText: 'PIX online' })).toContainText('Sim · até 1x');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await context.close();
});
