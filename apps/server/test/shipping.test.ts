import { products, restaurants } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpShippingProvider } from '../src/integrations/shipping/http-provider';
import { type Shop, setupShop } from './checkout-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await setupShop(t, { paymentMethods: false });
});
afterAll(async () => {
  await t?.close();
});

const quote = (body: unknown, slug = shop.slug) =>
  t.client().post(`/api/public/restaurants/${slug}/shipping/quote`, body);
const shirt = (quantity = 1) => [{ productId: shop.products.camiseta.id, quantity }];

describe('simulated quotes', () => {
  it('gives deterministic options in centavos, cheaper first, pricier for more weight and distance', async () => {
    const a = await quote({ cep: '20040-020', items: shirt() });
    expect(a.status).toBe(200);
    expect(a.body.shipped).toBe(true);
    expect(a.body.options.map((o: { name: string }) => o.name)).toEqual(['PAC', 'SEDEX']);
    for (const o of a.body.options) {
      expect(Number.isInteger(o.price)).toBe(true);
      expect(o).toMatchObject({ company: 'Correios', id: expect.any(String), deliveryTime: expect.any(Number) });
    }
    expect((await quote({ cep: '20040020', items: shirt() })).body).toEqual(a.body);
    const heavy = await quote({ cep: '20040-020', items: shirt(20) });
    expect(heavy.body.options[0].price).toBeGreaterThan(a.body.options[0].price);
    const far = await quote({ cep: '69005-070', items: shirt() });
    expect(far.body.options[0].price).toBeGreaterThan(a.body.options[0].price);
  });

  it('answers no options when nothing in the cart is shipped', async () => {
    const r = await quote({ cep: '', items: [{ productId: shop.products.calabresa.id, quantity: 1 }] });
    expect(r.body).toEqual({ shipped: false, options: [] });
  });

  it('answers the spec errors', async () => {
    let r = await quote({ cep: '', items: shirt() });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      title: 'Erro de Endereço',
      description: 'CEP é obrigatório para produtos com entrega.',
    });
    r = await quote({ cep: '01310-100', items: [{ productId: shop.products.semMedidas.id, quantity: 1 }] });
    expect(r.body.error).toMatchObject({
      title: 'Erro de Endereço',
      description: 'Produtos com entrega não possuem dimensões configuradas.',
    });
    r = await quote({ cep: '123', items: shirt() });
    expect(r.body.error).toMatchObject({
      title: 'Erro ao calcular frete',
      description: 'CEP inválido ou fora da área de cobertura: 123',
    });
    r = await quote({ cep: '01310-100', items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] });
    expect(r.body.error).toMatchObject({
      title: 'Erro de Endereço',
      description: 'Erro ao verificar informações dos produtos.',
    });
    r = await quote({ cep: '01310-100', items: [{ productId: 'x', quantity: 1 }] });
    expect(r.status).toBe(400);
    r = await quote({ cep: '01310-100', items: [] });
    expect(r.body.error.title).toBe('Carrinho vazio');
    expect((await quote({ cep: '01310-100', items: shirt() }, 'nao-existe')).status).toBe(404);
  });

  it('never quotes another restaurant’s product', async () => {
    const other = await setupShop(t, { paymentMethods: false });
    const r = await quote({ cep: '01310-100', items: shirt() }, other.slug);
    expect(r.status).toBe(400);
    expect(r.body.error.description).toBe('Erro ao verificar informações dos produtos.');
  });
});

describe('HTTP quote provider', () => {
  it('sends the spec body with minimum dimensions and maps the answer', async () => {
    let sent: { url: string; body: unknown; headers: Record<string, string> } | undefined;
    const fakeFetch = (async (url: string, init: RequestInit) => {
      sent = { url, body: JSON.parse(String(init.body)), headers: init.headers as Record<string, string> };
      return new Response(
        JSON.stringify([
          { id: 1, name: 'SEDEX', company: { name: 'Correios' }, price: '32.40', delivery_time: 2 },
          { id: 2, name: '.Package', company: { name: 'Jadlog' }, price: '21.05', delivery_time: 5 },
          { id: 3, name: 'Mini', company: { name: 'Correios' }, error: 'Dimensões excedidas' },
        ]),
        { status: 200 },
      );
    }) as unknown as typeof fetch;
    await t.db.update(restaurants).set({ originPostalCode: '04538-133' }).where(eq(restaurants.id, shop.rid));
    const real = t.deps.integrations.shipping;
    t.deps.integrations.shipping = httpShippingProvider({
      url: 'https://frete.test/quote',
      token: 'tok',
      fetch: fakeFetch,
    });
    try {
      const r = await quote({ cep: '20040-020', items: shirt(2) });
      expect(r.status).toBe(200);
      expect(r.body.options).toEqual([
        { id: '2', name: '.Package', company: 'Jadlog', price: 2105, deliveryTime: 5 },
        { id: '1', name: 'SEDEX', company: 'Correios', price: 3240, deliveryTime: 2 },
      ]);
      expect(sent!.url).toBe('https://frete.test/quote');
      expect(sent!.headers.authorization).toBe('Bearer tok');
      expect(sent!.body).toEqual({
        from: { postal_code: '04538133' },
        to: { postal_code: '20040020' },
        // Height 2 cm is raised to the minimum 4; insurance is the price in reais.
        products: [
          {
            id: shop.products.camiseta.id,
            width: 20,
            height: 4,
            length: 30,
            weight: 0.3,
            insurance_value: 59.9,
            quantity: 2,
          },
        ],
      });

      t.deps.integrations.shipping = httpShippingProvider({
        url: 'https://frete.test/quote',
        fetch: (async () =>
          new Response(JSON.stringify({ message: 'Token expirado' }), { status: 500 })) as unknown as typeof fetch,
      });
      const apiErr = await quote({ cep: '20040-020', items: shirt() });
      expect(apiErr.body.error).toMatchObject({
        title: 'Erro ao calcular frete',
        description: 'Erro na API: Token expirado',
      });

      t.deps.integrations.shipping = httpShippingProvider({
        url: 'https://frete.test/quote',
        fetch: (async () => new Response('[]', { status: 200 })) as unknown as typeof fetch,
      });
      const none = await quote({ cep: '20040-020', items: shirt() });
      expect(none.body.error).toMatchObject({
        title: 'Erro ao calcular frete',
        description: 'Nenhuma opção de frete disponível para este CEP',
      });
    } finally {
      t.deps.integrations.shipping = real;
    }
    const [p] = await t.db.select().from(products).where(eq(products.id, shop.products.camiseta.id));
    expect(p.height).toBe(2);
  });
});
