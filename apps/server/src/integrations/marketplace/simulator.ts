import { randomInt, randomUUID } from 'node:crypto';
import type { MarketplaceAction } from '@meucardapio/domain/marketplace';
import type { ActionBody, ConnectionAccess, MarketplaceClient, OdOrder, PolledEvent } from './marketplace';

/**
 * The offline ordering app (the default, and the demo's): an Open Delivery app living in the process.
 * It makes realistic iFood and Keeta orders from the restaurant's own menu, delivers their events by
 * the same polling/acknowledgment protocol (unacknowledged events come again), records every call the
 * restaurant makes, and answers them as an app would (a confirmation becomes a CONFIRMED event).
 * Its state is per process: a demo runs one instance.
 */

export type SimulatedMenuItem = { id: string; name: string; price: number };
export type SimulatorCall = { action: MarketplaceAction; orderId: string; displayId: string; at: string };

type State = { events: PolledEvent[]; orders: Map<string, OdOrder>; calls: SimulatorCall[]; lastMade: number };

export type MarketplaceSimulator = MarketplaceClient & {
  /** Makes a new order now (the settings screen's "Gerar pedido agora" and the timer). */
  makeOrder(c: ConnectionAccess, menu: readonly SimulatedMenuItem[], app?: 'ifood' | 'keeta'): OdOrder | null;
  /** Makes an order when the last one is older than `everyMs`. */
  makeOrderIfDue(c: ConnectionAccess, menu: readonly SimulatedMenuItem[], everyMs: number): OdOrder | null;
  /** The calls the restaurant made to the simulated app, oldest first. */
  calls(connectionId: string): SimulatorCall[];
  /** Makes the next `n` polls fail, as an app that is down (tests and the health display). */
  failNextPolls(connectionId: string, n: number): void;
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

const ACTION_EVENT: Partial<Record<MarketplaceAction, string>> = {
  confirm: 'CONFIRMED',
  readyForPickup: 'READY_FOR_PICKUP',
  dispatch: 'DISPATCHED',
  delivered: 'DELIVERED',
  acceptCancellation: 'CANCELLED',
  requestCancellation: 'CANCELLED',
  denyCancellation: 'CANCELLED_DENIED',
};

export function marketplaceSimulator(): MarketplaceSimulator {
  const states = new Map<string, State>();
  const failing = new Map<string, number>();
  const state = (id: string) => {
    let s = states.get(id);
    if (!s) {
      s = { events: [], orders: new Map(), calls: [], lastMade: 0 };
      states.set(id, s);
    }
    return s;
  };
  let apps = 0;

  function push(s: State, order: OdOrder, type: string) {
    s.events.push({
      id: randomUUID(),
      type,
      orderId: order.id,
      createdAt: new Date().toISOString(),
      raw: { orderURL: `simulator://orders/${order.id}` },
    });
  }

  function makeOrder(c: ConnectionAccess, menu: readonly SimulatedMenuItem[], app?: 'ifood' | 'keeta') {
    const sellable = menu.filter((m) => m.price > 0);
    if (sellable.length === 0) return null;
    const s = state(c.id);
    // iFood and Keeta by turns, as the demo promises both.
    const channel = app ?? (apps++ % 2 === 0 ? 'ifood' : 'keeta');
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
    const order: OdOrder = {
      id: randomUUID(),
      type: 'DELIVERY',
      displayId: String(1000 + randomInt(9000)),
      salesChannel: channel.toUpperCase(),
      createdAt: now.toISOString(),
      lastEvent: 'CREATED',
      orderTiming: 'INSTANT',
      preparationStartDateTime: now.toISOString(),
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
        estimatedDeliveryDateTime: new Date(now.getTime() + 45 * 60_000).toISOString(),
      },
    };
    s.orders.set(order.id, order);
    s.lastMade = now.getTime();
    push(s, order, 'CREATED');
    return order;
  }

  return {
    async poll(c) {
      const left = failing.get(c.id) ?? 0;
      if (left > 0) {
        failing.set(c.id, left - 1);
        throw new Error('Simulador fora do ar');
      }
      return state(c.id).events.slice(0, 1000);
    },
    async acknowledge(c, events) {
      const acked = new Set(events.map((e) => e.id));
      const s = state(c.id);
      s.events = s.events.filter((e) => !acked.has(e.id));
    },
    async order(c, orderId) {
      const order = state(c.id).orders.get(orderId);
      if (!order) throw new Error('Pedido não encontrado no simulador');
      return order;
    },
    async act(c, orderId, action, _body: ActionBody) {
      const s = state(c.id);
      const order = s.orders.get(orderId);
      if (!order) throw new Error('Pedido não encontrado no simulador');
      s.calls.push({ action, orderId, displayId: order.displayId, at: new Date().toISOString() });
      const type = ACTION_EVENT[action];
      if (type) {
        order.lastEvent = type;
        push(s, order, type);
      }
    },
    async check() {},
    makeOrder,
    makeOrderIfDue(c, menu, everyMs) {
      const s = state(c.id);
      if (s.lastMade === 0) s.lastMade = Date.now();
      return Date.now() - s.lastMade >= everyMs ? makeOrder(c, menu) : null;
    },
    calls: (id) => [...(states.get(id)?.calls ?? [])],
    failNextPolls(id, n) {
      failing.set(id, n);
    },
  };
}
