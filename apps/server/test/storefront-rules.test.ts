import { restaurants } from '@meucardapio/db/schema';
import { orderProposalSchema } from '@meucardapio/domain/checkout';
import {
  addressEntrySchema,
  customerProfileSchema,
  customerRegistrationSchema,
  loginSchema,
  passwordRecoverySchema,
  reviewSchema,
} from '@meucardapio/domain/validation';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueDescription } from '../src/http/validate';
import { customerOf, deliveryOrder, ORDERS, type Shop, shopPerFile } from './checkout-fixtures';
import { eventually, type TestApp } from './helpers';

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

const shirt = () => ({ productId: shop.products.camiseta.id, quantity: 1, colorIds: [shop.ids.color] });

async function quoteFor(client: TestApp['client'] extends () => infer C ? C : never, cep: string) {
  const q = await client.post(`/api/public/restaurants/${shop.slug}/shipping/quote`, {
    cep,
    items: [{ productId: shop.products.camiseta.id, quantity: 1 }],
  });
  expect(q.status).toBe(200);
  return q.body.options[0] as { id: string; price: number };
}

describe('required delivery fields', () => {
  it('a local delivery needs the CEP when the customer has no saved address', async () => {
    const { client } = await customerOf(t, shop);
    const noCep = await client.post(ORDERS, deliveryOrder(shop, { cep: '' }));
    expect(noCep.status).toBe(400);
    expect(noCep.body.error).toMatchObject({
      code: 'cep_required',
      title: 'Erro de Endereço',
      description: 'Preencha todos os campos obrigatórios.',
    });

    const saved = await client.post('/api/customer/addresses', {
      name: 'Casa',
      address: 'Avenida Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      cep: '01310-100',
    });
    expect(saved.status).toBe(201);
    const withSaved = await client.post(ORDERS, deliveryOrder(shop, { cep: '' }));
    expect(withSaved.status).toBe(201);
    expect(withSaved.body.order).toMatchObject({ deliveryType: 'delivery', deliveryFee: 500 });
  });

  it('a shipped order needs the neighbourhood', async () => {
    const { client } = await customerOf(t, shop);
    const option = await quoteFor(client, '20040-020');
    const body = deliveryOrder(shop, {
      items: [shirt()],
      cep: '20040-020',
      state: 'RJ',
      city: 'Rio de Janeiro',
      neighborhood: '',
      shippingOptionId: option.id,
      cashReceived: 20000,
    });
    const r = await client.post(ORDERS, body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'neighborhood_required', title: 'Erro de Endereço' });
    const ok = await client.post(ORDERS, { ...body, neighborhood: 'Centro' });
    expect(ok.status).toBe(201);
  });
});

describe('mixed carts', () => {
  it('a pizza plus a shipped product pays the neighbourhood fee and the freight', async () => {
    const { client } = await customerOf(t, shop);
    const option = await quoteFor(client, '01310-100');
    const r = await client.post(
      ORDERS,
      deliveryOrder(shop, {
        items: [{ productId: shop.products.calabresa.id, quantity: 1 }, shirt()],
        shippingOptionId: option.id,
        cashReceived: 100000,
      }),
    );
    expect(r.status).toBe(201);
    expect(r.body.order).toMatchObject({
      subtotal: 4000 + 5990,
      deliveryFee: 500 + option.price,
      total: 4000 + 5990 + 500 + option.price,
    });
    expect(r.body.order.shippingOption).toMatchObject({ id: option.id, price: option.price });

    // Staff see the same two parts on the board and the receipt.
    const fees = { localFee: 500, freight: option.price };
    const board = await shop.owner.client.get('/api/admin/orders');
    expect(board.body.orders.find((o: { id: string }) => o.id === r.body.order.id)?.fees).toEqual(fees);
    const receipt = await shop.owner.client.get(`/api/admin/orders/${r.body.order.id}/receipt`);
    expect(receipt.body.order.fees).toEqual(fees);
  });

  it('the local items still need an address the restaurant delivers to', async () => {
    const { client } = await customerOf(t, shop);
    const option = await quoteFor(client, '20040-020');
    const r = await client.post(
      ORDERS,
      deliveryOrder(shop, {
        items: [{ productId: shop.products.calabresa.id, quantity: 1 }, shirt()],
        cep: '20040-020',
        state: 'RJ',
        city: 'Rio de Janeiro',
        neighborhood: 'Centro',
        shippingOptionId: option.id,
        cashReceived: 100000,
      }),
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'state_not_served', title: 'Erro de Endereço' });
  });
});

describe('commerce segment', () => {
  it('a shop refuses table orders; restaurants keep them', async () => {
    const { client } = await customerOf(t, shop);
    const tableOrder = deliveryOrder(shop, { deliveryType: 'dine_in', tableNumber: 5 });
    await t.db.update(restaurants).set({ businessSegment: 'commerce' }).where(eq(restaurants.id, shop.rid));
    try {
      const refused = await client.post(ORDERS, tableOrder);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'tables_not_offered', title: 'Mesa inválida' });
      expect(refused.body.error.description).toBe(
        'Esta loja não atende em mesas. Faça seu pedido para entrega ou retirada.',
      );
      const pickup = await client.post(ORDERS, deliveryOrder(shop, { deliveryType: 'pickup' }));
      expect(pickup.status).toBe(201);
    } finally {
      await t.db.update(restaurants).set({ businessSegment: 'restaurant' }).where(eq(restaurants.id, shop.rid));
    }
    const ok = await client.post(ORDERS, tableOrder);
    expect(ok.status).toBe(201);
  });

  it('a shop menu offers no pizza choices, even for products saved as pizzas', async () => {
    const menuOf = async () => {
      const r = await t.client().get(`/api/public/restaurants/${shop.slug}/menu`);
      expect(r.status).toBe(200);
      return (
        r.body.products as { id: string; isPizza: boolean; allowsMultipleFlavors: boolean; pizzaFlavors: string[] }[]
      ).find((p) => p.id === shop.products.meioAMeio.id);
    };
    expect(await menuOf()).toMatchObject({ isPizza: true, allowsMultipleFlavors: true });
    await t.db.update(restaurants).set({ businessSegment: 'commerce' }).where(eq(restaurants.id, shop.rid));
    try {
      // Written underneath the API: the cache hears of it through the database's NOTIFY.
      await eventually(async () =>
        expect(await menuOf()).toMatchObject({ isPizza: false, allowsMultipleFlavors: false, pizzaFlavors: [] }),
      );
      // The server agrees: flavours are refused, the product sells at its own price.
      const { client } = await customerOf(t, shop);
      const pizza = { productId: shop.products.meioAMeio.id, quantity: 1, variationId: shop.ids.size };
      const flavoured = await client.post(
        ORDERS,
        deliveryOrder(shop, { items: [{ ...pizza, flavorIds: [shop.products.calabresa.id] }] }),
      );
      expect(flavoured.status).toBe(400);
      expect(flavoured.body.error.code).toBe('invalid_flavor');
      const plain = await client.post(ORDERS, deliveryOrder(shop, { items: [pizza] }));
      expect(plain.status).toBe(201);
      expect(plain.body.order.subtotal).toBe(4500 + 1000);
    } finally {
      await t.db.update(restaurants).set({ businessSegment: 'restaurant' }).where(eq(restaurants.id, shop.rid));
    }
  });
});

/** A message people could read in Portuguese: no camelCase field names, no English or zod wording. */
const NOT_PT_BR =
  /\b[a-z]+[A-Z][A-Za-z]*\b|\b(expected|received|invalid|required|string|number|array|object|undefined|Too|must)\b|Demasiado|esperava|vetor|^\w+(\.\d+)*(\.\w+)*:/;

describe('validation messages in Portuguese', () => {
  it('a registration with a bad birthday names the field in Portuguese', async () => {
    const r = await t.client().post(`/api/public/restaurants/${shop.slug}/customers/register`, {
      name: 'Ana',
      phone: '11987654321',
      email: 'ana-bday@teste.com.br',
      password: 'senha123',
      cep: '01310100',
      address: 'Rua A',
      number: '1',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      birthDay: 40,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.description).toBe('Dia de aniversário inválido.');
  });

  it('an order with wrong types answers pt-BR labels, never field paths', async () => {
    const { client } = await customerOf(t, shop);
    const qty = await client.post(
      ORDERS,
      deliveryOrder(shop, { items: [{ productId: shop.products.calabresa.id, quantity: 'dois' }] }),
    );
    expect(qty.status).toBe(400);
    expect(qty.body.error.description).toBe('Quantidade inválida');
    const type = await client.post(ORDERS, deliveryOrder(shop, { deliveryType: 'drone' }));
    expect(type.body.error.description).toBe('Tipo de entrega inválido');
    const cash = await client.post(ORDERS, deliveryOrder(shop, { cashReceived: 'muito' }));
    expect(cash.body.error.description).toBe('Valor recebido inválido');
    for (const r of [qty, type, cash]) expect(r.body.error.description).not.toMatch(NOT_PT_BR);
  });

  it('every public and customer schema answers pt-BR for blank, wrong-typed and oversized input', () => {
    const schemas: Record<string, z.ZodType> = {
      orderProposalSchema,
      customerRegistrationSchema,
      customerProfileSchema,
      loginSchema,
      passwordRecoverySchema,
      addressEntrySchema,
      reviewSchema,
    };
    const long = 'x'.repeat(5000);
    const inputs: unknown[] = [
      {},
      null,
      'texto',
      { name: 1, phone: 2, email: 3, password: 4, cep: 5, birthDay: 'x', birthMonth: 99, rating: 'dez' },
      { name: long, phone: long, email: long, password: long, cep: long, address: long, comment: long },
      { items: [], deliveryType: 'x', paymentMethod: '' },
      { items: [{ productId: 'x', quantity: 0, colorIds: 'x', addonIds: [1], flavorIds: ['y'] }] },
      { items: 'x', tableNumber: -1, installments: 40, cashReceived: -5, note: long },
    ];
    const seen: string[] = [];
    for (const [name, schema] of Object.entries(schemas)) {
      for (const input of inputs) {
        const result = schema.safeParse(input);
        if (result.success) continue;
        for (const issue of result.error.issues) {
          seen.push(issue.message);
          expect(issue.message, `${name}: ${JSON.stringify(issue.path)}`).not.toMatch(NOT_PT_BR);
        }
        expect(issueDescription(result.error)).not.toMatch(NOT_PT_BR);
      }
    }
    expect(seen.length).toBeGreaterThan(40);
  });
});
