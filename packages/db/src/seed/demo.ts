import { randomUUID } from 'node:crypto';
import { DELIVERY_PROFILE_NAME } from '@meucardapio/domain/permissions';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { recountDailySales } from '../daily-sales';
import { listStates } from '../geo/geo';
import {
  appUsers,
  coupons,
  customerAddresses,
  customers,
  defaultProfileTypes,
  deliveryStates,
  diningTables,
  employees,
  files,
  marketplaceConnections,
  neighborhoods,
  paymentMethods,
  restaurantHours,
  restaurants,
  reviews,
  userProfiles,
} from '../schema';
import { ensureDefaultProfileTypes } from './default-profile-types';
import { seedDemoCashier } from './demo-cashier';
import { insertCatalogue } from './demo-catalogue';
import { seedDemoFiscal } from './demo-fiscal';
import { seedDemoHistory } from './demo-history';
import { seedDemoKitchen } from './demo-kitchen';
import { COLORS, DELIVERY_AREAS, NEIGHBORHOODS, PAYMENT_METHODS, REVIEWS } from './demo-menu';
import { DEMO_PICTURES, demoPictureFiles } from './demo-pictures';

export const DEMO_SLUG = 'demo-restaurant';
export const DEMO_PASSWORD = 'demo1234';

export type DemoRole = 'owner' | 'admin' | 'counter' | 'kitchen' | 'waiter' | 'cashier' | 'delivery' | 'customer';
export type DemoLogin = { email: string; role: DemoRole; label: string; password: string };

/** The demo accounts, all with the password `demo1234`. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { email: 'dono@demo.com.br', role: 'owner', label: 'Dono', password: DEMO_PASSWORD },
  { email: 'admin@demo.com.br', role: 'admin', label: 'Administrador', password: DEMO_PASSWORD },
  { email: 'balcao@demo.com.br', role: 'counter', label: 'Balcão', password: DEMO_PASSWORD },
  { email: 'cozinha@demo.com.br', role: 'kitchen', label: 'Cozinha', password: DEMO_PASSWORD },
  { email: 'garcom@demo.com.br', role: 'waiter', label: 'Garçom', password: DEMO_PASSWORD },
  { email: 'caixa@demo.com.br', role: 'cashier', label: 'Caixa', password: DEMO_PASSWORD },
  { email: 'entregador@demo.com.br', role: 'delivery', label: 'Entregador', password: DEMO_PASSWORD },
  { email: 'cliente@demo.com.br', role: 'customer', label: 'Cliente', password: DEMO_PASSWORD },
];

export type SeedDemoResult = { restaurantId: string; logins: DemoLogin[] };

/** Employees and the default profile type each one's restaurant profile is copied from. */
const STAFF: Array<{ email: string; name: string; profile: string }> = [
  { email: 'admin@demo.com.br', name: 'Fernanda Lima', profile: 'Administrador' },
  { email: 'balcao@demo.com.br', name: 'João Pereira', profile: 'Balcão' },
  { email: 'cozinha@demo.com.br', name: 'Antônio Ferreira', profile: 'Cozinha' },
  { email: 'garcom@demo.com.br', name: 'Lucas Oliveira', profile: 'Garçom' },
  { email: 'caixa@demo.com.br', name: 'Juliana Costa', profile: 'Caixa' },
  { email: 'entregador@demo.com.br', name: 'Rafael Santos', profile: DELIVERY_PROFILE_NAME },
];

const DAY = 24 * 60 * 60 * 1000;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function demoExists(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.slug, DEMO_SLUG));
  return rows.length > 0;
}

/**
 * Seeds "Pizzaria Demo" at `/demo-restaurant` with its catalogue, delivery, payment, tables, reviews and
 * demo accounts, in one transaction. Returns null, touching nothing, when the demo restaurant already exists.
 * The demo is open every day 00:00–23:59 so visitors (and e2e tests) can always place an order.
 */
export async function seedDemo(
  db: Db,
  deps: { hashPassword: (password: string) => Promise<string> },
): Promise<SeedDemoResult | null> {
  if (await demoExists(db)) return null;
  // argon2 is slow on purpose: hash the one shared password once, outside the transaction.
  const passwordHash = await deps.hashPassword(DEMO_PASSWORD);
  try {
    return await db.transaction(async (tx) => {
      if (await demoExists(tx)) return null;
      return insertDemo(tx, passwordHash);
    });
  } catch (error) {
    // Another server instance seeded it at the same moment.
    if (isUniqueViolation(error) && (await demoExists(db))) return null;
    throw error;
  }
}

async function insertDemo(tx: Tx, passwordHash: string): Promise<SeedDemoResult> {
  const now = Date.now();
  const { ownerId, restaurantId } = await insertRestaurant(tx, passwordHash);
  await insertCatalogue(tx, restaurantId, now);
  await insertDelivery(tx, restaurantId);
  await insertCheckout(tx, restaurantId, now);
  await insertReviews(tx, restaurantId, now);
  await insertStaff(tx, restaurantId, passwordHash);
  await insertCustomer(tx, restaurantId, passwordHash);
  await seedDemoCashier(tx, restaurantId, ownerId, 'America/Sao_Paulo');
  await seedDemoKitchen(tx, restaurantId);
  // The marketplace simulator, ready and switched off: "Ligar" in Integrações brings iFood and Keeta orders.
  await tx.insert(marketplaceConnections).values({
    restaurantId,
    kind: 'simulator',
    app: 'simulator',
    merchantId: randomUUID(),
    enabled: false,
  });
  await seedDemoHistory(tx, { restaurantId, ownerId, timeZone: 'America/Sao_Paulo', now: new Date(now) });
  await seedDemoFiscal(tx, restaurantId);
  await recountDailySales(tx, restaurantId);

  return { restaurantId, logins: DEMO_LOGINS.map((l) => ({ ...l })) };
}

/** The owner's account and the restaurant with its logo, banner and opening hours. */
async function insertRestaurant(tx: Tx, passwordHash: string): Promise<{ ownerId: string; restaurantId: string }> {
  // Owner: reuse the account if it outlived a deleted demo restaurant (its password is left as it is).
  await tx
    .insert(appUsers)
    .values({
      email: 'dono@demo.com.br',
      name: 'Carlos Almeida',
      companyName: 'Pizzaria Demo Ltda.',
      passwordHash,
    })
    .onConflictDoNothing({ target: appUsers.email });
  const [owner] = await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.email, 'dono@demo.com.br'));

  const [restaurant] = await tx
    .insert(restaurants)
    .values({
      ownerId: owner.id,
      name: 'Pizzaria Demo',
      slug: DEMO_SLUG,
      description:
        'Pizzas artesanais de fermentação natural, assadas no forno a lenha desde 1998. Massa leve, ingredientes frescos e entrega rápida em São Paulo.',
      primaryColor: COLORS.primary,
      secondaryColor: COLORS.secondary,
      buttonColor: COLORS.button,
      timezone: 'America/Sao_Paulo',
      businessSegment: 'restaurant',
      appClientReferrer: 'pizzariademo',
      originPostalCode: '01310-100',
      // On Avenida Paulista, the CEP above: ordering apps place the store here.
      latitude: -23.561414,
      longitude: -46.655881,
      showReviewsOnMenu: true,
      requireReviewApproval: false,
      googleRating: 4.5,
      hoursSetAt: new Date(),
      googleReviewsCount: 2069,
      whatsapp: '11987650000',
      cnpj: '11.222.333/0001-81',
      nomeRazaoSocial: 'Pizzaria Demo Ltda.',
    })
    .returning({ id: restaurants.id });
  const restaurantId = restaurant.id;

  const logo = demoPictureFiles(restaurantId, DEMO_PICTURES.logo);
  const banner = demoPictureFiles(restaurantId, DEMO_PICTURES.banner);
  await tx.insert(files).values([...logo.rows, ...banner.rows]);
  await tx
    .update(restaurants)
    .set({ logoUrl: logo.url, bannerUrl: banner.url })
    .where(eq(restaurants.id, restaurantId));

  // Open around the clock, every day: e2e tests and visitors may try ordering at any hour.
  await tx.insert(restaurantHours).values(
    Array.from({ length: 7 }, (_, day) => ({
      restaurantId,
      dayOfWeek: day,
      isClosed: false,
      openTime: '00:00',
      closeTime: '23:59',
    })),
  );

  return { ownerId: owner.id, restaurantId };
}

async function insertDelivery(tx: Tx, restaurantId: string) {
  await tx
    .insert(neighborhoods)
    .values(NEIGHBORHOODS.map((n) => ({ restaurantId, name: n.name, deliveryFee: n.fee, cepPattern: n.cepPattern })));
  const stateNames = new Map(listStates().map((s) => [s.code, s.name]));
  await tx.insert(deliveryStates).values(
    Object.entries(DELIVERY_AREAS).map(([code, cities]) => ({
      restaurantId,
      code,
      name: stateNames.get(code) ?? code,
      cities,
      active: true,
    })),
  );
}

/** Payment methods, coupons and the tables whose QR codes open the menu. */
async function insertCheckout(tx: Tx, restaurantId: string, now: number) {
  await tx.insert(paymentMethods).values(PAYMENT_METHODS.map((m) => ({ restaurantId, ...m })));

  const yearAgo = new Date(now - 365 * DAY);
  await tx.insert(coupons).values([
    { restaurantId, code: 'BEMVINDO10', type: 'percent', value: 10, minTotal: 0, validFrom: yearAgo, validTo: null },
    { restaurantId, code: 'DESCONTO15', type: 'fixed', value: 1500, minTotal: 8000, validFrom: yearAgo, validTo: null },
  ]);

  await tx
    .insert(diningTables)
    .values(
      Array.from({ length: 10 }, (_, i) => ({ restaurantId, number: i + 1, qrUrl: `/${DEMO_SLUG}?table=${i + 1}` })),
    );
}

async function insertReviews(tx: Tx, restaurantId: string, now: number) {
  await tx.insert(reviews).values(
    REVIEWS.map((r) => ({
      restaurantId,
      customerName: r.name,
      customerEmail: r.email,
      rating: r.rating,
      comment: r.comment,
      approved: true,
      createdAt: new Date(now - r.daysAgo * DAY),
    })),
  );
}

/** Each employee gets a restaurant profile copied from a default profile type. */
async function insertStaff(tx: Tx, restaurantId: string, passwordHash: string) {
  await ensureDefaultProfileTypes(tx);
  const templates = await tx
    .select()
    .from(defaultProfileTypes)
    .where(
      inArray(
        defaultProfileTypes.name,
        STAFF.map((s) => s.profile),
      ),
    );
  for (const staff of STAFF) {
    const template = templates.find((t) => t.name === staff.profile);
    if (!template) throw new Error(`default profile type "${staff.profile}" is missing`);
    const [profile] = await tx
      .insert(userProfiles)
      .values({
        restaurantId,
        name: template.name,
        type: template.type,
        permissions: { ...template.permissions },
        active: true,
      })
      .returning({ id: userProfiles.id });
    await tx.insert(employees).values({
      restaurantId,
      name: staff.name,
      email: staff.email,
      passwordHash,
      profileId: profile.id,
      active: true,
    });
  }
}

/** Maria, the customer login, with one saved address. */
async function insertCustomer(tx: Tx, restaurantId: string, passwordHash: string) {
  const address = {
    cep: '01327-000',
    address: 'Rua Treze de Maio',
    number: '1200',
    complement: 'Apto 52',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  };
  const [customer] = await tx
    .insert(customers)
    .values({
      restaurantId,
      name: 'Maria Souza',
      phone: '11987654321',
      email: 'cliente@demo.com.br',
      passwordHash,
      ...address,
      birthDay: 15,
      birthMonth: 8,
    })
    .returning({ id: customers.id });
  await tx
    .insert(customerAddresses)
    .values({ restaurantId, customerId: customer.id, customerPhone: '11987654321', name: 'Casa', ...address });
}
