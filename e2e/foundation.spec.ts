import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test, unique } from './fixtures';

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
  await page.getByLabel('CEP do restaurante').fill('01310-100');
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
  // The stock screen explains itself with its own text.
  await page.goto('/admin/stock');
  await expect(page.getByText('Você não tem permissão para gerenciar estoque.')).toBeVisible();
  await expect(page.getByText('Apenas perfis de Administrador podem registrar entradas de estoque.')).toBeVisible();
  // So do products and payment methods, with the spec's words (one panel, each page's text).
  await page.goto('/admin/products');
  await expect(page.getByText('Você não tem permissão para gerenciar produtos', { exact: true })).toBeVisible();
  await expect(page.getByText('Entre em contato com um administrador para solicitar acesso.')).toBeVisible();
  await page.goto('/admin/payment-methods');
  await expect(page.getByRole('heading', { name: 'Acesso Restrito' })).toBeVisible();
});

test('staff of another restaurant get 403/404 on every admin API of the demo restaurant', async ({
  browser,
  request,
}) => {
  // Ids that belong to the demo restaurant, read from its public menu.
  const menu = await (await request.get('/api/public/restaurants/demo-restaurant/menu')).json();
  const product = menu.products[0];
  const category = menu.categories[0];
  const reads = [`/api/admin/products/${product.id}`, `/api/admin/products/${product.id}/stock-history`];
  const writes: [string, string, unknown?][] = [
    ['PUT', `/api/admin/products/${product.id}`, { name: 'Hackeado', price: 1 }],
    ['POST', `/api/admin/products/${product.id}/clone`],
    ['DELETE', `/api/admin/products/${product.id}`],
    ['POST', '/api/admin/stock/entries', { productId: product.id, quantity: 5, notes: 'x' }],
    ['PUT', `/api/admin/categories/${category.id}`, { name: 'Hackeada', order: 0 }],
    ['DELETE', `/api/admin/categories/${category.id}`],
  ];

  // The demo owner can read them, so a refusal below is about the tenant, not a missing route.
  const demo = await browser.newPage();
  await login(demo, 'dono@demo.com.br');
  await expect(demo).toHaveURL(/\/admin/);
  for (const url of reads) expect((await demo.request.get(url)).status(), url).toBe(200);

  const intruder = await browser.newPage();
  await intruder.goto('/auth');
  const origin = new URL(intruder.url()).origin;
  const signup = await intruder.request.post('/api/auth/signup', {
    data: {
      name: 'Intrusa',
      companyName: 'Outra Loja',
      email: `intrusa-${unique()}@teste.com.br`,
      password: 'senha-segura-1',
    },
    headers: { origin },
  });
  expect(signup.ok()).toBeTruthy();
  for (const url of reads) expect([403, 404], url).toContain((await intruder.request.get(url)).status());
  for (const [method, url, data] of writes) {
    const res = await intruder.request.fetch(url, { method, data, headers: { origin } });
    expect([403, 404], `${method} ${url}`).toContain(res.status());
  }
  // Nothing changed on the demo menu.
  const after = await (await request.get('/api/public/restaurants/demo-restaurant/menu')).json();
  expect(after.products.find((p: { id: string }) => p.id === product.id)?.name).toBe(product.name);
  expect(after.categories.find((c: { id: string }) => c.id === category.id)?.name).toBe(category.name);
  expect(after.products.length).toBe(menu.products.length);
});

test('unknown routes show the 404 page with a link home', async ({ page }) => {
  await page.goto('/algum/lugar/que/nao/existe');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: /início|home|voltar/i })).toBeVisible();
});
