import { readFileSync } from 'node:fs';
import { categories, products } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTestApp, type Owner, signupOwner, type TestApp } from './helpers';

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
});
afterAll(async () => {
  await t?.close();
});

const SIX = [
  'Nome;Descrição;Preço;Categoria;Tamanhos',
  'Pizza Margherita;Tomate, muçarela e manjericão;45,90;Pizzas;Broto=0 | Grande=20,00',
  'Pizza Calabresa;Calabresa e cebola;47,90;pizzas;',
  'Coca-Cola 2L;;14,00;Bebidas;',
  'Suco de Laranja;Natural, 500 ml;9,50;Bebidas;',
  'Pudim;"Leite condensado; calda de caramelo";12,50;Sobremesas;',
  'Água;;4,00;;',
].join('\r\n');

const file = (content: string | Buffer, fileName = 'cardapio.csv') => ({
  fileName,
  content: Buffer.from(content).toString('base64'),
});

const ownProducts = (restaurantId: string) =>
  t.db.select().from(products).where(eq(products.restaurantId, restaurantId));

describe('menu import', () => {
  it('previews every line and writes nothing', async () => {
    const res = await owner.client.post('/api/admin/products/import/preview', file(SIX));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: 6, invalid: 0 });
    expect(res.body.categories).toEqual([
      { name: 'Pizzas', isNew: true },
      { name: 'Bebidas', isNew: true },
      { name: 'Sobremesas', isNew: true },
    ]);
    expect(res.body.lines[4]).toMatchObject({
      line: 6,
      name: 'Pudim',
      description: 'Leite condensado; calda de caramelo',
    });
    expect(await ownProducts(owner.restaurantId)).toHaveLength(0);
  });

  it('refuses a file with errors, line by line, and writes nothing', async () => {
    const bad = `${SIX}\r\nPizza Margherita;;abc;Pizzas;\r\n;Sem nome;10;;`;
    const preview = await owner.client.post('/api/admin/products/import/preview', file(bad));
    expect(preview.body).toMatchObject({ valid: 6, invalid: 2 });
    expect(preview.body.lines.slice(6).map((l: { line: number; errors: string[] }) => [l.line, l.errors])).toEqual([
      [8, ['Preço inválido: "abc" (use 45,90).', 'Produto repetido na planilha (linha 2).']],
      [9, ['Informe o nome do produto.']],
    ]);
    const res = await owner.client.post('/api/admin/products/import', file(bad));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      title: 'Planilha com erros',
      description: 'Corrija as 2 linhas com erro e envie de novo: nada foi importado.',
    });
    expect(await ownProducts(owner.restaurantId)).toHaveLength(0);
  });

  it('imports the six products and their categories in one go', async () => {
    const res = await owner.client.post('/api/admin/products/import', file(SIX));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ products: 6, categories: 3 });
    const rows = await ownProducts(owner.restaurantId);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((p) => p.sku)).size).toBe(6);
    const margherita = rows.find((p) => p.name === 'Pizza Margherita');
    expect(margherita).toMatchObject({ price: 4590, available: true, compareAtPrice: null });
    expect(margherita?.variations.map((v) => [v.name, v.priceModifier])).toEqual([
      ['Broto', 0],
      ['Grande', 2000],
    ]);
    const cats = await t.db.select().from(categories).where(eq(categories.restaurantId, owner.restaurantId));
    expect(cats.map((c) => c.name).sort()).toEqual(['Bebidas', 'Pizzas', 'Sobremesas']);
    const calabresa = rows.find((p) => p.name === 'Pizza Calabresa');
    expect(cats.find((c) => c.id === calabresa?.categoryId)?.name).toBe('Pizzas');
    expect(rows.find((p) => p.name === 'Água')?.categoryId).toBeNull();
  });

  it('refuses to import the same products twice', async () => {
    const again = await owner.client.post('/api/admin/products/import/preview', file(SIX));
    expect(again.body.invalid).toBe(6);
    expect(again.body.lines[0].errors).toEqual(['Já existe um produto chamado Pizza Margherita no cardápio.']);
    expect(again.body.categories.every((c: { isNew: boolean }) => !c.isNew)).toBe(true);
  });

  it('reads an XLSX spreadsheet', async () => {
    const xlsx = readFileSync(new URL('./fixtures/cardapio.xlsx', import.meta.url));
    const res = await owner.client.post('/api/admin/products/import/preview', file(xlsx, 'cardapio.xlsx'));
    expect(res.status).toBe(200);
    expect(res.body.lines).toMatchObject([
      { line: 2, name: 'Esfiha de Carne', price: 650, category: 'Salgados', errors: [] },
      {
        line: 3,
        name: 'Pizza Calabresa',
        price: 4990,
        sizes: [{ name: 'Broto' }, { name: 'Grande', priceModifier: 1500 }],
      },
    ]);
    expect(res.body.lines[1].errors).toEqual(['Já existe um produto chamado Pizza Calabresa no cardápio.']);
  });

  it('answers a clear 400 for a broken, empty, oversized or headerless file', async () => {
    const broken = await owner.client.post('/api/admin/products/import/preview', file('PK\u0003\u0004lixo', 'x.xlsx'));
    expect(broken.status).toBe(400);
    expect(broken.body.error.description).toBe(
      'Não foi possível ler a planilha. Salve-a como .xlsx ou .csv e tente de novo.',
    );
    const headerless = await owner.client.post('/api/admin/products/import/preview', file('Pizza;45,90'));
    expect(headerless.status).toBe(400);
    expect(headerless.body.error.description).toBe(
      'A planilha precisa das colunas Nome e Preço na primeira linha (baixe o modelo).',
    );
    const huge = await owner.client.post('/api/admin/products/import/preview', file('x'.repeat(1024 * 1024 + 10)));
    expect(huge.status).toBe(400);
    expect((await owner.client.post('/api/admin/products/import/preview', { fileName: 'a.csv' })).status).toBe(400);
  });

  it('is for who manages products, and only ever writes to their own restaurant', async () => {
    const kitchen = await createEmployee(t, owner, { profileType: 'kitchen' });
    expect((await kitchen.client.post('/api/admin/products/import', file(SIX))).status).toBe(403);
    const other = await signupOwner(t);
    // The same names are free in another restaurant, and importing there leaves this one alone.
    const res = await other.client.post('/api/admin/products/import', file(SIX));
    expect(res.status).toBe(201);
    expect(await ownProducts(other.restaurantId)).toHaveLength(6);
    expect(await ownProducts(owner.restaurantId)).toHaveLength(6);
  });
});
