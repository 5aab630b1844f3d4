import type { Browser, Page } from '@playwright/test';
import { DEMO_LOGINS, expect, test, unique } from './fixtures';

const PASSWORD = 'senha-forte-123';
// A 1×1 PNG for the logo upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function newPage(browser: Browser, baseURL: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL, viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  return { context, page: await context.newPage() };
}

async function loginUI(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(/\/admin/);
}

async function pick(
  page: Page,
  combobox: string,
  option: string | RegExp,
  scope: Page | ReturnType<Page['getByRole']> = page,
) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

async function createProduct(
  page: Page,
  p: {
    name: string;
    price: string;
    category?: string;
    pizza?: boolean;
    multi?: string[];
    sizes?: [string, string][];
    stock?: string;
  },
) {
  await page.getByRole('button', { name: 'Novo Produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Produto' });
  const save = dialog.getByRole('button', { name: 'Criar Produto' });
  // Spec 2 §5: the button stays disabled until there is a name and a price above zero.
  await expect(save).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(p.name);
  await expect(save).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Preço (R$)', exact: true }).fill(p.price);
  if (p.category) await pick(page, 'Categoria', p.category, dialog);
  if (p.pizza) await dialog.getByRole('switch', { name: 'É pizza' }).click();
  if (p.multi) {
    await dialog.getByRole('switch', { name: 'Permite múltiplos sabores' }).click();
    for (const flavor of p.multi) await dialog.getByRole('checkbox', { name: new RegExp(`^${flavor}`) }).check();
  }
  for (const [size, extra] of p.sizes ?? []) {
    await dialog.getByLabel('Tamanhos: nome').fill(size);
    await dialog.getByLabel('Tamanhos: acréscimo').fill(extra);
    await dialog.getByRole('button', { name: 'Adicionar Tamanhos' }).click();
    await expect(dialog.getByText(size, { exact: true })).toBeVisible();
  }
  if (p.stock) {
    await dialog.getByRole('switch', { name: 'Controlar estoque' }).click();
    await dialog.getByLabel('Quantidade em estoque').fill(p.stock);
  }
  // Correios on without dimensions blocks saving; off again unblocks it.
  await dialog.getByRole('switch', { name: 'Envio pelos Correios' }).click();
  await expect(save).toBeDisabled();
  await dialog.getByRole('switch', { name: 'Envio pelos Correios' }).click();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Produto criado!').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('an owner signs up, configures the restaurant and the catalogue, and sees it on the public menu', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newPage(browser, baseURL!);
  const id = unique();
  const slug = `pizzaria-${id}`;

  // Sign up through the UI.
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Não tem conta? Criar conta' }).click();
  await page.getByLabel('Nome', { exact: true }).fill('Dona Catálogo');
  await page.getByLabel('Nome da empresa').fill('Empresa Catálogo');
  await page.getByLabel('CEP do restaurante').fill('01310-100');
  await page.getByLabel('E-mail').fill(`dona-${id}@teste.com.br`);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.waitForURL(/\/admin$/);

  // Settings: name, slug, logo upload, hours.
  await page.goto('/admin/settings');
  await expect(page.getByRole('tab', { name: 'Informações Gerais', selected: true })).toBeVisible();
  await page.getByLabel('Nome do restaurante').fill(`Pizzaria ${id}`);
  await page.getByLabel('Endereço do cardápio').fill('admin');
  await expect(page.getByText('Este endereço é reservado pelo sistema. Escolha outro.')).toBeVisible();
  await page.getByLabel('Endereço do cardápio').fill(slug);
  await page.getByLabel('Arquivo: Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('#conteudo img').first()).toHaveAttribute('src', /^\/api\/files\//);
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Configurações salvas!')).toBeVisible();

  await page.getByRole('tab', { name: 'Horários' }).click();
  await page.getByRole('button', { name: 'Salvar horários' }).click();
  await expect(page.getByText('Horários salvos!')).toBeVisible();

  // Categories.
  await page.goto('/admin/categories');
  await expect(page.getByText('Nenhuma categoria criada')).toBeVisible();
  for (const name of ['Pizzas', 'Bebidas']) {
    await page.getByRole('button', { name: 'Nova Categoria' }).click();
    await page.getByRole('dialog').getByLabel('Nome').fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Criar' }).click();
    await expect(page.getByText('Categoria criada!').first()).toBeVisible();
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  }

  // Products: two single pizzas, a two-flavour pizza with sizes, a stock-controlled drink.
  await page.goto('/admin/products');
  await expect(page.getByText('Nenhum produto cadastrado')).toBeVisible();
  await createProduct(page, { name: 'Calabresa', price: '40,00', category: 'Pizzas', pizza: true });
  await createProduct(page, { name: 'Muçarela', price: '38,00', category: 'Pizzas', pizza: true });
  await createProduct(page, {
    name: 'Pizza Meio a Meio',
    price: '45,00',
    category: 'Pizzas',
    pizza: true,
    multi: ['Calabresa', 'Muçarela'],
    sizes: [
      ['Média', '0'],
      ['Grande', '10,00'],
    ],
  });
  await createProduct(page, { name: 'Guaraná Lata', price: '6,50', category: 'Bebidas', stock: '24' });

  const table = page.getByRole('table');
  await expect(table.getByText('Pizza multissabor')).toBeVisible();
  await expect(table.getByRole('cell', { name: '001', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: '004', exact: true })).toBeVisible();

  // Stock history of the drink shows the initial stock.
  await page.getByRole('button', { name: 'Mais ações para Guaraná Lata' }).click();
  await page.getByRole('menuitem', { name: 'Histórico de estoque' }).click();
  await expect(page.getByRole('dialog').getByText('Cadastro inicial do produto')).toBeVisible();
  await page.keyboard.press('Escape');

  // The public menu at the new slug lists them.
  const menu = await context.newPage();
  await menu.goto(`/${slug}`);
  await expect(menu.getByRole('heading', { level: 1, name: `Pizzaria ${id}` })).toBeVisible();
  for (const name of ['Calabresa', 'Muçarela', 'Pizza Meio a Meio', 'Guaraná Lata']) {
    await expect(menu.getByText(name, { exact: true }).first()).toBeVisible();
  }
  await context.close();
});

test('an administrator employee creates a cashier, who sees only the cashier screen', async ({ browser, baseURL }) => {
  const id = unique();
  const owner = await newPage(browser, baseURL!);
  const signup = await owner.context.request.post('/api/auth/signup', {
    data: { name: 'Dono', companyName: `Loja ${id}`, email: `dono-${id}@teste.com.br`, password: PASSWORD },
  });
  expect(signup.ok()).toBeTruthy();

  // The owner creates an administrator employee through the UI.
  const adminEmail = `admin-${id}@teste.com.br`;
  await owner.page.goto('/admin/employees');
  await expect(owner.page.getByText('Nenhum funcionário cadastrado')).toBeVisible();
  await owner.page.getByRole('button', { name: 'Novo Funcionário' }).click();
  const dialog = owner.page.getByRole('dialog');
  await dialog.getByLabel('Nome').fill('Ana Gerente');
  await dialog.getByLabel('E-mail').fill(adminEmail);
  await dialog.getByLabel('Senha').fill(PASSWORD);
  await pick(owner.page, 'Perfil', 'Administrador', dialog);
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(owner.page.getByText('Funcionário criado!')).toBeVisible();
  await expect(owner.page.getByRole('cell', { name: adminEmail })).toBeVisible();
  await owner.context.close();

  // The administrator signs in and creates a Caixa employee.
  const admin = await newPage(browser, baseURL!);
  await loginUI(admin.page, adminEmail, PASSWORD);
  await admin.page.goto('/admin/employees');
  await admin.page.getByRole('button', { name: 'Novo Funcionário' }).click();
  const d2 = admin.page.getByRole('dialog');
  const cashierEmail = `caixa-${id}@teste.com.br`;
  await d2.getByLabel('Nome').fill('Carlos Caixa');
  await d2.getByLabel('E-mail').fill(cashierEmail);
  await d2.getByLabel('Senha').fill(PASSWORD);
  await pick(admin.page, 'Perfil', 'Caixa', d2);
  await d2.getByRole('button', { name: 'Criar' }).click();
  await expect(admin.page.getByText('Funcionário criado!')).toBeVisible();
  // The status switch works from the list.
  await admin.page.getByRole('switch', { name: 'Desativar Carlos Caixa' }).click();
  await expect(admin.page.getByText('Status atualizado!')).toBeVisible();
  // The switch flips before the server answers: the page stays open until it has.
  const reactivated = admin.page.waitForResponse(
    (r) => r.url().includes('/api/admin/employees/') && r.request().method() !== 'GET',
  );
  await admin.page.getByRole('switch', { name: 'Ativar Carlos Caixa' }).click();
  expect((await reactivated).ok()).toBe(true);
  await expect(admin.page.getByRole('switch', { name: 'Desativar Carlos Caixa' })).toBeVisible();
  await admin.context.close();

  // The cashier signs in and only gets the cashier layout.
  const cashier = await newPage(browser, baseURL!);
  await loginUI(cashier.page, cashierEmail, PASSWORD);
  await cashier.page.goto('/admin/products');
  await cashier.page.waitForURL(/\/admin\/cashier$/);
  await expect(cashier.page.getByRole('link', { name: 'Produtos' })).toHaveCount(0);
  await cashier.context.close();
});

test('a waiter cannot reach products', async ({ browser, baseURL }) => {
  const { context, page } = await newPage(browser, baseURL!, { width: 390, height: 844 });
  await loginUI(page, 'garcom@demo.com.br', 'demo1234');
  await page.goto('/admin/products');
  await expect(page.getByText('Você não tem permissão para gerenciar produtos')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo Produto' })).toHaveCount(0);
  // The API refuses too, with the products denial text.
  const res = await context.request.post('/api/admin/products', {
    data: { name: 'Invasor', price: 100 },
    headers: { origin: baseURL! },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).error.description).toBe('Você não tem permissão para criar/editar/excluir produtos');
  await context.close();
});

test('lists are cards where the admin is too narrow for their columns, and never scroll sideways', async ({
  staffPage,
}) => {
  const frames = (page: Page) =>
    page
      .locator('[data-slot=table-container]')
      .evaluateAll((all) => all.map((frame) => ({ scroll: frame.scrollWidth, client: frame.clientWidth })));
  for (const [width, stacked] of [
    [390, true],
    [820, true],
    [1024, true],
    [1366, false],
  ] as const) {
    const { page } = await staffPage(DEMO_LOGINS.owner, { viewport: { width, height: 900 } });
    for (const path of ['/admin/products', '/admin/customers', '/admin/coupons']) {
      await page.goto(path);
      const firstRow = page.locator('[data-slot=table-body] tr').first();
      await expect(firstRow).toBeVisible();
      // Stacked: each row is a card of "Label … value" lines and the column titles are hidden.
      await expect(page.locator('[data-slot=table-header]').first()).toBeVisible({ visible: !stacked });
      for (const frame of await frames(page))
        expect(frame.scroll, `${path} at ${width}px`).toBeLessThanOrEqual(frame.client);
    }
  }
});
