import type { Page } from '@playwright/test';
import { DEMO, expect, registerCustomer, test, unique } from './fixtures';

type Product = {
  id: string;
  name: string;
  price: number;
  pizzaFlavors: string[];
  variations: { name: string }[];
  addons: { name: string }[];
};

function card(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

/** Registers a storefront customer through the API; the page shares the session cookie. */
/** Adds a product without options from the list and opens the checkout. */
async function checkoutWith(page: Page, product: string, path = `/${DEMO}`) {
  await page.goto(path);
  await card(page, product).getByRole('button', { name: 'Adicionar' }).click();
  await page.getByRole('button', { name: /Ver carrinho/ }).click();
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finalizar Pedido' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('checkout', () => {
  test('a visitor orders a two-flavour pizza and a drink for delivery with a coupon and cash change', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const menu: { products: Product[] } = await (await page.request.get(`/api/public/restaurants/${DEMO}/menu`)).json();
    const byId = new Map(menu.products.map((p) => [p.id, p]));
    const pizza = menu.products.find((p) => p.name === 'Pizza Meio a Meio')!;
    const [f1, f2] = pizza.pizzaFlavors.map((id) => byId.get(id)!).filter(Boolean);
    const size = pizza.variations[pizza.variations.length - 1];
    const addon = pizza.addons[0];

    await page.goto(`/${DEMO}`);
    await card(page, 'Pizza Meio a Meio').getByRole('button', { name: 'Adicionar' }).click();
    const product = page.getByRole('dialog');
    await product.getByRole('checkbox', { name: new RegExp(`^${f1.name}`) }).check();
    await product.getByRole('checkbox', { name: new RegExp(`^${f2.name}`) }).check();
    await product.getByRole('radio', { name: new RegExp(`^${size.name.replace(/[()]/g, '\\$&')}`) }).check();
    await product.getByRole('checkbox', { name: new RegExp(`^${addon.name}`) }).check();
    await product.getByRole('button', { name: 'Adicionar ao Carrinho' }).click();
    await expect(product).toBeHidden();
    await card(page, 'Coca-Cola Lata 350ml').getByRole('button', { name: 'Adicionar' }).click();
    await page.getByRole('button', { name: /Ver carrinho · 2 itens/ }).click();
    await page.getByRole('button', { name: 'Finalizar Pedido' }).click();

    // Not signed in: the login dialog comes first; register there.
    const auth = page.getByRole('dialog', { name: 'Acesse sua conta' });
    await expect(auth.getByRole('tab', { name: 'Entrar' })).toBeVisible();
    await auth.getByRole('tab', { name: 'Cadastrar' }).click();
    await auth.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('Todos os campos são obrigatórios para o cadastro.').first()).toBeVisible();
    await auth.getByLabel('Nome completo').fill('Maria Checkout');
    await auth.getByLabel('Telefone').fill('11987654321');
    await auth.getByLabel('E-mail').fill(`maria-${unique()}@teste.com.br`);
    await auth.getByLabel('Senha').fill('123');
    await auth.getByLabel('CEP').fill('01310100');
    await auth.getByLabel('Endereço').fill('Avenida Paulista');
    await auth.getByLabel('Número').fill('1000');
    await auth.getByLabel('Bairro').fill('Bela Vista');
    await auth.getByLabel('Cidade').fill('São Paulo');
    await auth.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('A senha deve ter pelo menos 6 caracteres').first()).toBeVisible();
    await auth.getByLabel('Senha').fill('senha123');
    await auth.getByRole('button', { name: 'Criar conta' }).click();

    // Back in the checkout with the profile's address.
    const checkout = page.getByRole('dialog', { name: 'Finalizar Pedido' });
    await expect(checkout.getByLabel('Nome', { exact: true })).toHaveValue('Maria Checkout');
    await expect(checkout.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
    await expect(checkout.getByLabel('Estado')).toHaveValue('SP');
    await expect(checkout.getByLabel('Cidade')).toHaveValue('São Paulo');
    await expect(checkout.getByLabel('Bairro', { exact: true })).toHaveValue('Bela Vista');
    await checkout.getByPlaceholder('Código do cupom').fill('bemvindo10');
    await checkout.getByRole('button', { name: 'Aplicar' }).click();
    await expect(checkout.getByText(/BEMVINDO10 · −R\$/)).toBeVisible();
    // "CPF na nota?": a CNPJ is answered next to the field with why the NFC-e takes none; a CPF goes along.
    const cpf = checkout.getByLabel('CPF na nota? (opcional)');
    await cpf.fill('11222333000181');
    await expect(cpf).toHaveValue('11.222.333/0001-81');
    await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
    await expect(checkout.getByText(/não pode ser emitida para CNPJ/)).toBeVisible();
    await page.screenshot({ path: '.tmp/screens/checkout-cpf-cnpj.png' });
    await cpf.fill('52998224725');
    await expect(cpf).toHaveValue('529.982.247-25');
    await checkout.getByText('Dinheiro', { exact: true }).click();
    await checkout.getByLabel('Troco para quanto?').fill('1');
    await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
    await expect(page.getByText('Valor insuficiente').first()).toBeVisible();
    await checkout.getByLabel('Troco para quanto?').fill('200');
    await expect(checkout.getByText(/^Troco:/)).toBeVisible();
    await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();

    await expect(page.getByText(/Pedido #\d+ realizado!/)).toBeVisible();
    await page.waitForURL('**/customer-dashboard', { timeout: 30_000 });
    const order = page.getByRole('article').first();
    await expect(order.getByTestId('order-status')).toHaveText('Pendente');
    await expect(order.getByText(`Sabores: ${f1.name}, ${f2.name}`, { exact: false })).toBeVisible();
    await expect(order.getByText('Desconto')).toBeVisible();
    await expect(order.getByText(/Troco/)).toBeVisible();
    // The cart was cleared.
    await page.goto(`/${DEMO}`);
    await expect(page.getByRole('button', { name: /Ver carrinho/ })).toHaveCount(0);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`a card order approved in the simulator becomes Preparando; a declined one fails (${viewport.width}px)`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize(viewport);
      await registerCustomer(page.request, baseURL!, DEMO, 'Cliente E2E');

      let checkout = await checkoutWith(page, 'Brownie com Nozes');
      await checkout.getByText('Cartão de Crédito', { exact: true }).click();
      await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
      await page.waitForURL('**/api/payments/simulator/checkout**');
      await expect(page.getByText('Brownie com Nozes')).toBeVisible();
      await page.getByRole('button', { name: 'Aprovar pagamento' }).click();
      await page.waitForURL('**/payment-callback**');
      await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
      await expect(page.getByText('Transação')).toBeVisible();
      await page.getByRole('link', { name: 'Ver meus pedidos' }).click();
      const paid = page.getByRole('article').first();
      await expect(paid.getByTestId('order-status')).toHaveText('Preparando');
      await expect(paid.getByText('pagamento aprovado')).toBeVisible();

      checkout = await checkoutWith(page, 'Pudim de Leite Condensado');
      await checkout.getByText('Cartão de Crédito', { exact: true }).click();
      await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
      await page.waitForURL('**/api/payments/simulator/checkout**');
      await page.getByRole('button', { name: 'Recusar pagamento' }).click();
      await page.waitForURL('**/payment-callback**');
      await expect(page.getByRole('heading', { name: 'Pagamento não aprovado' })).toBeVisible();
      await page.getByRole('link', { name: 'Ver meus pedidos' }).click();
      // A declined payment cancels the order (its stock goes back).
      const declined = page.getByRole('article').first();
      await expect(declined.getByTestId('order-status')).toHaveText('Cancelado');
      await expect(declined.getByText('pagamento falhou')).toBeVisible();
    });
  }

  test('a neighbourhood outside the delivery area is refused with its Erro de Endereço text', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await registerCustomer(page.request, baseURL!, DEMO, 'Cliente E2E');
    const checkout = await checkoutWith(page, 'Coca-Cola Lata 350ml');
    await checkout.getByLabel('Bairro', { exact: true }).selectOption({ label: 'Outro bairro…' });
    await checkout.getByLabel('Nome do bairro').fill('Jardim Inexistente');
    await checkout.getByText('Dinheiro', { exact: true }).click();
    await checkout.getByLabel('Troco para quanto?').fill('50');
    await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
    await expect(page.getByText('Erro de Endereço')).toBeVisible();
    await expect(page.getByText('Este bairro não está em nossa área de entrega...').first()).toBeVisible();
    await expect(checkout).toBeVisible();
  });

  test('an order from a table link is dine-in at that table', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await registerCustomer(page.request, baseURL!, DEMO, 'Cliente E2E');
    const checkout = await checkoutWith(page, 'Coca-Cola Lata 350ml', `/${DEMO}?table=5`);
    await expect(checkout.getByText('Mesa 5')).toBeVisible();
    await expect(checkout.getByLabel('Endereço')).toHaveCount(0);
    await checkout.getByText('Dinheiro', { exact: true }).click();
    await checkout.getByLabel('Troco para quanto?').fill('10');
    await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
    await page.waitForURL('**/customer-dashboard', { timeout: 30_000 });
    const order = page.getByRole('article').first();
    await expect(order.getByText(/Mesa 5/)).toBeVisible();
    await expect(order.getByTestId('order-status')).toHaveText('Pendente');
  });
});
