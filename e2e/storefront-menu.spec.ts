import { formatBRL } from '@meucardapio/domain/money';
import type { Page } from '@playwright/test';
import { DEMO, expect, test, unique } from './fixtures';

type Option = { id: string; name: string; priceModifier: number };
type Product = {
  id: string;
  name: string;
  price: number;
  pizzaFlavors: string[];
  variations: Option[];
  addons: { id: string; name: string; price: number }[];
  controleEstoque: boolean;
  estoque: number;
};
type Menu = {
  categories: { name: string }[];
  products: Product[];
  reviews: { latest: { customerName: string; comment: string | null }[] };
};

async function demoMenu(page: Page): Promise<Menu> {
  const res = await page.request.get(`/api/public/restaurants/${DEMO}/menu`);
  expect(res.ok()).toBeTruthy();
  return res.json();
}

function card(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

test.describe('public menu', () => {
  test('the demo menu loads with categories and products on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = await demoMenu(page);
    await page.goto(`/${DEMO}?table=5`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pizzaria Demo' })).toBeVisible();
    await expect(page.getByText('Mesa 5')).toBeVisible();
    await expect(page.getByTestId('open-status')).toHaveText(/Aberto|Fechado/);
    await expect(page.getByRole('tab', { name: 'Todos' })).toBeVisible();
    for (const c of menu.categories.slice(0, 2)) {
      await expect(page.getByRole('tab', { name: c.name })).toBeAttached();
    }
    await expect(page.getByRole('tab', { name: 'Avaliações' })).toBeAttached();
    await expect(card(page, 'Calabresa')).toBeVisible();
    // The cart is empty: its header button is disabled.
    await expect(page.getByRole('button', { name: /^Carrinho/ })).toBeDisabled();

    // Filtering by a category and by text.
    await page.getByRole('tab', { name: 'Bebidas' }).click();
    await expect(card(page, 'Coca-Cola Lata 350ml')).toBeVisible();
    await expect(card(page, 'Calabresa')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Buscar produtos' }).fill('pizza inexistente xyz');
    await expect(page.getByText('Nenhum produto encontrado nesta categoria')).toBeVisible();
  });

  test('the demo menu shows a grid on a desktop', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/${DEMO}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pizzaria Demo' })).toBeVisible();
    const first = await card(page, 'Atum').boundingBox();
    const second = await card(page, 'Calabresa').boundingBox();
    expect(first && second).toBeTruthy();
    // Side by side in a grid, not stacked.
    expect(Math.abs((first?.y ?? 0) - (second?.y ?? 1))).toBeLessThan(2);
  });

  test('a two-flavour pizza with a size and an add-on, a drink added directly, and the cart survives a reload', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = await demoMenu(page);
    const byId = new Map(menu.products.map((p) => [p.id, p]));
    const pizza = menu.products.find((p) => p.name === 'Pizza Meio a Meio');
    const drink = menu.products.find((p) => p.name === 'Coca-Cola Lata 350ml');
    if (!pizza || !drink) throw new Error('demo products missing');
    const [f1, f2] = pizza.pizzaFlavors.map((id) => byId.get(id)).filter((p): p is Product => !!p);
    const size = pizza.variations[pizza.variations.length - 1];
    const addon = pizza.addons[0];
    const unit = Math.round((f1.price + f2.price) / 2) + size.priceModifier + addon.price;

    await page.goto(`/${DEMO}`);
    await card(page, 'Pizza Meio a Meio').getByRole('button', { name: 'Adicionar' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Pizza Meio a Meio' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Selecione ao menos um sabor' })).toBeVisible();
    // Adding without a flavour is refused with the spec's texts.
    await dialog.getByRole('button', { name: 'Selecione ao menos um sabor' }).click();
    await expect(page.getByText('Escolha um sabor')).toBeVisible();
    await expect(page.getByText('Por favor, selecione pelo menos um sabor para continuar.')).toBeVisible();

    await dialog.getByRole('checkbox', { name: new RegExp(`^${f1.name}`) }).check();
    await dialog.getByRole('checkbox', { name: new RegExp(`^${f2.name}`) }).check();
    await dialog.getByRole('button', { name: 'Adicionar ao Carrinho' }).click();
    await expect(page.getByText('Escolha um tamanho')).toBeVisible();
    await dialog.getByRole('radio', { name: new RegExp(`^${size.name.replace(/[()]/g, '\\$&')}`) }).check();
    await dialog.getByRole('checkbox', { name: new RegExp(`^${addon.name}`) }).check();
    await expect(dialog.getByTestId('product-subtotal')).toHaveText(formatBRL(unit));
    await dialog.getByRole('button', { name: 'Adicionar ao Carrinho' }).click();
    await expect(dialog).toBeHidden();

    await card(page, 'Coca-Cola Lata 350ml').getByRole('button', { name: 'Adicionar' }).click();
    const total = unit + drink.price;
    const bar = page.getByRole('button', { name: `Ver carrinho · 2 itens · ${formatBRL(total)}` });
    await expect(bar).toBeVisible();

    await page.reload();
    await expect(bar).toBeVisible();
    await bar.click();
    const cart = page.getByRole('dialog');
    await expect(cart.getByText('Seu Carrinho')).toBeVisible();
    const pizzaLine = cart.getByRole('listitem', { name: 'Pizza Meio a Meio' });
    await expect(pizzaLine.getByText(`Tamanho: ${size.name}`, { exact: false })).toBeVisible();
    await expect(pizzaLine.getByText(`Sabores: ${f1.name}, ${f2.name}`, { exact: false })).toBeVisible();
    await expect(pizzaLine.getByText(`Opções: ${addon.name}`, { exact: false })).toBeVisible();
    await expect(cart.getByTestId('cart-total')).toHaveText(formatBRL(total));

    // Quantity controls and removal.
    await cart
      .getByRole('listitem', { name: 'Coca-Cola Lata 350ml' })
      .getByRole('button', { name: 'Aumentar quantidade' })
      .click();
    await expect(cart.getByTestId('cart-total')).toHaveText(formatBRL(unit + 2 * drink.price));
    await cart.getByRole('button', { name: 'Remover Pizza Meio a Meio' }).click();
    await cart.getByRole('button', { name: 'Remover Coca-Cola Lata 350ml' }).click();
    await expect(cart.getByText('Seu carrinho está vazio')).toBeVisible();
    await cart.getByRole('button', { name: 'Continuar Comprando' }).click();
    await expect(page.getByRole('button', { name: /Ver carrinho/ })).toHaveCount(0);
  });

  test('a quantity beyond the stock is refused', async ({ page }) => {
    const menu = await demoMenu(page);
    const beer = menu.products.find((p) => p.name === 'Cerveja Artesanal IPA 500ml');
    if (!beer) throw new Error('demo product missing');
    expect(beer.controleEstoque).toBe(true);
    test.skip(beer.estoque < 1 || beer.estoque > 20, 'stock changed by another journey');

    await page.goto(`/${DEMO}`);
    await card(page, beer.name)
      .getByRole('button', { name: `Ver detalhes de ${beer.name}` })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(`${beer.estoque} em estoque`)).toBeVisible();
    const plus = dialog.getByRole('button', { name: 'Aumentar quantidade' });
    for (let i = 1; i < beer.estoque; i++) await plus.click();
    // The stepper stops at the stock.
    await expect(plus).toBeDisabled();
    await dialog.getByRole('button', { name: 'Adicionar ao Carrinho' }).click();
    await expect(dialog).toBeHidden();

    // One more from the list: the units already in the cart count against the stock.
    await card(page, beer.name).getByRole('button', { name: 'Adicionar' }).click();
    await expect(page.getByText('Estoque insuficiente')).toBeVisible();
    await expect(page.getByText('Apenas 0 unidade(s) disponível(eis) em estoque.')).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`Ver carrinho · ${beer.estoque} ite`) })).toBeVisible();
  });

  test('the reviews tab shows the newest reviews and the business listing', async ({ page }) => {
    const menu = await demoMenu(page);
    await page.goto(`/${DEMO}`);
    await page.getByRole('button', { name: 'Avaliações', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Avaliações dos Clientes' })).toBeVisible();
    await expect(page.getByText('Avaliações no Google')).toBeVisible();
    await expect(page.getByText('2.069 avaliações')).toBeVisible();
    // A regular customer may have reviewed twice: each review is found by its own text, then its author.
    const list = page.getByRole('region', { name: 'Avaliações dos Clientes' }).getByRole('listitem');
    for (const r of menu.reviews.latest.slice(0, 2)) {
      await expect(list.filter({ hasText: r.comment ?? r.customerName })).toContainText(r.customerName);
    }
  });

  test('an unknown slug shows "Restaurante não encontrado"', async ({ page }) => {
    await page.goto(`/nao-existe-${unique()}`);
    await expect(page.getByRole('heading', { name: 'Restaurante não encontrado' })).toBeVisible();
    await expect(page.getByText('Verifique o link e tente novamente.')).toBeVisible();
  });

  test('a closed restaurant blocks adding with "Restaurante fechado"', async ({ page, baseURL }) => {
    const headers = { origin: baseURL ?? '' };
    const signup = await page.request.post('/api/auth/signup', {
      headers,
      data: {
        name: 'Dona Fechada',
        companyName: `Lanchonete Fechada ${unique()}`,
        email: `fechada-${unique()}@teste.com.br`,
        password: 'senha-segura-1',
      },
    });
    expect(signup.ok()).toBeTruthy();
    const slug: string = (await signup.json()).user.restaurant.slug;
    const product = await page.request.post('/api/admin/products', {
      headers,
      data: { name: 'X-Burger', price: 2500, available: true },
    });
    expect(product.ok()).toBeTruthy();
    const hours = await page.request.put('/api/admin/hours', {
      headers,
      data: {
        hours: Array.from({ length: 7 }, (_, d) => ({ dayOfWeek: d, isClosed: true, openTime: null, closeTime: null })),
      },
    });
    expect(hours.ok()).toBeTruthy();

    await page.goto(`/${slug}`);
    await expect(page.getByTestId('open-status')).toHaveText('Fechado');
    await expect(page.getByText('Estamos fechados no momento.')).toBeVisible();
    const add = card(page, 'X-Burger').getByRole('button', { name: 'Adicionar' });
    await expect(add).toBeDisabled();
    await add.click({ force: true });
    await expect(page.getByText('Restaurante fechado')).toBeVisible();
    await expect(page.getByRole('button', { name: /Ver carrinho/ })).toHaveCount(0);
  });
});
