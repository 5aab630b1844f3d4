import { describe, expect, it } from 'vitest';
import { customerOf, deliveryOrder, ORDERS, orderCount, type Shop, shopPerFile } from './checkout-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

describe('delivery area, table and shipping', () => {
  it('answers each Erro de Endereço text and accepts accent/case variants', async () => {
    const { client } = await customerOf(t, shop);
    const cases: [Record<string, unknown>, string][] = [
      [{ neighborhood: 'Jardins' }, 'Este bairro não está em nossa área de entrega...'],
      [{ city: 'Campinas' }, 'Esta cidade não está em nossa área de atendimento...'],
      [{ state: 'RJ' }, 'Este estado não está em nossa área de atendimento...'],
      [{ neighborhood: '' }, 'Estado, cidade e bairro são obrigatórios para delivery.'],
    ];
    for (const [over, description] of cases) {
      const r = await client.post(ORDERS, deliveryOrder(shop, over));
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ title: 'Erro de Endereço', description });
    }
    const ok = await client.post(
      ORDERS,
      deliveryOrder(shop, { neighborhood: 'CONSOLACAO', city: 'sao paulo', state: 'são paulo' }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.order).toMatchObject({
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
      deliveryFee: 700,
    });
    expect(await orderCount(t, shop.rid)).toBeGreaterThan(0);
  });

  it('pickup has no fee and no address', async () => {
    const { client } = await customerOf(t, shop);
    const r = await client.post(ORDERS, deliveryOrder(shop, { deliveryType: 'pickup', neighborhood: 'Jardins' }));
    expect(r.status).toBe(201);
    expect(r.body.order).toMatchObject({ deliveryType: 'pickup', deliveryFee: 0, address: null, total: 4000 });
  });

  it('a table-link order is dine-in with its table number; an unknown table is refused', async () => {
    const { client } = await customerOf(t, shop);
    const r = await client.post(
      ORDERS,
      deliveryOrder(shop, { deliveryType: 'dine_in', tableNumber: 5, address: null }),
    );
    expect(r.status).toBe(201);
    expect(r.body.order).toMatchObject({ deliveryType: 'dine_in', tableNumber: 5, deliveryFee: 0 });
    const bad = await client.post(ORDERS, deliveryOrder(shop, { deliveryType: 'dine_in', tableNumber: 99 }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.title).toBe('Mesa inválida');
  });

  it('a shipped product forces delivery and is charged the quoted option', async () => {
    const { client } = await customerOf(t, shop);
    const items = [{ productId: shop.products.camiseta.id, quantity: 1, colorIds: [shop.ids.color] }];
    const quote = await client.post(`/api/public/restaurants/${shop.slug}/shipping/quote`, {
      cep: '20040-020',
      items: items.map(({ productId, quantity }) => ({ productId, quantity })),
    });
    expect(quote.status).toBe(200);
    const option = quote.body.options[0];
    const noOption = await client.post(
      ORDERS,
      deliveryOrder(shop, { items, deliveryType: 'pickup', cep: '20040-020' }),
    );
    expect(noOption.status).toBe(400);
    expect(noOption.body.error.title).toBe('Selecione uma opção de frete');
    const noColor = await client.post(
      ORDERS,
      deliveryOrder(shop, {
        items: [{ productId: shop.products.camiseta.id, quantity: 1 }],
        shippingOptionId: option.id,
      }),
    );
    expect(noColor.body.error.title).toBe('Escolha uma cor');
    const r = await client.post(
      ORDERS,
      deliveryOrder(shop, {
        items,
        deliveryType: 'pickup',
        cep: '20040-020',
        state: 'RJ',
        city: 'Rio de Janeiro',
        neighborhood: 'Centro',
        shippingOptionId: option.id,
        cashReceived: 20000,
      }),
    );
    expect(r.status).toBe(201);
    expect(r.body.order).toMatchObject({ deliveryType: 'delivery', deliveryFee: option.price, subtotal: 5990 });
    expect(r.body.order.shippingOption).toMatchObject({ id: option.id, name: option.name });
  });
});
