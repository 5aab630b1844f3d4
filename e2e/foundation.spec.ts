import { expect, type Page, test } from '@playwright/test';

const DEMO_PASSWORD = 'demo1234';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('an owner signs up, lands in the admin shell and logs out to /auth', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByText('Entrar').first()).toBeVisible();
  await page.getByRole('button', { name: /Criar conta/i }).click();
  await expect(page.getByText('Criar Conta').first()).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('Paula Dona');
  await page.getByLabel('Nome da empresa').fill('Sorveteria da Paula');
  await page.getByLabel('E-mail').fill(`paula-${unique()}@teste.com.br`);
  await page.getByLabel('Senha').fill('senha-segura-1');
  await page.getByRole('button', { name: /Criar conta/i }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Sorveteria da Paula').first()).toBeVisible();
  for (const group of ['Cadastro', 'Atendimento', 'Financeiro', 'Operação', 'Sistema']) {
    await expect(page.getByText(group, { exact: true }).first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a wrong password shows the generic credentials error', async ({ page }) => {
  await login(page, 'dono@demo.com.br', 'senha-errada');
  await expect(page.getByText('Credenciais inválidas. Verifique seu e-mail e senha.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the cashier sees only the cashier layout', async ({ page }) => {
  await login(page, 'caixa@demo.com.br');
  await expect(page).toHaveURL(/\/admin\/cashier$/);
  await expect(page.getByRole('button', { name: /chat/i })).toBeVisible();
  await expect(page.getByText('Cadastro', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Produtos' })).toHaveCount(0);
});

test('the kitchen sees only the orders entry', async ({ page }) => {
  await login(page, 'cozinha@demo.com.br');
  await expect(page).toHaveURL(/\/admin/);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Pedidos' })).toBeVisible();
  for (const other of ['Produtos', 'Categorias', 'Funcionários', 'Clientes', 'Cupons de Desconto', 'Caixa']) {
    await expect(nav.getByRole('link', { name: other, exact: true })).toHaveCount(0);
  }
});

test("a waiter's deep link to employees shows the denial", async ({ page }) => {
  await login(page, 'garcom@demo.com.br');
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin/employees');
  await expect(page.getByText('Você não tem permissão para acessar esta funcionalidade.')).toBeVisible();
});

test('staff of another restaurant get 403/404 on every admin API of the demo restaurant', async ({ page, request }) => {
  // Ids that belong to the demo restaurant, read from its public menu.
  const menu = await (await request.get('/api/public/restaurants/demo-restaurant/menu')).json();
  const productId: string = menu.products[0].id;
  const categoryId: string = menu.categories[0].id;

  await page.goto('/auth');
  const other = await page.request.post('/api/auth/signup', {
    data: {
      name: 'Intrusa',
      companyName: 'Outra Loja',
      email: `intrusa-${unique()}@teste.com.br`,
      password: 'senha-segura-1',
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(other.ok()).toBeTruthy();
  const origin = new URL(page.url()).origin;
  const attempts: [string, string, unknown?][] = [
    ['GET', `/api/admin/products/${productId}`],
    ['PUT', `/api/admin/products/${productId}`, { name: 'Hackeado', price: 1 }],
    ['DELETE', `/api/admin/products/${productId}`],
    ['GET', `/api/admin/products/${productId}/stock-history`],
    ['POST', '/api/admin/stock/entries', { productId, quantity: 5, notes: 'x' }],
    ['PUT', `/api/admin/categories/${categoryId}`, { name: 'Hackeada', order: 0 }],
    ['DELETE', `/api/admin/categories/${categoryId}`],
  ];
  for (const [method, url, data] of attempts) {
    const res = await page.request.fetch(url, { method, data, headers: { origin } });
    expect([403, 404], `${method} ${url}`).toContain(res.status());
  }
  // Nothing changed on the demo menu.
  const after = await (await request.get('/api/public/restaurants/demo-restaurant/menu')).json();
  expect(after.products.find((p: { id: string }) => p.id === productId)?.name).toBe(menu.products[0].name);
  expect(after.categories.find((c: { id: string }) => c.id === categoryId)?.name).toBe(menu.categories[0].name);
});

test('unknown routes show the 404 page with a link home', async ({ page }) => {
  await page.goto('/algum/lugar/que/nao/existe');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: /início|home|voltar/i })).toBeVisible();
});
