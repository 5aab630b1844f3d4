import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from '@meucardapio/db/client';
import { simulatorCalls, simulatorEvents, simulatorOrders, simulatorStates } from '@meucardapio/db/schema';
import type { MarketplaceAction } from '@meucardapio/domain/marketplace';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type ActionBody,
  type ConnectionAccess,
  type MarketplaceClient,
  MarketplaceError,
  type OdOrder,
  type PolledEvent,
} from './marketplace';

/**
 * The offline ordering app (the default, and the demo's): an Open Delivery app living in the process.
 * It makes realistic iFood and Keeta orders from the restaurant's own menu, delivers their events by
 * the same polling/acknowledgment protocol (unacknowledged events come again), records every call the
 * restaurant makes, and answers them as an app would (a confirmation becomes a CONFIRMED event).
 * What an app keeps (its orders, the events not acknowledged, the calls received, when it last made
 * an order) is kept in the database, so a restart or a second instance carries on where it was.
 */

export type SimulatedMenuItem = { id: string; name: string; price: number };
export type SimulatedOrderOptions = { app?: 'ifood' | 'keeta'; scheduled?: boolean };
export type SimulatorCall = { action: MarketplaceAction; orderId: string; displayId: string; at: string };

export type MarketplaceSimulator = MarketplaceClient & {
  /**
   * Makes a new order now (the settings screen's "Gerar pedido agora" and the timer): of `app`, or iFood and
   * Keeta by turns; `scheduled` for a delivery window later today (left out, as the timer does, every fourth order is).
   */
  makeOrder(
    c: ConnectionAccess,
    menu: readonly SimulatedMenuItem[],
    options?: SimulatedOrderOptions,
  ): Promise<OdOrder | null>;
  /** Makes an order when the last one is older than `everyMs` (one instance makes it, whatever number run). */
  makeOrderIfDue(c: ConnectionAccess, menu: readonly SimulatedMenuItem[], everyMs: number): Promise<OdOrder | null>;
  /** The calls the restaurant made to the simulated app, oldest first. */
  calls(connectionId: string): Promise<SimulatorCall[]>;
  /** The next call is refused for good, as an app refuses a move it will not take ("Simular falha"). */
  refuseNextCall(connectionId: string): Promise<void>;
};

const NAMES = [
  'Ana Souza',
  'Bruno Lima',
  'Carla Mendes',
  'Diego Rocha',
  'Elisa Prado',
  'Felipe Araújo',
  'Gabriela Nunes',
];
const STREETS = [
  ['Rua Augusta', 'Consolação'],
  ['Avenida Paulista', 'Bela Vista'],
  ['Rua Oscar Freire', 'Jardins'],
  ['Rua Harmonia', 'Vila Madalena'],
];

const price = (centavos: number) => ({ value: centavos / 100, currency: 'BRL' });

const MINUTE = 60_000;
/**
 * A scheduled order's delivery window: half an hour starting at the first quarter hour an hour from now,
 * its preparation starting 40 minutes before it (so a demo sees it held, then sent to the kitchen).
 */
function scheduledWindow(now: Date) {
  const quarter = 15 * MINUTE;
  const start = new Date(Math.ceil((now.getTime() + 60 * MINUTE) / quarter) * quarter);
  return {
    start,
    end: new Date(start.getTime() + 30 * MINUTE),
    preparationStart: new Date(start.getTime() - 40 * MINUTE),
  };
}

const ACTION_EVENT: Partial<Record<MarketplaceAction, string>> = {
  confirm: 'CONFIRMED',
  readyForPickup: 'READY_FOR_PICKUP',
  dispatch: 'DISPATCHED',
  delivered: 'DELIVERED',
  acceptCancellation: 'CANCELLED',
  requestCancellation: 'CANCELLED',
  denyCancellation: 'CANCELLED_DENIED',
};

export function marketplaceSimulator(db: Db): MarketplaceSimulator {
  const notFound = () => new MarketplaceError('Pedido não encontrado no simulador.', { status: 404 });

  /** Counts an order made on the connection: its number says whose turn it is. */
  async function turn(connectionId: string): Promise<number> {
    const [row] = await db
      .insert(simulatorStates)
      .values({ connectionId, made: 1 })
      .onConflictDoUpdate({
        target: simulatorStates.connectionId,
        set: { made: sql`${simulatorStates.made} + 1`, lastMadeAt: sql`now()` },
      })
      .returning({ made: simulatorStates.made });
    return row.made;
  }

  const event = (connectionId: string, orderId: string, type: string) => ({ connectionId, orderId, type });

  async function makeOrder(
    c: ConnectionAccess,
    menu: readonly SimulatedMenuItem[],
    options: SimulatedOrderOptions = {},
  ) {
    const sellable = menu.filter((m) => m.price > 0);
    if (sellable.length === 0) return null;
    // iFood and Keeta by turns, as the demo promises both; every fourth order is for later.
    const made = await turn(c.id);
    const channel = options.app ?? (made % 2 === 1 ? 'ifood' : 'keeta');
    const scheduled = options.scheduled ?? made % 4 === 0;
    const lines = Array.from({ length: 1 + randomInt(2) }, () => sellable[randomInt(sellable.length)]);
    const items = lines.map((m) => {
      const quantity = 1 + randomInt(2);
      return {
        id: randomUUID(),
        name: m.name,
        externalCode: m.id,
        unit: 'UN',
        quantity,
        unitPrice: price(m.price),
        totalPrice: price(m.price * quantity),
      };
    });
    const itemsPrice = lines.reduce((sum, m, i) => sum + m.price * items[i].quantity, 0);
    const fee = 599;
    const total = itemsPrice + fee;
    const cash = randomInt(3) === 0;
    const [street, district] = STREETS[randomInt(STREETS.length)];
    const now = new Date();
    const window = scheduled ? scheduledWindow(now) : null;
    const order: OdOrder = {
      id: randomUUID(),
      type: 'DELIVERY',
      displayId: String(1000 + randomInt(9000)),
      salesChannel: channel.toUpperCase(),
      createdAt: now.toISOString(),
      lastEvent: 'CREATED',
      orderTiming: window ? 'SCHEDULED' : 'INSTANT',
      preparationStartDateTime: (window?.preparationStart ?? now).toISOString(),
      ...(window && {
        schedule: {
          scheduledDateTimeStart: window.start.toISOString(),
          scheduledDateTimeEnd: window.end.toISOString(),
        },
      }),
      merchant: { id: c.merchantId, name: 'Restaurante' },
      items,
      otherFees: [{ name: 'Taxa de entrega', type: 'DELIVERY_FEE', receivedBy: 'MERCHANT', price: price(fee) }],
      total: { itemsPrice: price(itemsPrice), otherFees: price(fee), discount: price(0), orderAmount: price(total) },
      payments: cash
        ? {
            prepaid: 0,
            pending: total / 100,
            methods: [
              {
                value: total / 100,
                currency: 'BRL',
                type: 'PENDING',
                method: 'CASH',
                changeFor: Math.ceil(total / 5000) * 50,
              },
            ],
          }
        : {
            prepaid: total / 100,
            pending: 0,
            methods: [{ value: total / 100, currency: 'BRL', type: 'PREPAID', method: 'CREDIT' }],
          },
      customer: {
        id: randomUUID(),
        name: NAMES[randomInt(NAMES.length)],
        phone: { number: `1199${randomInt(1_000_000, 9_999_999)}` },
        ordersCountOnMerchant: randomInt(5),
      },
      delivery: {
        deliveredBy: 'MARKETPLACE',
        deliveryAddress: {
          country: 'BR',
          state: 'SP',
          city: 'São Paulo',
          district,
          street,
          number: String(10 + randomInt(2000)),
          formattedAddress: `${street}, ${district}, São Paulo - SP`,
          postalCode: '01310100',
          coordinates: { latitude: -23.56, longitude: -46.65 },
        },
        estimatedDeliveryDateTime: (window?.start ?? new Date(now.getTime() + 45 * 60_000)).toISOString(),
      },
    };
    await db.transaction(async (tx) => {
      await tx.insert(simulatorOrders).values({ id: order.id, connectionId: c.id, body: order });
      await tx.insert(simulatorEvents).values(event(c.id, order.id, 'CREATED'));
    });
    return order;
  }

  return {
    async poll(c) {
      const rows = await db
        .select()
        .from(simulatorEvents)
        .where(and(eq(simulatorEvents.connectionId, c.id), isNull(simulatorEvents.ackedAt)))
        .orderBy(asc(simulatorEvents.seq))
        .limit(1000);
      return rows.map(
        (e): PolledEvent => ({
          id: e.id,
          type: e.type,
          orderId: e.orderId,
          createdAt: e.createdAt.toISOString(),
          raw: { orderURL: `simulator://orders/${e.orderId}` },
        }),
      );
    },
    async acknowledge(c, events) {
      if (events.length === 0) return;
      await db.delete(simulatorEvents).where(
        and(
          eq(simulatorEvents.connectionId, c.id),
          inArray(
            simulatorEvents.id,
            events.map((e) => e.id),
          ),
        ),
      );
    },
    async order(c, orderId) {
      const [row] = await db
        .select({ body: simulatorOrders.body })
        .from(simulatorOrders)
        .where(and(eq(simulatorOrders.connectionId, c.id), eq(simulatorOrders.id, orderId)))
        .limit(1);
      if (!row) throw notFound();
      return row.body as OdOrder;
    },
    async act(c, orderId, action, _body: ActionBody) {
      // Taken on its own: the refusal is used up even though the call then changes nothing.
      const [refused] = await db
        .update(simulatorStates)
        .set({ refuseNextCall: false })
        .where(and(eq(simulatorStates.connectionId, c.id), eq(simulatorStates.refuseNextCall, true)))
        .returning({ connectionId: simulatorStates.connectionId });
      if (refused)
        throw new MarketplaceError('O aplicativo recusou a atualização do pedido (falha simulada).', { status: 422 });
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(simulatorOrders)
          .where(and(eq(simulatorOrders.connectionId, c.id), eq(simulatorOrders.id, orderId)))
          .for('update')
          .limit(1);
        if (!row) throw notFound();
        const order = row.body as OdOrder;
        await tx.insert(simulatorCalls).values({ connectionId: c.id, orderId, displayId: order.displayId, action });
        const type = ACTION_EVENT[action];
        if (type) {
          await tx
            .update(simulatorOrders)
            .set({ body: { ...order, lastEvent: type } })
            .where(eq(simulatorOrders.id, orderId));
          await tx.insert(simulatorEvents).values(event(c.id, orderId, type));
        }
      });
    },
    async check() {},
    makeOrder,
    async makeOrderIfDue(c, menu, everyMs) {
      // The first poll starts the clock; after that, one instance takes each turn (a conditional update).
      await db.insert(simulatorStates).values({ connectionId: c.id }).onConflictDoNothing();
      const [due] = await db
        .update(simulatorStates)
        .set({ lastMadeAt: sql`now()` })
        .where(
          and(
            eq(simulatorStates.connectionId, c.id),
            sql`${simulatorStates.lastMadeAt} <= now() - ${everyMs} * interval '1 millisecond'`,
          ),
        )
        .returning({ connectionId: simulatorStates.connectionId });
      return due ? makeOrder(c, menu) : null;
    },
    async calls(connectionId) {
      const rows = await db
        .select()
        .from(simulatorCalls)
        .where(eq(simulatorCalls.connectionId, connectionId))
        .orderBy(asc(simulatorCalls.id));
      return rows.map((r) => ({
        action: r.action as MarketplaceAction,
        orderId: r.orderId,
        displayId: r.displayId,
        at: r.at.toISOString(),
      }));
    },
    async refuseNextCall(connectionId) {
      await db
        .insert(simulatorStates)
        .values({ connectionId, refuseNextCall: true })
        .onConflictDoUpdate({ target: simulatorStates.connectionId, set: { refuseNextCall: true } });
    },
  };
}
