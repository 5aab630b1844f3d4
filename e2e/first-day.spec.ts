import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, unique } from './fixtures';

/** Screenshots of the first-day screens land here, to be looked at. */
const SHOTS = '.tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const SIX_PRODUCTS = [
  'Nome;Descrição;Preço;Categoria;Tamanhos',
  'Pizza Margherita;Tomate, muçarela e manjericão;45,90;Pizzas;Broto=0 | Grande=20,00',
  'Pizza Calabresa;Calabresa e cebola;47,90;Pizzas;',
  'Pizza Quatro Queijos;Muçarela, provolone, parmesão e gorgonzola;89,90;Pizzas;',
  'Coca-Cola 2L;;14,00;Bebidas;',
  'Suco de Laranja;Natural, 500 ml;9,50;Bebidas;',
  'Pudim;Leite condensado e calda de caramelo;12,50;Sobremesas;',
].join('\r\n');

async function shoot(page: Page, name: string) {
  for (const [label, width] of [
    ['1366', 1366],
    ['390', 390],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const checklist = (page: Page) => page.getByRole('region', { name: 'Primeiros passos' });

test('a new owner signs up from the landing page, follows the checklist and imports a menu', async ({ page }) => {
  const id = unique();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/landing');
  await page.getByRole('link', { name: 'Começar agora' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar Conta' })).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('Lúcia Andrade');
  await page.getByLabel('Nome da empresa (opcional)').fill(`Pizzaria BH ${id}`);
  await page.getByLabel('CEP do restaurante').fill('30130010');
  await expect(page.getByLabel('Cidade')).toHaveValue('Belo Horizonte');
  await expect(page.getByText('Minas Gerais (MG)')).toBeVisible();
  await page.getByLabel('E-mail').fill(`lucia-${id}@teste.com.br`);
  await page.getByLabel('Senha').fill('senha-forte-123');
  await page.getByRole('button', { name: 'Criar conta' }).click();

  // The owner's home: the checklist, nothing done yet.
  await expect(checklist(page)).toBeVisible();
  await expect(checklist(page).getByText('0 de 8 concluídos')).toBeVisible();
  await shoot(page, 'checklist');

  // Address and WhatsApp, from the checklist line.
  await checklist(page)
    .getByRole('link', { name: /Endereço e WhatsApp/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Endereço do restaurante' })).toBeVisible();
  await page.getByRole('textbox', { name: 'WhatsApp' }).fill('31987654321');
  await page.getByLabel('Endereço', { exact: true }).fill('Avenida Afonso Pena');
  await page.getByRole('textbox', { name: 'Número', exact: true }).fill('1500');
  // The sign-up's CEP already filled the address's CEP, state and city.
  await expect(page.locator('#settings-address-city')).toHaveValue('Belo Horizonte');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Configurações salvas!')).toBeVisible();
  await page.getByRole('link', { name: 'Início' }).click();
  await expect(checklist(page).getByRole('link', { name: /Endereço e WhatsApp \(concluído\)/ })).toBeVisible();

  // The menu, imported from a spreadsheet.
  await checklist(page)
    .getByRole('link', { name: /Primeira categoria e produtos/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Categorias' })).toBeVisible();
  await page.getByRole('link', { name: 'Produtos' }).first().click();
  await page.getByRole('button', { name: 'Importar planilha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar planilha' });
  await dialog.getByLabel('Arquivo (CSV ou XLSX, até 1 MB)').setInputFiles({
    name: 'cardapio.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(SIX_PRODUCTS),
  });
  await expect(dialog.getByText('6 prontos')).toBeVisible();
  await expect(dialog.getByText('Categorias novas: Pizzas, Bebidas, Sobremesas')).toBeVisible();
  await shoot(page, 'import-preview');
  await dialog.getByRole('button', { name: 'Importar 6 produtos' }).click();
  await expect(page.getByText('Cardápio importado!')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Pizza Quatro Queijos', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Início' }).click();
  await expect(
    checklist(page).getByRole('link', { name: /Primeira categoria e produtos \(concluído\)/ }),
  ).toBeVisible();
  await expect(checklist(page).getByText('2 de 8 concluídos')).toBeVisible();

  // The new menu invents nothing: no Google block, no struck-through "de" price on R$ 89,90.
  const slug = (await (await page.request.get('/api/auth/me')).json()).user.restaurant.slug;
  await page.goto(`/${slug}`);
  await expect(page.getByText('Pizza Quatro Queijos').first()).toBeVisible();
  await expect(page.locator('.line-through')).toHaveCount(0);
  await page.getByRole('button', { name: 'Avaliações', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Avaliações dos Clientes' })).toBeVisible();
  await expect(page.getByText('Avaliações no Google')).toHaveCount(0);
});

test('settings typed on one part of the page survive saving another, a tab switch and a wrong turn', async ({
  page,
}) => {
  const id = unique();
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      name: 'Dona',
      companyName: `Cantina ${id}`,
      email: `cantina-${id}@teste.com.br`,
      password: 'senha-forte-123',
      cep: '01310-100',
    },
  });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  await page.goto('/admin/settings');
  await page.getByLabel('Descrição').fill('Massas frescas desde 1990');
  await page.getByLabel('Chave PIX').fill('pix@cantina.com.br');
  await page.getByLabel('Tipo de chave').click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await page.getByLabel('Nome do recebedor').fill('Cantina');
  await page.locator('#pix-city').fill('Sao Paulo');

  // Another tab and back: nothing typed is gone.
  await page.getByRole('tab', { name: /Avaliações/ }).click();
  await page.getByRole('tab', { name: /Informações Gerais/ }).click();
  await expect(page.getByLabel('Descrição')).toHaveValue('Massas frescas desde 1990');

  // Leaving with unsaved changes asks first.
  await page.getByRole('link', { name: 'Produtos' }).first().click();
  await expect(page.getByRole('alertdialog', { name: 'Descartar alterações?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);

  // One save keeps the general fields and the PIX key.
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Configurações salvas!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Descrição')).toHaveValue('Massas frescas desde 1990');
  await expect(page.getByLabel('Chave PIX')).toHaveValue('pix@cantina.com.br');

  // The WhatsApp tab counts too: a key typed and not saved.
  await page.getByRole('tab', { name: /WhatsApp/ }).click();
  await page.getByLabel('API Key').fill('chave-ainda-nao-salva');
  await expect(page.getByRole('tab', { name: /WhatsApp/ }).getByLabel('alterações não salvas')).toBeVisible();
  await page.getByRole('link', { name: 'Produtos' }).first().click();
  await expect(page.getByRole('alertdialog', { name: 'Descartar alterações?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page.getByLabel('API Key')).toHaveValue('chave-ainda-nao-salva');
});

test('Esc on the product dialog asks before throwing away what was typed', async ({ page }) => {
  const id = unique();
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      name: 'Dono',
      companyName: `Lanches ${id}`,
      email: `lanches-${id}@teste.com.br`,
      password: 'senha-forte-123',
    },
  });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Novo Produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Produto' });
  await dialog.getByLabel('Nome').first().fill('X-Tudo da Casa');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog', { name: 'Descartar alterações?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(dialog.getByLabel('Nome').first()).toHaveValue('X-Tudo da Casa');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog', { name: 'Descartar alterações?' })).toBeVisible();
  await page.getByRole('button', { name: 'Descartar', exact: true }).click();
  await expect(dialog).toBeHidden();
  // An untouched dialog closes at once.
  await page.getByRole('button', { name: 'Novo Produto' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Novo Produto' })).toBeHidden();
});
