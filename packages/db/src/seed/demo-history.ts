import { randomUUID } from 'node:crypto';
import { closeDifferences, expectedByGroup, WALK_IN_CUSTOMER } from '@meucardapio/domain/cashier';
import { addDays } from '@meucardapio/domain/dashboard';
import { localParts } from '@meucardapio/domain/hours';
import { unitPrice } from '@meucardapio/domain/pricing';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  type Addon,
  cashCloseCounts,
  cashRegisterHistory,
  cashRegisterSessions,
  cashSalePayments,
  categories,
  customers,
  employees,
  type OrderItemOption,
  orderHistory,
  orderItems,
  orders,
  type PriceOption,
  paymentMethods,
  products,
  restaurants,
  reviews,
  stockHistory,
} from '../schema';

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

/** mulberry32: small, fast and good enough to make a demo look random yet identical on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    let r = next() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of entries) {
      r -= w;
      if (r <= 0) return value;
    }
    return entries[entries.length - 1][0];
  };
  /** Earlier items of the list are picked more often (weight 1/(i+1)^skew), as menus sell. */
  const popular = <T>(list: readonly T[], skew = 1): T =>
    weighted(list.map((item, i) => [item, 1 / (i + 1) ** skew] as const));
  /** Roughly normal (sum of three uniforms), in [mean − 3·sd, mean + 3·sd]. */
  const around = (mean: number, sd: number) => mean + (next() + next() + next() - 1.5) * 2 * sd;
  return { next, int, pick, weighted, popular, around };
}

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

const CUSTOMERS: Array<[string, string, string]> = [
  ['Ana Paula Ribeiro', '11991234567', 'Bela Vista'],
  ['Ricardo Mendes', '11992345678', 'Pinheiros'],
  ['Patrícia Gomes', '11993456789', 'Consolação'],
  ['Bruno Carvalho', '11994567890', 'Vila Mariana'],
  ['Camila Rocha', '11995678901', 'Moema'],
  ['Eduardo Martins', '11996789012', 'Centro'],
  ['Letícia Nogueira', '11997890123', 'Bela Vista'],
  ['Gustavo Henrique Alves', '11998901234', 'Pinheiros'],
  ['Fernanda Batista', '11981234567', 'Consolação'],
  ['Thiago Moreira', '11982345678', 'Centro'],
  ['Juliana Freitas', '11983456789', 'Vila Mariana'],
  ['Rodrigo Teixeira', '11984567890', 'Bela Vista'],
  ['Mariana Castro', '11985678901', 'Moema'],
  ['Felipe Araújo', '11986789012', 'Pinheiros'],
  ['Beatriz Cardoso', '11987890123', 'Consolação'],
  ['Lucas Barbosa', '11988901234', 'Centro'],
  ['Aline Pires', '11971234567', 'Bela Vista'],
  ['Diego Fernandes', '11972345678', 'Vila Mariana'],
  ['Renata Duarte', '11973456789', 'Pinheiros'],
  ['Marcelo Vieira', '11974567890', 'Moema'],
  ['Tatiane Lopes', '11975678901', 'Centro'],
  ['André Monteiro', '11976789012', 'Consolação'],
  ['Carolina Mendonça', '11977890123', 'Bela Vista'],
  ['Paulo Sérgio Ramos', '11978901234', 'Vila Mariana'],
];

const STREETS: Record<string, Array<[string, string]>> = {
  Centro: [
    ['Rua Direita', '01002-000'],
    ['Rua Líbero Badaró', '01009-000'],
  ],
  'Bela Vista': [
    ['Rua Treze de Maio', '01327-000'],
    ['Rua Rui Barbosa', '01326-010'],
  ],
  Consolação: [
    ['Rua Augusta', '01305-000'],
    ['Rua Frei Caneca', '01307-001'],
  ],
  Pinheiros: [
    ['Rua dos Pinheiros', '05422-001'],
    ['Rua Teodoro Sampaio', '05405-000'],
  ],
  'Vila Mariana': [
    ['Rua Domingos de Morais', '04010-100'],
    ['Rua Vergueiro', '04101-000'],
  ],
  Moema: [
    ['Avenida Ibirapuera', '04029-000'],
    ['Alameda dos Maracatins', '04089-001'],
  ],
};

const REVIEW_TEXTS: Array<[number, string]> = [
  [5, 'Chegou rapidinho e bem quente. A Calabresa é caprichada!'],
  [5, 'Pedimos na mesa pelo QR Code, super prático. Voltaremos!'],
  [4, 'Muito boa, só achei a borda um pouco grossa. O atendimento foi ótimo.'],
  [5, 'A Margherita tem gosto de Itália. Manjericão fresquinho.'],
  [5, 'Melhor pizzaria do bairro, pedimos toda sexta.'],
  [4, 'Entrega no prazo e o Petit Gâteau veio perfeito.'],
  [3, 'Pizza gostosa, mas demorou mais que o previsto num sábado à noite.'],
  [5, 'Meio Frango com Catupiry, meio Portuguesa: combinação perfeita.'],
  [5, 'Preço justo e muito sabor. O PIX no pedido facilitou muito.'],
  [4, 'Retirei no balcão, estava pronta na hora combinada.'],
];

type ProductRow = {
  id: string;
  name: string;
  price: number;
  category: string;
  variations: PriceOption[];
  addons: Addon[];
  isPizza: boolean;
  allowsMultipleFlavors: boolean;
  pizzaFlavors: string[];
};

type Line = typeof orderItems.$inferInsert;

/** A size, add-on or flavour as order items store it: with its id, so "Repetir pedido" finds it again. */
function chosenOption(id: string, name: string, price: number, quantity?: number): OrderItemOption {
  const option = { id, name, price, ...(quantity ? { quantity } : {}) };
  return option;
}
type OrderRow = typeof orders.$inferInsert & { id: string; createdAt: Date; number: number };

export type DemoHistoryInput = { restaurantId: string; ownerId: string; timeZone: string; now: Date };

export async function seedDemoHistory(tx: Tx, input: DemoHistoryInput) {
  const { restaurantId, ownerId, timeZone, now } = input;
  // One stream per day and part: what today's clock leaves out never shifts the other days.
  let rng = prng(SEED);
  const today = localParts(now, timeZone);

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
  const savoury = inCategory('Pizzas Salgadas');
  const sweet = inCategory('Pizzas Doces');
  const meioAMeio = productRows.find((p) => p.name === 'Pizza Meio a Meio') as ProductRow;
  const starters = inCategory('Entradas e Porções');
  // The last cans of the craft beer stay for visitors to find on the menu.
  const drinks = inCategory('Bebidas').filter((p) => !p.name.startsWith('Cerveja Artesanal'));
  const desserts = inCategory('Sobremesas');

  const methodRows = await tx
    .select({ id: paymentMethods.id, name: paymentMethods.name })
    .from(paymentMethods)
    .where(eq(paymentMethods.restaurantId, restaurantId));
  const methodId = (name: string) => methodRows.find((m) => m.name === name)?.id ?? name;
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
  const counter = staffBy('balcao@demo.com.br');
  const cashier = staffBy('caixa@demo.com.br');

  // Customers of the storefront (their own accounts, without a password: they ordered as guests before).
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
      createdAt: atLocal(addDays(today.date, -DAYS - 5 + (i % 5)), 12 * 60, timeZone),
    };
  });
  await tx.insert(customers).values(customerRows);
  const buyers = [...customerRows, { ...maria, id: maria.id }];
  const fees = new Map([
    ['Centro', 500],
    ['Bela Vista', 600],
    ['Consolação', 650],
    ['Pinheiros', 800],
    ['Vila Mariana', 900],
    ['Moema', 1000],
  ]);

  /** An order line priced with the storefront's rule: base (or flavour average) + size + add-ons. */
  function line(
    orderId: string,
    product: ProductRow,
    quantity: number,
    choice: { variation?: PriceOption; addon?: Addon | null; flavours?: ProductRow[] } = {},
  ): Line {
    const { variation, addon, flavours = [] } = choice;
    const unit = unitPrice({
      basePrice: product.price,
      flavorPrices: flavours.map((f) => f.price),
      variation: variation ?? null,
      addons: addon ? [{ price: addon.price }] : [],
    });
    return {
      restaurantId,
      orderId,
      productId: product.id,
      name: product.name,
      quantity,
      unitPrice: unit,
      totalPrice: unit * quantity,
      variation: variation ? chosenOption(variation.id, variation.name, variation.priceModifier) : null,
      addons: addon ? [chosenOption(addon.id, addon.name, addon.price, 1)] : [],
      pizzaFlavors: flavours.map((f) => chosenOption(f.id, f.name, f.price)),
    };
  }

  function pizzaLine(orderId: string): Line {
    const size = rng.weighted([
      [0, 1],
      [1, 3],
      [2, 5],
    ] as const);
    const half = rng.next() < 0.15;
    const product = half ? meioAMeio : rng.popular(rng.next() < 0.12 ? sweet : savoury, 0.7);
    const variation = product.variations[Math.min(size, product.variations.length - 1)];
    const flavours = half ? [rng.popular(savoury, 0.7), rng.popular(rng.next() < 0.2 ? sweet : savoury, 0.7)] : [];
    const addon = rng.next() < 0.3 ? rng.pick(product.addons) : null;
    return line(orderId, product, rng.next() < 0.2 ? 2 : 1, { variation, addon, flavours });
  }

  const simpleLine = (orderId: string, product: ProductRow, quantity: number) =>
    line(orderId, product, quantity, { variation: product.variations[0] });

  /** A family dinner, a quick lunch, a table sharing starters: pizzas, then maybe drinks, starters, dessert. */
  function basket(orderId: string, lunch: boolean): Line[] {
    const lines: Line[] = [];
    const pizzas = lunch
      ? rng.weighted([
          [1, 6],
          [2, 2],
        ] as const)
      : rng.weighted([
          [1, 4],
          [2, 4],
          [3, 1],
        ] as const);
    for (let i = 0; i < pizzas; i++) lines.push(pizzaLine(orderId));
    if (rng.next() < 0.75) lines.push(simpleLine(orderId, rng.popular(drinks, 1.3), rng.int(1, 3)));
    if (rng.next() < 0.3) lines.push(simpleLine(orderId, rng.popular(starters), 1));
    if (rng.next() < 0.25) lines.push(simpleLine(orderId, rng.popular(desserts), rng.int(1, 2)));
    return lines;
  }

  function orderTime(): { minutes: number; lunch: boolean } {
    const lunch = rng.next() < 0.38;
    const raw = lunch ? rng.around(12 * 60 + 35, 40) : rng.around(20 * 60 + 10, 55);
    const minutes = Math.round(Math.min(lunch ? 14 * 60 + 50 : 23 * 60 + 20, Math.max(lunch ? 11 * 60 : 18 * 60, raw)));
    return { minutes, lunch };
  }

  const orderRows: OrderRow[] = [];
  const itemRows: Line[] = [];
  const historyRows: (typeof orderHistory.$inferInsert)[] = [];
  const paymentRows: (typeof cashSalePayments.$inferInsert)[] = [];

  type Channel = 'delivery' | 'pickup' | 'dine_in';
  function storefrontOrder(
    createdAt: Date,
    lunch: boolean,
    status: string,
    options: { channel?: Channel; method?: string } = {},
  ) {
    const id = randomUUID();
    const channel: Channel =
      options.channel ??
      rng.weighted(
        lunch
          ? ([
              ['delivery', 4],
              ['pickup', 3],
              ['dine_in', 3],
            ] as const)
          : ([
              ['delivery', 6],
              ['pickup', 2],
              ['dine_in', 2],
            ] as const),
      );
    const buyer = rng.next() < 0.06 ? buyers[buyers.length - 1] : rng.pick(buyers);
    const lines = basket(id, lunch);
    const subtotal = lines.reduce((s, l) => s + l.totalPrice, 0);
    const fee = channel === 'delivery' ? (fees.get(buyer.neighborhood ?? '') ?? 600) : 0;
    const method =
      options.method ??
      (channel === 'dine_in'
        ? rng.weighted([
            ['Cartão de Débito', 4],
            ['Cartão de Crédito', 2],
            ['PIX', 3],
            ['Dinheiro', 1],
          ] as const)
        : rng.weighted([
            ['PIX', 4],
            ['Cartão de Crédito', 3],
            ['Cartão de Débito', 2],
            ['Dinheiro', 2],
          ] as const));
    // PIX and credit are paid online through the checkout in this demo; debit and cash on delivery.
    const online = method === 'PIX' || method === 'Cartão de Crédito';
    const cancelled = status === 'cancelled';
    orderRows.push({
      id,
      restaurantId,
      number: 0,
      ownerId,
      customerId: buyer.id,
      customerName: buyer.name,
      customerPhone: buyer.phone,
      customerEmail: buyer.email,
      deliveryType: channel,
      tableNumber: channel === 'dine_in' ? rng.int(1, 10) : null,
      ...(channel === 'delivery'
        ? {
            address: buyer.address,
            addressNumber: buyer.number,
            complement: buyer.complement,
            neighborhood: buyer.neighborhood,
            city: buyer.city,
            state: buyer.state,
            cep: buyer.cep,
          }
        : {}),
      paymentMethod: method,
      paymentStatus: online ? (cancelled && rng.next() < 0.5 ? 'failed' : 'approved') : null,
      paymentCheckoutVerified: online,
      paymentData: online ? { infinitepay_checkout: true } : {},
      installments: 1,
      subtotal,
      deliveryFee: fee,
      total: subtotal + fee,
      status,
      deliveryEmployeeId:
        channel === 'delivery' && (status === 'out_for_delivery' || status === 'delivered') ? rider.id : null,
      createdAt,
      updatedAt: createdAt,
    });
    itemRows.push(...lines);
    historyRows.push({
      restaurantId,
      orderId: id,
      status: 'pending',
      employeeName: buyer.name,
      notes: 'Pedido realizado pelo cardápio online',
      createdAt,
    });
    if (status !== 'pending') {
      const later = new Date(createdAt.getTime() + (cancelled ? 6 : 40) * 60_000);
      historyRows.push({
        restaurantId,
        orderId: id,
        status,
        employeeId: counter.id,
        employeeName: counter.name,
        notes: cancelled ? 'Cliente desistiu do pedido' : null,
        createdAt: later,
      });
    }
  }

  const cutoff = today.minutes - 60;
  for (let back = DAYS; back >= 0; back--) {
    rng = prng(SEED + back);
    const date = addDays(today.date, -back);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const count = Math.round(BASE_ORDERS * WEEKDAY_FACTOR[weekday] * (0.85 + rng.next() * 0.3));
    for (let i = 0; i < count; i++) {
      const { minutes, lunch } = orderTime();
      if (back === 0 && minutes > cutoff) continue;
      const status = rng.next() < CANCEL_RATE ? 'cancelled' : 'delivered';
      storefrontOrder(atLocal(date, minutes, timeZone), lunch, status);
    }
  }

  // On the board right now: new, in the oven, ready, out for delivery.
  rng = prng(SEED - 1);
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  storefrontOrder(minutesAgo(3), false, 'pending', { channel: 'delivery', method: 'Dinheiro' });
  storefrontOrder(minutesAgo(5), false, 'pending', { channel: 'dine_in', method: 'Cartão de Débito' });
  storefrontOrder(minutesAgo(11), false, 'preparing', { channel: 'delivery', method: 'PIX' });
  storefrontOrder(minutesAgo(14), false, 'preparing', { channel: 'pickup', method: 'Dinheiro' });
  storefrontOrder(minutesAgo(22), false, 'confirmed', { channel: 'pickup', method: 'Cartão de Crédito' });
  storefrontOrder(minutesAgo(31), false, 'out_for_delivery', { channel: 'delivery', method: 'Cartão de Débito' });

  // A closed PDV shift on most past days (yesterday's comes from the cashier seed; today's is for whoever opens it).
  const sessionRows: (typeof cashRegisterSessions.$inferInsert)[] = [];
  const countRows: (typeof cashCloseCounts.$inferInsert)[] = [];
  const registerRows: (typeof cashRegisterHistory.$inferInsert)[] = [];
  for (let back = DAYS; back >= 2; back--) {
    rng = prng(SEED + 1000 + back);
    const date = addDays(today.date, -back);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 1) continue; // Monday: the counter is closed.
    const sessionId = randomUUID();
    const opening = atLocal(date, 10 * 60 + 45, timeZone);
    const closing = atLocal(date, 22 * 60 + 45, timeZone);
    const initial = 10000;
    const payments: { methodName: string; amount: number }[] = [];
    const sales = rng.int(3, 8);
    for (let i = 0; i < sales; i++) {
      const id = randomUUID();
      const { minutes, lunch } = orderTime();
      const createdAt = atLocal(date, minutes, timeZone);
      const lines =
        rng.next() < 0.5
          ? basket(id, lunch)
          : [
              simpleLine(id, rng.popular(rng.next() < 0.5 ? starters : desserts), rng.int(1, 2)),
              simpleLine(id, rng.popular(drinks, 1.3), 1),
            ];
      const total = lines.reduce((s, l) => s + l.totalPrice, 0);
      const method = rng.weighted([
        ['Dinheiro', 3],
        ['PIX', 4],
        ['Cartão de Débito', 3],
        ['Cartão de Crédito', 2],
      ] as const);
      const split =
        rng.next() < 0.15 && total > 3000
          ? [
              { method: 'Dinheiro', amount: 2000 },
              { method: method === 'Dinheiro' ? 'PIX' : method, amount: total - 2000 },
            ]
          : [{ method, amount: total }];
      for (const [position, p] of split.entries()) {
        const received = p.method === 'Dinheiro' ? Math.ceil(p.amount / 1000) * 1000 : null;
        paymentRows.push({
          restaurantId,
          sessionId,
          orderId: id,
          methodId: methodId(p.method),
          methodName: p.method,
          position,
          amount: p.amount,
          receivedAmount: received,
          changeAmount: received ? received - p.amount : 0,
          createdAt,
        });
        payments.push({ methodName: p.method, amount: p.amount });
      }
      const customerName = rng.next() < 0.3 ? rng.pick(CUSTOMERS)[0].split(' ')[0] : WALK_IN_CUSTOMER;
      orderRows.push({
        id,
        restaurantId,
        number: 0,
        ownerId,
        customerName,
        deliveryType: 'pdv',
        paymentMethod: [...new Set(split.map((p) => p.method))].join(' + '),
        paymentData: {
          multiple_payments: split.length > 1,
          payments: split.map((p) => ({ method_id: methodId(p.method), method_name: p.method, amount: p.amount })),
          employee_name: cashier.name,
          session_id: sessionId,
        },
        installments: 1,
        subtotal: total,
        total,
        status: 'delivered',
        createdAt,
        updatedAt: createdAt,
      });
      itemRows.push(...lines);
      historyRows.push({
        restaurantId,
        orderId: id,
        status: 'delivered',
        employeeId: cashier.id,
        employeeName: cashier.name,
        notes: 'Venda no PDV',
        createdAt,
      });
    }
    const expected = expectedByGroup({ initial, supplies: 0, withdrawals: 0, sales: payments });
    const diff = closeDifferences(expected, expected);
    const cashSales = payments.filter((p) => p.methodName === 'Dinheiro').reduce((s, p) => s + p.amount, 0);
    sessionRows.push({
      id: sessionId,
      restaurantId,
      employeeId: cashier.id,
      employeeName: cashier.name,
      openingDate: opening,
      closingTime: closing,
      initialAmount: initial,
      totalSales: payments.reduce((s, p) => s + p.amount, 0),
      cashSales,
      finalBalance: expected.Dinheiro,
      status: 'closed',
      notes: 'Troco inicial',
      totalDifference: 0,
    });
    countRows.push(...diff.methods.map((m) => ({ restaurantId, sessionId, ...m })));
    const register = (operationType: string, createdAt: Date, amount: number) => ({
      restaurantId,
      sessionId,
      employeeId: cashier.id,
      employeeName: cashier.name,
      operationType,
      amount,
      createdAt,
    });
    registerRows.push(register('opening', opening, initial), register('closing', closing, expected.Dinheiro));
  }

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
  await tx.insert(cashRegisterSessions).values(sessionRows);
  await batch(orderRows, (c) => tx.insert(orders).values(c));
  await batch(itemRows, (c) => tx.insert(orderItems).values(c));
  await batch(historyRows, (c) => tx.insert(orderHistory).values(c));
  await batch(paymentRows, (c) => tx.insert(cashSalePayments).values(c));
  await tx.insert(cashCloseCounts).values(countRows);
  await tx.insert(cashRegisterHistory).values(registerRows);

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

  // Reviews of some delivered orders, newest first in the list.
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
