import { products, restaurants, stockHistory } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { base, catalogPerFile, create } from './catalog-fixtures';
import { type Owner, signupOwner, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let owner: Owner;
let other: Owner;
let kitchen: TestClient;
let waiter: TestClient;
let cashier: TestClient;
let menuManager: TestClient;
let stockKeeper: TestClient;
let adminEmp: TestClient;
let counterWithProducts: TestClient;

catalogPerFile(
  (made) =>
    ({ t, owner, other, kitchen, waiter, cashier, menuManager, stockKeeper, adminEmp, counterWithProducts } = made),
);

describe('products', () => {
  it('creates with every field, ids on named entries only, and generated SKUs 001, 002…', async () => {
    const cat = (await owner.client.post('/api/admin/categories', { name: 'Bebidas' })).body.category;
    const p = await create(owner.client, {
      description: 'Gelada',
      categoryId: cat.id,
      variations: [
        { name: 'Pequena', priceModifier: 0 },
        { name: '  ', priceModifier: 100 },
        { name: 'Grande', priceModifier: 500, id: 'keep-me' },
      ],
      colors: [{ name: '', priceModifier: 0 }],
      addons: [{ name: 'Gelo', price: 0 }],
      controleEstoque: true,
      estoque: 12,
      estoqueMinimo: 3,
      precoCusto: 600,
      codigoBarras: '7894900011517',
      codigoNcm: '22021000',
      codigoCest: '0300700',
      origemMercadoria: 0,
      unidade: 'UN',
      csosnIcms: '102',
      cstPisCofins: '04',
      envioCorreios: true,
      height: 30,
      width: 10,
      length: 10,
      weight: 2.1,
    });
    expect(p).toMatchObject({
      name: 'Coca-Cola 2L',
      price: 1200,
      categoryName: 'Bebidas',
      codigoNcm: '2202.10.00',
      codigoCest: '03.007.00',
      estoque: 12,
      sku: expect.stringMatching(/^\d{3}$/),
    });
    expect(p.variations.map((v: { name: string }) => v.name)).toEqual(['Pequena', 'Grande']);
    expect(p.variations[1].id).toBe('keep-me');
    expect(p.variations[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(p.colors).toEqual([]);
    expect(p.addons).toEqual([expect.objectContaining({ name: 'Gelo', price: 0, id: expect.any(String) })]);
    expect(p).not.toHaveProperty('restaurantId');

    // Initial stock is recorded with who did it (the owner is not an employee: 'Sistema').
    const hist = await owner.client.get(`/api/admin/products/${p.id}/stock-history`);
    expect(hist.status).toBe(200);
    expect(hist.body.history).toEqual([
      expect.objectContaining({
        operationType: 'register',
        quantityBefore: 0,
        quantityAfter: 12,
        quantityChanged: 12,
        notes: 'Cadastro inicial do produto',
        employeeName: 'Sistema',
      }),
    ]);
  });

  it('SKU sequence: first 001, then highest numeric + 1 keeping the padding, never reused after a delete', async () => {
    const fresh = await signupOwner(t);
    const a = await create(fresh.client);
    const b = await create(fresh.client);
    expect([a.sku, b.sku]).toEqual(['001', '002']);
    await t.db.update(products).set({ sku: '0099' }).where(eq(products.id, b.id));
    const c = await create(fresh.client);
    expect(c.sku).toBe('0100');
    // Other restaurants' SKUs do not count.
    const d = await create(other.client);
    expect(d.sku).toBe('001');
    // Concurrent creations still get distinct SKUs.
    const many = await Promise.all(Array.from({ length: 5 }, () => fresh.client.post('/api/admin/products', base())));
    expect(many.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const skus = many.map((r) => r.body.product.sku).sort();
    expect(skus).toEqual(['0101', '0102', '0103', '0104', '0105']);
  });

  it('an employee creating with stock is named in the history', async () => {
    const p = await create(adminEmp, { controleEstoque: true, estoque: 5 });
    const [h] = await t.db.select().from(stockHistory).where(eq(stockHistory.productId, p.id));
    expect(h.employeeName).toBe('Funcionário Gerente');
  });

  it('lists newest first with the category name, only this restaurant', async () => {
    const p1 = await create(owner.client, { name: 'Primeiro' });
    const p2 = await create(owner.client, { name: 'Segundo' });
    await create(other.client, { name: 'De outro restaurante' });
    const res = await owner.client.get('/api/admin/products');
    expect(res.status).toBe(200);
    const names = res.body.products.map((p: { name: string }) => p.name);
    expect(names.indexOf('Segundo')).toBeLessThan(names.indexOf('Primeiro'));
    expect(names).not.toContain('De outro restaurante');
    expect(res.body.products.find((p: { id: string }) => p.id === p1.id).categoryName).toBeNull();
    expect(p2.id).toBeDefined();
  });

  it('refuses the inputs that disable the save button, with pt-BR messages', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '   ' }, /nome/i],
      [{ price: 0 }, /preço/i],
      [{ price: -5 }, /preço/i],
      [{ envioCorreios: true, height: 1, width: 1, length: 1 }, /Correios/],
      [{ envioCorreios: true, height: 1, width: 0, length: 1, weight: 1 }, /Correios/],
      [{ codigoNcm: '1234' }, /NCM/],
      [{ codigoCest: '12.34' }, /CEST/],
      [{ origemMercadoria: 9 }, /Origem/],
      [{ unidade: 'CX' }, /Unidade/],
      [{ maxFlavors: 0 }, /sabores/],
      [{ price: 12.5 }, /centavos/],
      [{ imageUrl: 'javascript:alert(1)' }, /imagem/],
      [{ categoryId: 'x' }, /Categoria/],
    ];
    for (const [over, re] of cases) {
      const res = await owner.client.post('/api/admin/products', base(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(`${res.body.error.title} ${res.body.error.description}`, JSON.stringify(over)).toMatch(re);
    }
    const malformed = await owner.client.post('/api/admin/products', '{"name":');
    expect(malformed.status).toBe(400);
    // A category of another restaurant cannot be used.
    const foreignCat = (await other.client.post('/api/admin/categories', { name: 'Alheia' })).body.category;
    const res = await owner.client.post('/api/admin/products', base({ categoryId: foreignCat.id }));
    expect(res.status).toBe(400);
    expect(res.body.error.title).toBe('Categoria não encontrada');
  });

  it('max flavours defaults to 2; toggles clear each other', async () => {
    const single1 = await create(owner.client, { name: 'Calabresa', isPizza: true, price: 4000 });
    const single2 = await create(owner.client, { name: 'Mussarela', isPizza: true, price: 3800 });
    expect(single1.maxFlavors).toBe(2);
    const multi = await create(owner.client, {
      name: 'Pizza Meio a Meio',
      price: 4500,
      isPizza: true,
      allowsMultipleFlavors: true,
      maxFlavors: 2,
      pizzaFlavors: [single1.id, single2.id],
      variations: [
        { name: 'Média', priceModifier: 0 },
        { name: 'Grande', priceModifier: 1000 },
      ],
    });
    expect(multi.pizzaFlavors).toEqual([single1.id, single2.id]);

    // Multiple flavours off → flavours cleared.
    const off = await owner.client.put(`/api/admin/products/${multi.id}`, {
      ...base({ name: 'Pizza Meio a Meio', price: 4500 }),
      isPizza: true,
      allowsMultipleFlavors: false,
      pizzaFlavors: [single1.id],
    });
    expect(off.status).toBe(200);
    expect(off.body.product).toMatchObject({ isPizza: true, allowsMultipleFlavors: false, pizzaFlavors: [] });

    // is_pizza off → multiple flavours off too.
    const notPizza = await owner.client.put(`/api/admin/products/${multi.id}`, {
      ...base(),
      isPizza: false,
      allowsMultipleFlavors: true,
      pizzaFlavors: [single1.id],
    });
    expect(notPizza.body.product).toMatchObject({ isPizza: false, allowsMultipleFlavors: false, pizzaFlavors: [] });
  });

  it('flavours must be single pizzas of the same restaurant', async () => {
    const plain = await create(owner.client, { name: 'Suco' });
    const multi = await create(owner.client, { name: 'Pizza 2 sabores', isPizza: true, allowsMultipleFlavors: true });
    const foreign = await create(other.client, { name: 'Pizza alheia', isPizza: true });
    for (const bad of [plain.id, multi.id, foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await owner.client.post(
        '/api/admin/products',
        base({ isPizza: true, allowsMultipleFlavors: true, pizzaFlavors: [bad] }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.title).toBe('Sabor inválido');
    }
  });

  it('the commerce segment forces the pizza flags off', async () => {
    const shop = await signupOwner(t);
    await t.db.update(restaurants).set({ businessSegment: 'commerce' }).where(eq(restaurants.id, shop.restaurantId));
    const p = await create(shop.client, { isPizza: true, allowsMultipleFlavors: true });
    expect(p).toMatchObject({ isPizza: false, allowsMultipleFlavors: false, pizzaFlavors: [] });
  });

  it('update ignores stock and SKU; the stock only changes through stock entries', async () => {
    const p = await create(owner.client, { controleEstoque: true, estoque: 4 });
    const res = await owner.client.put(
      `/api/admin/products/${p.id}`,
      base({ estoque: 999, sku: 'HACK', name: 'Novo nome' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.product).toMatchObject({ name: 'Novo nome', estoque: 4, sku: p.sku });
  });

  it('clone: " Cópia" suffix, stock 0, barcode cleared, new SKU', async () => {
    const p = await create(owner.client, {
      name: 'Brownie',
      controleEstoque: true,
      estoque: 9,
      codigoBarras: '123',
      addons: [{ name: 'Sorvete', price: 500 }],
    });
    const res = await owner.client.post(`/api/admin/products/${p.id}/clone`);
    expect(res.status).toBe(201);
    const c = res.body.product;
    expect(c).toMatchObject({
      name: 'Brownie Cópia',
      estoque: 0,
      codigoBarras: null,
      controleEstoque: true,
      price: 1200,
    });
    expect(c.id).not.toBe(p.id);
    expect(c.sku).not.toBe(p.sku);
    expect(Number(c.sku)).toBeGreaterThan(Number(p.sku));
    expect(c.addons).toEqual(p.addons);
    const foreign = await other.client.post(`/api/admin/products/${p.id}/clone`);
    expect(foreign.status).toBe(404);
  });

  it('delete: multi-flavour pizzas only by administrators; flavours are unlinked', async () => {
    const flavor = await create(owner.client, { name: 'Portuguesa', isPizza: true });
    const multi = await create(owner.client, {
      name: 'Pizza Dupla',
      isPizza: true,
      allowsMultipleFlavors: true,
      pizzaFlavors: [flavor.id],
    });
    const denied = await counterWithProducts.delete(`/api/admin/products/${multi.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatchObject({ title: 'Acesso negado' });
    expect(denied.body.error.description).toMatch(/administradores/);
    // A plain product can be deleted by anyone with manage_products.
    const plain = await create(owner.client);
    expect((await counterWithProducts.delete(`/api/admin/products/${plain.id}`)).status).toBe(200);

    expect((await owner.client.delete(`/api/admin/products/${flavor.id}`)).status).toBe(200);
    const after = await owner.client.get(`/api/admin/products/${multi.id}`);
    expect(after.body.product.pizzaFlavors).toEqual([]);
    expect((await adminEmp.delete(`/api/admin/products/${multi.id}`)).status).toBe(200);
    expect((await owner.client.get(`/api/admin/products/${multi.id}`)).status).toBe(404);
  });

  it('every write is refused without manage_products/manage_menu, with the products denial text', async () => {
    const p = await create(owner.client);
    for (const client of [kitchen, waiter, cashier, stockKeeper]) {
      const attempts = [
        await client.post('/api/admin/products', base()),
        await client.put(`/api/admin/products/${p.id}`, base({ name: 'X' })),
        await client.post(`/api/admin/products/${p.id}/clone`),
        await client.delete(`/api/admin/products/${p.id}`),
        await client.get('/api/admin/products'),
      ];
      for (const res of attempts) {
        expect(res.status).toBe(403);
        expect(res.body.error).toEqual({
          code: 'forbidden',
          title: 'Acesso negado',
          description: 'Você não tem permissão para criar/editar/excluir produtos',
        });
      }
    }
    expect((await t.client().get('/api/admin/products')).status).toBe(401);
    // manage_menu alone is enough.
    expect((await menuManager.post('/api/admin/products', base())).status).toBe(201);
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row.name).toBe('Coca-Cola 2L');
  });

  it("another restaurant's product can be neither read nor changed", async () => {
    const p = await create(owner.client, { name: 'Segredo da casa', controleEstoque: true, estoque: 3 });
    const o = other.client;
    const tries = [
      await o.get(`/api/admin/products/${p.id}`),
      await o.put(`/api/admin/products/${p.id}`, base({ name: 'Roubado' })),
      await o.delete(`/api/admin/products/${p.id}`),
      await o.get(`/api/admin/products/${p.id}/stock-history`),
      await o.post('/api/admin/stock/entries', { productId: p.id, quantity: 5 }),
    ];
    for (const res of tries) expect(res.status).toBe(404);
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ name: 'Segredo da casa', estoque: 3 });
    const list = await o.get('/api/admin/products');
    expect(list.body.products.map((x: { id: string }) => x.id)).not.toContain(p.id);
    // Using it as a flavour from another restaurant is refused too (covered above); bad ids are 400.
    expect((await o.get('/api/admin/products/nao-e-id')).status).toBe(400);
  });

  it('pizza flavours: available pizzas by name', async () => {
    const fresh = await signupOwner(t);
    await create(fresh.client, { name: 'Zebra', isPizza: true });
    await create(fresh.client, { name: 'Atum', isPizza: true });
    await create(fresh.client, { name: 'Bacon', isPizza: true, available: false });
    await create(fresh.client, { name: 'Água' });
    const res = await fresh.client.get('/api/admin/pizza-flavors');
    expect(res.status).toBe(200);
    expect(res.body.flavors.map((f: { name: string }) => f.name)).toEqual(['Atum', 'Zebra']);
    expect((await kitchen.get('/api/admin/pizza-flavors')).status).toBe(403);
  });
});
