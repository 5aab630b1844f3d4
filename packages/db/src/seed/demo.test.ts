import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { variantId } from '../image-files';
import {
  appUsers,
  categories,
  coupons,
  customerAddresses,
  customers,
  defaultProfileTypes,
  deliveryStates,
  diningTables,
  employees,
  files,
  neighborhoods,
  paymentMethods,
  products,
  restaurantHours,
  restaurants,
  reviews,
  userProfiles,
} from '../schema';
import { DEMO_LOGINS, DEMO_SLUG } from './demo';

import { seededDemo } from './demo-test-setup';

const demo = seededDemo();

describe('seedDemo', () => {
  it('creates Pizzaria Demo at demo-restaurant', async () => {
    expect(demo.result).not.toBeNull();
    const [r] = await demo.database.db.select().from(restaurants).where(eq(restaurants.slug, DEMO_SLUG));
    expect(r.id).toBe(demo.result?.restaurantId);
    expect(r.name).toBe('Pizzaria Demo');
    expect(r.googleRating).toBe(4.5);
    expect(r.googleReviewsCount).toBe(2069);
    expect(r.appClientReferrer).toBe('pizzariademo');
    expect(r.timezone).toBe('America/Sao_Paulo');
    // Kept as an owner's uploads are: WebP in the standard widths, each width its own file.
    expect(r.logoUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?widths=256$/);
    expect(r.bannerUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?widths=320,640,1280$/);
    const bannerId = r.bannerUrl?.match(/files\/([0-9a-f-]{36})/)?.[1] ?? '';
    const kept = await demo.database.db
      .select()
      .from(files)
      .where(inArray(files.id, [bannerId, variantId(bannerId, 320), variantId(bannerId, 640)]));
    expect(kept).toHaveLength(3);
    for (const file of kept) {
      expect(file.contentType).toBe('image/webp');
      expect(file.size).toBe(file.data?.byteLength);
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(file.data?.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it('seeds a catalogue of pizzas, flavours and other products', async () => {
    const id = demo.result?.restaurantId as string;
    const cats = await demo.database.db.select().from(categories).where(eq(categories.restaurantId, id));
    expect(cats.length).toBeGreaterThanOrEqual(6);
    const all = await demo.database.db.select().from(products).where(eq(products.restaurantId, id));
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(
      all.every(
        (p) => p.price > 0 && /^\/api\/files\/[0-9a-f-]{36}\?widths=320,640$/.test(p.imageUrl ?? '') && p.description,
      ),
    ).toBe(true);
    expect(new Set(all.map((p) => p.sku)).size).toBe(all.length);
    expect(all.map((p) => p.sku).sort()[0]).toBe('001');
    // The struck-through "de" price is seeded as an owner would set it: 1.2× on the items above R$ 50 only.
    for (const p of all) expect(p.compareAtPrice).toBe(p.price > 5000 ? Math.round(p.price * 1.2) : null);
    expect(all.some((p) => p.compareAtPrice !== null)).toBe(true);

    const byName = new Map(all.map((p) => [p.name, p]));
    const flavours = all.filter((p) => p.isPizza && !p.allowsMultipleFlavors);
    for (const name of [
      'Calabresa',
      'Margherita',
      'Portuguesa',
      'Frango com Catupiry',
      'Quatro Queijos',
      'Pepperoni',
    ]) {
      expect(flavours.map((f) => f.name)).toContain(name);
    }
    const meio = byName.get('Pizza Meio a Meio');
    expect(meio).toMatchObject({ isPizza: true, allowsMultipleFlavors: true, maxFlavors: 2 });
    const gigante = byName.get('Pizza Gigante 3 Sabores');
    expect(gigante).toMatchObject({ isPizza: true, allowsMultipleFlavors: true, maxFlavors: 3 });
    const flavourIds = new Set(flavours.map((f) => f.id));
    for (const multi of [meio, gigante]) {
      expect(multi?.pizzaFlavors.length).toBeGreaterThanOrEqual(4);
      expect(multi?.pizzaFlavors.every((f) => flavourIds.has(f))).toBe(true);
    }

    const calabresa = byName.get('Calabresa');
    expect(calabresa?.variations.map((v) => v.name)).toEqual([
      'Broto (4 fatias)',
      'Média (6 fatias)',
      'Grande (8 fatias)',
    ]);
    expect(calabresa?.addons.map((a) => a.name)).toContain('Borda de Catupiry');
    expect(calabresa?.codigoNcm).toBe('1905.90.90');
    expect(calabresa?.unidade).toBe('UN');

    const shirt = byName.get('Camiseta Pizzaria Demo');
    expect(shirt?.colors.map((c) => c.name)).toEqual(['Preta', 'Branca', 'Vermelha']);
    expect(shirt?.colors.some((c) => c.priceModifier > 0)).toBe(true);

    const ipa = byName.get('Cerveja Artesanal IPA 500ml');
    expect(ipa).toMatchObject({ controleEstoque: true, estoque: 3 });
    expect(all.some((p) => p.controleEstoque && p.estoqueMinimo > 0)).toBe(true);

    const shipped = all.filter((p) => p.envioCorreios);
    expect(shipped.length).toBeGreaterThanOrEqual(1);
    for (const p of shipped) {
      for (const v of [p.height, p.width, p.length, p.weight]) expect(v).toBeGreaterThan(0);
    }
  });

  it('seeds hours, delivery, payments, coupons, tables and reviews', async () => {
    const id = demo.result?.restaurantId as string;
    const db = demo.database.db;
    const hours = await db.select().from(restaurantHours).where(eq(restaurantHours.restaurantId, id));
    expect(hours).toHaveLength(7);
    expect(hours.every((h) => !h.isClosed && h.openTime === '00:00' && h.closeTime === '23:59')).toBe(true);

    const hoods = await db.select().from(neighborhoods).where(eq(neighborhoods.restaurantId, id));
    expect(hoods.find((n) => n.name === 'Bela Vista')?.deliveryFee).toBe(600);
    expect(hoods.some((n) => n.cepPattern)).toBe(true);

    const states = await db.select().from(deliveryStates).where(eq(deliveryStates.restaurantId, id));
    expect(states.find((s) => s.code === 'SP')).toMatchObject({ name: 'São Paulo', active: true });
    expect(states.find((s) => s.code === 'RJ')?.cities).toEqual(['Rio de Janeiro', 'Niterói']);

    const methods = await db.select().from(paymentMethods).where(eq(paymentMethods.restaurantId, id));
    expect(methods.find((m) => m.name === 'Dinheiro')?.requiresChange).toBe(true);
    expect(methods.find((m) => m.name === 'Cartão de Crédito')).toMatchObject({
      infinitepayEnabled: true,
      maxInstallments: 6,
    });

    const codes = await db.select().from(coupons).where(eq(coupons.restaurantId, id));
    expect(codes.find((c) => c.code === 'BEMVINDO10')).toMatchObject({ type: 'percent', value: 10, validTo: null });
    expect(codes.find((c) => c.code === 'DESCONTO15')).toMatchObject({ type: 'fixed', value: 1500, minTotal: 8000 });

    const tables = await db.select().from(diningTables).where(eq(diningTables.restaurantId, id));
    expect(tables).toHaveLength(10);
    expect(tables.find((t) => t.number === 7)?.qrUrl).toBe('/demo-restaurant?table=7');

    const rs = await db.select().from(reviews).where(eq(reviews.restaurantId, id));
    expect(rs.length).toBeGreaterThanOrEqual(15);
    expect(rs.every((r) => r.approved && r.rating >= 3 && r.rating <= 5)).toBe(true);
    expect(rs.reduce((s, r) => s + r.rating, 0) / rs.length).toBeGreaterThan(4.4);
  });

  it('creates the demo accounts with one shared password hash', async () => {
    const id = demo.result?.restaurantId as string;
    const db = demo.database.db;
    expect(demo.hashCalls).toBe(1);
    expect(demo.result?.logins.map((l) => l.email)).toEqual(DEMO_LOGINS.map((l) => l.email));
    expect(demo.result?.logins.every((l) => l.password === 'demo1234')).toBe(true);

    const [owner] = await db.select().from(appUsers).where(eq(appUsers.email, 'dono@demo.com.br'));
    expect(owner).toMatchObject({ name: 'Carlos Almeida', passwordHash: 'fake-hash:demo1234' });

    const staff = await db
      .select({
        email: employees.email,
        profile: userProfiles.name,
        type: userProfiles.type,
        perms: userProfiles.permissions,
      })
      .from(employees)
      .innerJoin(userProfiles, eq(userProfiles.id, employees.profileId))
      .where(eq(employees.restaurantId, id));
    // The demo logins, and the courier of the month's history.
    expect(staff).toHaveLength(7);
    expect(staff.find((s) => s.email === 'paulo.entregas@demo.com.br')).toMatchObject({ profile: 'Entregador' });
    const delivery = staff.find((s) => s.email === 'entregador@demo.com.br');
    expect(delivery).toMatchObject({ profile: 'Entregador', type: 'counter' });
    expect(delivery?.perms).toMatchObject({ manage_orders: true, manage_delivery: true, manage_tables: false });
    expect(staff.find((s) => s.email === 'caixa@demo.com.br')?.type).toBe('cashier');

    const templates = await db.select().from(defaultProfileTypes);
    expect(templates.map((t) => t.name).sort()).toEqual(
      ['Administrador', 'Balcão', 'Caixa', 'Cozinha', 'Entregador', 'Garçom', 'Personalizado'].sort(),
    );

    const [maria] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.restaurantId, id), eq(customers.email, 'cliente@demo.com.br')));
    expect(maria).toMatchObject({ name: 'Maria Souza', phone: '11987654321', neighborhood: 'Bela Vista' });
    const saved = await db.select().from(customerAddresses).where(eq(customerAddresses.customerId, maria.id));
    expect(saved).toHaveLength(1);
  });
});
