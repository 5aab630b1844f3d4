import { readFileSync } from 'node:fs';
import { DEMO, expect, registerCustomer, test } from './fixtures';

const SHOTS = '.tmp/shots';

/**
 * "Meus dados": a customer gives and withdraws marketing consent, downloads their data as JSON and CSV,
 * and deletes their account; the owner sees both requests with their 15-day deadline.
 */
test('a customer downloads their data and deletes their account', async ({ browser, baseURL, ownerPage }) => {
  const name = `Cliente LGPD ${Date.now().toString(36)}`;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    acceptDownloads: true,
  });
  await registerCustomer(context.request, baseURL!, DEMO, name);
  const page = await context.newPage();
  await page.goto('/customer-dashboard');
  const section = page.getByRole('region', { name: 'Meus dados', exact: true });
  await expect(section).toBeVisible();
  await expect(section.getByText('Você ainda não aceitou.')).toBeVisible();

  // Marketing consent: separate from order updates, given and withdrawn with one switch each.
  const consent = section.getByRole('switch', { name: 'Ofertas e novidades' });
  await consent.click();
  await expect(page.getByText('Consentimento registrado!')).toBeVisible();
  await expect(section.getByText(/^Aceito em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(section.getByText('Sempre ativas')).toBeVisible();

  const json = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Baixar JSON' }).click();
  const jsonFile = await json;
  expect(jsonFile.suggestedFilename()).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await jsonFile.path())!, 'utf8'));
  expect(data.profile.name).toBe(name);
  expect(data.consents).toEqual([expect.objectContaining({ purpose: 'marketing', granted: true })]);

  const csv = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Baixar CSV (planilha)' }).click();
  const csvText = readFileSync((await (await csv).path())!, 'utf8');
  expect(csvText.startsWith('\uFEFFSeção;Registro;Campo;Valor')).toBe(true);
  expect(csvText).toContain(`Perfil;1;name;${name}`);

  await consent.click();
  await expect(page.getByText('Consentimento retirado.')).toBeVisible();
  await expect(section.getByText(/^Retirado em /)).toBeVisible();
  await expect(section.getByText('Cópia dos dados', { exact: true })).toHaveCount(2);

  await expect(page.getByText('Consentimento retirado.')).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/meus-dados-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await section.screenshot({ path: `${SHOTS}/meus-dados-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });

  // Deleting asks the password; a wrong one changes nothing.
  await section.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir sua conta?' });
  await dialog.getByLabel('Digite sua senha para confirmar').fill('senha-errada');
  await dialog.screenshot({ path: `${SHOTS}/meus-dados-excluir-390.png` });
  await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(page.getByText('Senha incorreta')).toBeVisible();
  await dialog.getByLabel('Digite sua senha para confirmar').fill('senha123');
  await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(page.getByText('Sua conta foi excluída.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${DEMO}$`));
  expect((await context.request.get('/api/customer/profile')).status()).toBe(401);
  await context.close();

  // The owner sees both requests, the customer only under a pseudonym, each with its deadline.
  await ownerPage.goto('/admin/customers');
  const requests = ownerPage.getByRole('region', { name: 'Solicitações sobre dados pessoais (LGPD)' });
  await expect(requests).toBeVisible();
  await expect(requests.getByText(name)).toHaveCount(0);
  const rows = requests.getByRole('row').filter({ hasText: /Cliente removido #/ });
  await expect(rows.filter({ hasText: 'Exclusão da conta' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Cópia dos dados' }).first()).toBeVisible();
  await requests.screenshot({ path: `${SHOTS}/lgpd-solicitacoes-1366.png` });
  await ownerPage.setViewportSize({ width: 390, height: 844 });
  await requests.screenshot({ path: `${SHOTS}/lgpd-solicitacoes-390.png` });
});
