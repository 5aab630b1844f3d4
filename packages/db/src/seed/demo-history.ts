import { randomUUID } from 'node:crypto';
import { addDays } from '@meucardapio/domain/dashboard';
import { localParts } from '@meucardapio/domain/hours';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  cashCloseCounts,
  cashRegisterHistory,
  cashRegisterSessions,
  cashSalePayments,
  categories,
  customers,
  employees,
  orderHistory,
  orderItems,
  orders,
  paymentMethods,
  products,
  restaurants,
  reviews,
  stockHistory,
} from '../schema';
import { CUSTOMERS, REVIEW_TEXTS, STREETS } from './demo-history-data';
import {
  type Buyer,
  type HistoryRows,
  type Menu,
  type OrderRow,
  orderTime,
  type ProductRow,
  prng,
  type Storefront,
  storefrontOrder,
} from './demo-history-orders';
import { type Pdv, pdvShift, type ShiftRows } from './demo-history-pdv';

/**
 * A month of history for the demo restaurant, so the board, dashboard, reports, customers and reviews
 * are full on first start: orders for delivery, pickup and tables at lunch and dinner, busier at the
 * weekend, a few cancelled; a closed PDV shift on most days; reviews; and a handful of orders on the
 * board right now. A seeded PRNG makes every run the same (times are relative to the moment of
 * seeding). Stock counts are left as they are: they are today's counts, taken after these sales.
 * Everything goes in with batch inserts: seeding stays fast on the embedded database.
 */

const DAYS = 30;
/** Orders on an ordinary weekday; the weekday factors below scale it. */
const BASE_ORDERS = 16;
/** Sunday … Saturday. */
const WEEKDAY_FACTOR = [1.35, 0.6, 0.8, 0.9, 1.05, 1.45, 1.55];
const CANCEL_RATE = 0.04;
const SEED = 20_240_611;

/** The instant of a local wall-clock time (`minutes` after midnight of `date`) in a timezone. */
function atLocal(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  let instant = wall;
  // Twice: the offset found for the first guess may differ across a DST change.
  for (let i = 0; i < 2; i++) {
    const p = localParts(new Date(instant), timeZone);
    const [py, pm, pd] = p.date.split('-').map(Number);
    const seen = Date.UTC(py, pm - 1, pd, 0, p.minutes);
    instant += wall - seen;
  }
  return new Date(instant);
}

export type DemoHistoryInput = { restaurantId: string; ownerId: string; timeZone: string; now: Date };

export async function seedDemoHistory(tx: Tx, input: DemoHistoryInput) {
  const { restaurantId, ownerId, timeZone, now } = input;
  const today = localParts(now, timeZone);
  const menu = await loadMenu(tx, restaurantId);
  const methodId = await loadMethodIds(tx, restaurantId);
  const { counter, cashier, riderId } = await loadStaffAndAddRider(tx, restaurantId);
  const buyers = await insertCustomers(tx, restaurantId, today.date, timeZone);

  const rows: HistoryRows = { orderRows: [], itemRows: [], historyRows: [], paymentRows: [] };
  const shop: Storefront = { restaurantId, ownerId, menu, rows, buyers, counter, riderId };
  storefrontMonth(shop, today, timeZone);
  boardNow(shop, now);
  const shifts = pdvShifts({ restaurantId, ownerId, menu, rows, cashier, methodId }, today.date, timeZone);

  await insertNumbered(tx, restaurantId, rows, shifts);
  await insertReviews(tx, restaurantId, rows.orderRows);
}

async function loadMenu(tx: Tx, restaurantId: string): Promise<Menu> {
  const productRows: ProductRow[] = await tx
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      category: categories.name,
      variations: products.variations,
      addons: products.addons,
      isPizza: products.isPizza,
      allowsMultipleFlavors: products.allowsMultipleFlavors,
      pizzaFlavors: products.pizzaFlavors,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.restaurantId, restaurantId))
    .orderBy(products.sku);
  const inCategory = (name: string) => productRows.filter((p) => p.category === name);
  return {
    savoury: inCategory('Pizzas Salgadas'),
    sweet: inCategory('Pizzas Doces'),
    meioAMeio: productRows.find((p) => p.name === 'Pizza Meio a Meio') as ProductRow,
    starters: inCategory('Entradas e Porções'),
    // The last cans of the craft beer stay for visitors to find on the menu.
    drinks: inCategory('Bebidas').filter((p) => !p.name.startsWith('Cerveja Artesanal')),
    desserts: inCategory('Sobremesas'),
  };
}

async function loadMethodIds(tx: Tx, restaurantId: string) {
  const methodRows = await tx
    .select({ id: paymentMethods.id, name: paymentMethods.name })
    .from(paymentMethods)
    .where(eq(paymentMethods.restaurantId, restaurantId));
  return (name: string) => methodRows.find((m) => m.name === name)?.id ?? name;
}

async function loadStaffAndAddRider(tx: Tx, restaurantId: string) {
  const staff = await tx
    .select({
      id: employees.id,
      name: employees.name,
      email: employees.email,
      profileId: employees.profileId,
      passwordHash: employees.passwordHash,
    })
    .from(employees)
    .where(eq(employees.restaurantId, restaurantId));
  const staffBy = (email: string) => staff.find((s) => s.email === email) as (typeof staff)[number];
  // The month's deliveries were made by a second courier: the demo's own courier login starts with an empty
  // "Minhas Entregas", ready for the first order someone sends out.
  const login = staffBy('entregador@demo.com.br');
  const [rider] = await tx
    .insert(employees)
    .values({
      restaurantId,
      name: 'Paulo Ribeiro',
      email: 'paulo.entregas@demo.com.br',
      passwordHash: login.passwordHash,
      profileId: login.profileId,
      active: true,
    })
    .returning({ id: employees.id });
  return { counter: staffBy('balcao@demo.com.br'), cashier: staffBy('caixa@demo.com.br'), riderId: rider.id };
}

/** Customers of the storefront (their own accounts, without a password: they ordered as guests before). */
async function insertCustomers(tx: Tx, restaurantId: string, today: string, timeZone: string): Promise<Buyer[]> {
  const [maria] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.restaurantId, restaurantId), eq(customers.email, 'cliente@demo.com.br')));
  const customerRows = CUSTOMERS.map(([name, phone, neighborhood], i) => {
    const [street, cep] = STREETS[neighborhood][i % 2];
    const first = name
      .split(' ')[0]
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
    return {
      id: randomUUID(),
      restaurantId,
      name,
      phone,
      email: `${first}.${i + 1}@exemplo.com.br`,
      cep,
      address: street,
      number: String(100 + ((i * 137) % 1900)),
      complement: i % 3 === 0 ? `Apto ${10 + i}` : null,
      neighborhood,
      city: 'São Paulo',
      state: 'SP',
      createdAt: atLocal(addDays(today, -DAYS - 5 + (i % 5)), 12 * 60, timeZone),
    };
  });
  await tx.insert(customers).values(customerRows);
  return [...customerRows, maria];
}

function storefrontMonth(shop: Storefront, today: { date: string; minutes: number }, timeZone: string) {
  const cutoff = today.minutes - 60;
  for (let back = DAYS; back >= 0; back--) {
    // One stream per day and part: what today's clock leaves out never shifts the other days.
    const rng = prng(SEED + back);
    const date = addDays(today.date, -back);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const count = Math.round(BASE_ORDERS * WEEKDAY_FACTOR[weekday] * (0.85 + rng.next() * 0.3));
    for (let i = 0; i < count; i++) {
      const { minutes, lunch } = orderTime(rng);
      if (back === 0 && minutes > cutoff) continue;
      const status = rng.next() < CANCEL_RATE ? 'cancelled' : 'delivered';
      storefrontOrder(rng, shop, atLocal(date, minutes, timeZone), lunch, status);
    }
  }
}

/** On the board right now: new, in the oven, ready, out for delivery. */
function boardNow(shop: Storefront, now: Date) {
  const rng = prng(SEED - 1);
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  storefrontOrder(rng, shop, minutesAgo(3), false, 'pending', { channel: 'delivery', method: 'Dinheiro' });
  storefrontOrder(rng, shop, minutesAgo(5), false, 'pending', { channel: 'dine_in', method: 'Cartão de Débito' });
  storefrontOrder(rng, shop, minutesAgo(11), false, 'preparing', { channel: 'delivery', method: 'PIX' });
  storefrontOrder(rng, shop, minutesAgo(14), false, 'preparing', { channel: 'pickup', method: 'Dinheiro' });
  storefrontOrder(rng, shop, minutesAgo(22), false, 'confirmed', { channel: 'pickup', method: 'Cartão de Crédito' });
  storefrontOrder(rng, shop, minutesAgo(31), false, 'out_for_delivery', {
    channel: 'delivery',
    method: 'Cartão de Débito',
  });
}

/** A closed PDV shift on most past days (yesterday's comes from the cashier seed; today's is for whoever opens it). */
function pdvShifts(pdv: Pdv, today: string, timeZone: string): ShiftRows {
  const shifts: ShiftRows = { sessionRows: [], countRows: [], registerRows: [] };
  for (let back = DAYS; back >= 2; back--) {
    const rng = prng(SEED + 1000 + back);
    const date = addDays(today, -back);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 1) continue; // Monday: the counter is closed.
    pdvShift(rng, pdv, (minutes) => atLocal(date, minutes, timeZone), shifts);
  }
  return shifts;
}

async function insertNumbered(
  tx: Tx,
  restaurantId: string,
  { orderRows, itemRows, historyRows, paymentRows }: HistoryRows,
  shifts: ShiftRows,
) {
  // Order numbers follow the clock, yesterday's PDV shift (already seeded) included.
  const existing = await tx
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.restaurantId, restaurantId));
  const timeline = [...orderRows.map((o) => ({ id: o.id, createdAt: o.createdAt })), ...existing].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
  const numberOf = new Map(timeline.map((o, i) => [o.id, i + 1]));
  for (const o of orderRows) o.number = numberOf.get(o.id) as number;
  // Out of the way first, so no renumbered order meets a number still in use.
  await tx
    .update(orders)
    .set({ number: sql`-${orders.number}` })
    .where(eq(orders.restaurantId, restaurantId));

  const batch = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 400) => {
    for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
  };
  await tx.insert(cashRegisterSessions).values(shifts.sessionRows);
  await batch(orderRows, (c) => tx.insert(orders).values(c));
  await batch(itemRows, (c) => tx.insert(orderItems).values(c));
  await batch(historyRows, (c) => tx.insert(orderHistory).values(c));
  await batch(paymentRows, (c) => tx.insert(cashSalePayments).values(c));
  await tx.insert(cashCloseCounts).values(shifts.countRows);
  await tx.insert(cashRegisterHistory).values(shifts.registerRows);

  for (const o of existing) {
    await tx
      .update(orders)
      .set({ number: numberOf.get(o.id) })
      .where(eq(orders.id, o.id));
  }
  await tx.execute(
    sql`update ${stockHistory} set notes = 'Venda PDV #' || o.number from ${orders} o where ${stockHistory.orderId} = o.id and ${stockHistory.restaurantId} = ${restaurantId} and ${stockHistory.notes} like 'Venda PDV #%'`,
  );
  await tx.update(restaurants).set({ orderSeq: timeline.length }).where(eq(restaurants.id, restaurantId));
}

/** Reviews of some delivered orders, newest first in the list. */
async function insertReviews(tx: Tx, restaurantId: string, orderRows: OrderRow[]) {
  const delivered = orderRows.filter((o) => o.status === 'delivered' && o.customerId && o.deliveryType !== 'pdv');
  // About one every 17 delivered orders, each by a different customer, so the newest reviews name different people.
  const reviewers = new Set<string>();
  const reviewed: OrderRow[] = [];
  for (let i = delivered.length - 1; i >= 0 && reviewed.length < REVIEW_TEXTS.length; i -= 17) {
    const o = delivered[i];
    if (reviewers.has(o.customerName)) continue;
    reviewers.add(o.customerName);
    reviewed.push(o);
  }
  await tx.insert(reviews).values(
    reviewed.map((o, i) => ({
      restaurantId,
      orderId: o.id,
      customerId: o.customerId,
      customerName: o.customerName,
      customerEmail: o.customerEmail as string,
      rating: REVIEW_TEXTS[i][0],
      comment: REVIEW_TEXTS[i][1],
      approved: true,
      createdAt: new Date(o.createdAt.getTime() + 90 * 60_000),
    })),
  );
}
