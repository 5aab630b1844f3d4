import type { Page } from '@playwright/test';
import { checklist, placeTestOrderFromChecklist, saveSettings, shoot } from './first-day-steps';
import { expect, test, unique } from './fixtures';

const SIX_PRODUCTS = [
  'Nome;Descrição;Preço;Categoria;Tamanhos',
  'Pizza Margherita;Tomate, muçarela e manjericão;45,90;Pizzas;Broto=0 | Grande=20,00',
  'Pizza Calabresa;Calabresa e cebola;47,90;Pizzas;',
  'Pizza Quatro Queijos;Muçarela, provolone, parmesão e gorgonzola;89,90;Pizzas;',
  'Coca-Cola 2L;;14,00;Bebidas;',
  'Suco de Laranja;Natural, 500 ml;9,50;Bebidas;',
  'Pudim;Leite condensado e calda de caramelo;12,50;Sobremesas;',
].join('\r\n');

// A 1×1 PNG for the logo upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Opens a checklist line from the owner's home. */
async function openStep(page: Page, title: string) {
  await checklist(page)
    .getByRole('link', { name: new RegExp(`^${title} \\(pendente\\)`) })
    .click();
}

/** Back to the owner's home, where the line now reads as done. */
async function expectDone(page: Page, title: string, count: number) {
  await page.getByRole('link', { name: 'Início' }).click();
  await expect(checklist(page).getByRole('link', { name: new RegExp(`^${title} \\(concluído\\)`) })).toBeVisible();
  await expect(checklist(page).getByText(`${count} de 8 concluídos`)).toBeVisible();
}

test('a new owner signs up from the landing page and follows the checklist to the end without typing a URL', async ({
  page,
}) => {
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

  // Logo and colours.
  await openStep(page, 'Logo e cores');
  await page.getByLabel('Arquivo: Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('#conteudo img').first()).toHaveAttribute('src', /^\/api\/files\//);
  await page.getByRole('textbox', { name: 'Cor principal', exact: true }).fill('#b91c1c');
  await page.getByRole('textbox', { name: 'Cor dos botões', exact: true }).fill('#15803d');
  await saveSettings(page);
  await expectDone(page, 'Logo e cores', 1);

  // Address and WhatsApp.
  await openStep(page, 'Endereço e WhatsApp');
  await expect(page.getByRole('heading', { name: 'Endereço do restaurante' })).toBeVisible();
  await page.getByRole('textbox', { name: 'WhatsApp' }).fill('31987654321');
  await page.getByLabel('Endereço', { exact: true }).fill('Avenida Afonso Pena');
  await page.getByRole('textbox', { name: 'Número', exact: true }).fill('1500');
  // The sign-up's CEP already filled the address's CEP, state and city.
  await expect(page.locator('#settings-address-city')).toHaveValue('Belo Horizonte');
  await saveSettings(page);
  await expectDone(page, 'Endereço e WhatsApp', 2);

  // Opening hours: the defaults, saved as they are.
  await openStep(page, 'Horários de funcionamento');
  await expect(page.getByRole('heading', { name: 'Horários de Funcionamento' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Horários salvos!')).toBeVisible();
  await expectDone(page, 'Horários de funcionamento', 3);

  // Delivery: one neighbourhood and its fee; the state and city came from the sign-up's CEP.
  await openStep(page, 'Entrega e retirada');
  await expect(page.getByRole('heading', { name: 'Configurações de Entrega' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo Bairro' }).click();
  const bairro = page.getByRole('dialog', { name: 'Novo Bairro' });
  await bairro.getByLabel('Nome do bairro').fill('Funcionários');
  await bairro.getByLabel('Taxa de entrega (R$)').fill('8,00');
  await bairro.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Bairro criado!').first()).toBeVisible();
  await expect(page.getByText('Falta informar o estado e a cidade atendidos')).toHaveCount(0);
  await expectDone(page, 'Entrega e retirada', 4);

  // Payment methods, then the PIX key: the line leads to each in turn.
  await openStep(page, 'Formas de pagamento e chave PIX');
  await page.getByRole('button', { name: 'Criar Padrões' }).click();
  await expect(page.getByText('Formas de pagamento padrão criadas!')).toBeVisible();
  await page.getByRole('link', { name: 'Início' }).click();
  await expect(
    checklist(page).getByText('Cadastre a chave PIX em Configurações para receber com QR Code.'),
  ).toBeVisible();
  await openStep(page, 'Formas de pagamento e chave PIX');
  await page.getByLabel('Chave PIX').fill('pix@pizzariabh.com.br');
  await page.getByLabel('Tipo de chave').click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await page.getByLabel('Nome do recebedor').fill('Pizzaria BH');
  await page.locator('#pix-city').fill('Belo Horizonte');
  await saveSettings(page);
  await expectDone(page, 'Formas de pagamento e chave PIX', 5);

  // The menu, imported from a spreadsheet.
  await openStep(page, 'Primeira categoria e produtos');
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
  await expectDone(page, 'Primeira categoria e produtos', 6);

  // A table and its QR code.
  await openStep(page, 'QR Code de uma mesa');
  await page.getByRole('button', { name: 'Nova Mesa' }).click();
  const mesa = page.getByRole('dialog', { name: 'Nova Mesa' });
  await mesa.getByLabel('Número da mesa').fill('1');
  await mesa.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Mesa criada!').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code da mesa 1' })).toBeVisible();
  await expectDone(page, 'QR Code de uma mesa', 7);
  await shoot(page, 'checklist-last-step');

  // A test order from the menu's preview; with it the checklist has done its job and goes away.
  await placeTestOrderFromChecklist(page, 'Coca-Cola 2L');
  await page.getByRole('link', { name: 'Pedidos' }).first().click();
  await expect(page.getByRole('article').filter({ hasText: 'Lúcia (teste)' })).toBeVisible();
  await page.getByRole('link', { name: 'Início' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hoje' })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
  await shoot(page, 'checklist-done');

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
  // While the question fades out it still takes Esc, as a person sees: the next Esc comes once it is gone.
  await expect(page.getByRole('alertdialog', { name: 'Descartar alterações?' })).toBeHidden();
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
