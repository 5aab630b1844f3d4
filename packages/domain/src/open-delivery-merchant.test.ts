import { describe, expect, it } from 'vitest';
import { type MenuProduct, merchantDocument } from './open-delivery-merchant';

const product = (id: string, categoryId: string | null): MenuProduct => ({
  id,
  name: `Produto ${id}`,
  description: null,
  price: 1000,
  available: true,
  imageUrl: null,
  categoryId,
  multiFlavor: false,
  maxFlavors: 1,
  flavorIds: [],
  sizes: [],
  addons: [],
});

const doc = (products: MenuProduct[]) =>
  merchantDocument({
    restaurant: {
      id: 'r1',
      name: 'Casa',
      description: null,
      document: null,
      corporateName: null,
      phone: null,
      email: null,
      logoUrl: 'https://x/logo.png',
      address: {
        state: 'SP',
        city: 'São Paulo',
        district: 'Centro',
        street: 'Rua A',
        number: '1',
        postalCode: '01000000',
        complement: '',
        latitude: -23.5,
        longitude: -46.6,
      },
      pizzeria: false,
    },
    categories: [{ id: 'c1', name: 'Bebidas' }],
    products,
    hours: [],
    utcOffsetMinutes: -180,
    lastUpdate: new Date('2026-01-01T00:00:00Z'),
    open: true,
    uuid: (key) => `uuid:${key}`,
  });

describe("our menu in Open Delivery's Merchant shape", () => {
  it('offers a product without a category (or whose category is gone) in "Outros"', () => {
    const m = doc([product('p1', 'c1'), product('p2', null), product('p3', 'gone')]);
    expect(m.categories.map((c) => c.name)).toEqual(['Bebidas', 'Outros']);
    const others = m.categories[1];
    const offered = m.itemOffers.filter((o) => others.itemOfferId.includes(o.id as string)).map((o) => o.itemId);
    expect(offered).toEqual(['p2', 'p3']);
    expect(m.menus[0].categoryId).toEqual(['c1', others.id]);
  });

  it('adds no "Outros" when every product has its category', () => {
    expect(doc([product('p1', 'c1')]).categories.map((c) => c.name)).toEqual(['Bebidas']);
  });

  it("sends the restaurant's own coordinates", () => {
    expect(doc([]).basicInfo.address).toMatchObject({ latitude: -23.5, longitude: -46.6 });
  });
});
