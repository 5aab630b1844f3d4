import { orderItems, printJobs, products } from '@meucardapio/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FakePrinter } from './fake-printer';
import { eventually, signupOwner, type TestApp } from './helpers';
import { insertOrder } from './ops-fixtures';
import { startAgent } from './print-agent-process';

/** The printer routes as Configurações → Impressoras sends them: nothing routed unless `over` says so. */
export type PrinterRoutes = {
  order: { delivery: number; pickup: number; dine_in: number };
  stations: string[];
  pdvReceipt: boolean;
  nfceDanfe: boolean;
  cashClosing: boolean;
};

/**
 * A printer's body for `POST /api/admin/printers`: 80 mm (48 columns, CP860) unless `columns` is 32
 * (58 mm, CP850), on `connection` (a loopback port by default), no drawer, the given routes.
 */
export function printerBody(
  name: string,
  routes: Partial<PrinterRoutes> = {},
  options: { connection?: string; columns?: 32 | 48; drawer?: boolean } = {},
) {
  const columns = options.columns ?? 48;
  return {
    name,
    connection: options.connection ?? '127.0.0.1:9100',
    agentId: null,
    columns,
    codepage: columns === 48 ? 'cp860' : 'cp850',
    cut: true,
    drawer: options.drawer ?? false,
    routes: {
      order: { delivery: 0, pickup: 0, dine_in: 0 },
      stations: [],
      pdvReceipt: false,
      nfceDanfe: false,
      cashClosing: false,
      ...routes,
    },
  };
}

/** How long the agent may take to get a job on paper. */
export const PRINTS = 45_000;
export const noOrder = { delivery: 0, pickup: 0, dine_in: 0 };

export const printer = (name: string, address: string, columns: 32 | 48, routes: Partial<PrinterRoutes>) =>
  printerBody(name, routes, { connection: address, columns });

/**
 * A restaurant (and another) printing through the real agent to fake network printers: stations Forno
 * (a pizza) and Bar (a drink); printers Balcão (80 mm: orders, two copies for delivery, PDV receipts, cash
 * closing) on `counter`, Forno (58 mm) on `oven` and Bar (80 mm) on `bar`; the agent started with a token
 * of its own against the app listening at `url`. Answers them with the helpers the printing tests share.
 */
export async function startPrinting(
  t: TestApp,
  url: string,
  { counter, oven, bar }: { counter: FakePrinter; oven: FakePrinter; bar: FakePrinter },
) {
  const owner = await signupOwner(t);
  const other = await signupOwner(t);

  async function newToken(name: string) {
    const res = await owner.client.post('/api/admin/print-agents', { name });
    expect(res.status).toBe(201);
    return res.body as { agent: { id: string }; token: string };
  }

  /** A pending order with the given products, accepted on the board (pending → preparing). */
  async function acceptedOrder(
    lines: { productId: string | null; name: string }[],
    overrides: Record<string, unknown> = {},
  ) {
    const order = await insertOrder(t, owner.restaurantId, overrides, {
      items: lines.map((l) => ({ name: l.name, quantity: 1, unitPrice: 3000 })),
    });
    for (const l of lines.filter((l) => l.productId)) {
      await t.db
        .update(orderItems)
        .set({ productId: l.productId })
        .where(and(eq(orderItems.orderId, order.id), eq(orderItems.name, l.name)));
    }
    const res = await owner.client.patch(`/api/admin/orders/${order.id}/status`, { status: 'preparing' });
    expect(res.status).toBe(200);
    return order;
  }

  const jobsOf = (orderId: string) => t.db.select().from(printJobs).where(eq(printJobs.orderId, orderId));

  async function allPrinted(orderIds: string[], count: number) {
    await eventually(async () => {
      const rows = await t.db.select().from(printJobs).where(inArray(printJobs.orderId, orderIds));
      expect(rows).toHaveLength(count);
      expect(rows.every((r) => r.status === 'printed')).toBe(true);
    }, PRINTS);
  }

  const status = async () => (await owner.client.get('/api/admin/printing/status')).body;

  await Promise.all([counter.start(), oven.start(), bar.start()]);
  const pizzas = (await owner.client.post('/api/admin/kitchen/stations', { name: 'Forno' })).body.station.id;
  const ovenStation: string = pizzas;
  const bebidas = (await owner.client.post('/api/admin/kitchen/stations', { name: 'Bar' })).body.station.id;
  const rows = await t.db
    .insert(products)
    .values([
      { restaurantId: owner.restaurantId, name: 'Pizza Calabresa', price: 3000, stationId: pizzas },
      { restaurantId: owner.restaurantId, name: 'Guaraná Antártica', price: 3000, stationId: bebidas },
    ])
    .returning({ id: products.id });
  const [pizzaId, drinkId] = rows.map((r) => r.id);
  const made = await Promise.all([
    owner.client.post(
      '/api/admin/printers',
      printer('Balcão', counter.address, 48, {
        order: { delivery: 2, pickup: 1, dine_in: 1 },
        stations: [],
        pdvReceipt: true,
        cashClosing: true,
      }),
    ),
    owner.client.post(
      '/api/admin/printers',
      printer('Forno', oven.address, 32, {
        order: noOrder,
        stations: [pizzas],
        pdvReceipt: false,
        cashClosing: false,
      }),
    ),
    owner.client.post(
      '/api/admin/printers',
      printer('Bar', bar.address, 48, {
        order: noOrder,
        stations: [bebidas],
        pdvReceipt: false,
        cashClosing: false,
      }),
    ),
  ]);
  for (const res of made) expect(res.status).toBe(201);
  const printerIds: Record<'counter' | 'oven' | 'bar', string> = { counter: '', oven: '', bar: '' };
  [printerIds.counter, printerIds.oven, printerIds.bar] = made.map((r) => r.body.printer.id);
  const token = (await newToken('Computador do caixa')).token;
  const agent = startAgent(url, token);

  const pizza = () => ({ productId: pizzaId, name: 'Pizza Calabresa' });
  /** A product no kitchen station prepares: only the counter copy prints. */
  const water = () => ({ productId: null, name: 'Água sem gás' });
  const drink = () => ({ productId: drinkId, name: 'Guaraná Antártica' });

  return {
    owner,
    other,
    printerIds,
    ovenStation,
    token,
    agent,
    newToken,
    acceptedOrder,
    jobsOf,
    allPrinted,
    status,
    pizza,
    water,
    drink,
  };
}

export type Printing = Awaited<ReturnType<typeof startPrinting>>;
