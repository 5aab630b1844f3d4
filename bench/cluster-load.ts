// The load of `npm run bench:cluster`: staff boards over SSE, menu readers, checkouts, and the raw SQL
// baseline the checkout rate is compared with.
import pg from 'pg';
import { request, stream } from './http-client';

export type Board = { upstream: string; arrivals: Map<string, number>; close(): void };

/** A staff board: an SSE stream through the proxy, noting when each new order's event arrives. */
export async function openBoard(base: string, cookie: string): Promise<Board> {
  const arrivals = new Map<string, number>();
  let buffer = '';
  const res = await stream(`${base}/api/events/staff`, { cookie }, (text) => {
    const now = performance.now();
    buffer += text;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.includes('event: order.created')) {
        const data = block.split('\n').find((l) => l.startsWith('data:'));
        const orderId = data ? (JSON.parse(data.slice(5)) as { orderId?: string }).orderId : undefined;
        if (orderId && !arrivals.has(orderId)) arrivals.set(orderId, now);
      }
      end = buffer.indexOf('\n\n');
    }
  });
  if (res.status !== 200) {
    res.close();
    throw new Error(`board refused: ${res.status}`);
  }
  return { upstream: String(res.headers['x-upstream'] ?? '?'), arrivals, close: res.close };
}

export type PlacedOrder = { id: string; upstream: string; sentAt: number; answeredAt: number };
export type LoadResult = { orders: PlacedOrder[]; menuReads: number; errors: string[]; seconds: number };

/**
 * A cash pickup order of one `productId` by the customer of `cookie`, paid with `paymentMethod` (a method's
 * id, or the fallback list's `cash` where the restaurant has none); a network failure throws.
 */
export async function placeCheckout(
  base: string,
  cookie: string,
  productId: string,
  idempotencyKey: string,
  paymentMethod = 'cash',
) {
  const res = await request(`${base}/api/customer/orders`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify({
      items: [{ productId, quantity: 1 }],
      deliveryType: 'pickup',
      name: 'Cliente Bench',
      phone: '(11) 98765-4321',
      paymentMethod,
      cashReceived: 10_000,
    }),
  });
  const text = res.text();
  const orderId = res.status === 201 ? (JSON.parse(text) as { order: { id: string } }).order.id : undefined;
  return { status: res.status, text, orderId, upstream: String(res.headers['x-upstream'] ?? '?') };
}

/** Menu readers and checkout workers against `base` until `seconds` have passed. */
export async function driveLoad(options: {
  base: string;
  slug: string;
  customerCookies: string[];
  productId: string;
  seconds: number;
  checkoutWorkers: number;
  menuWorkers: number;
}): Promise<LoadResult> {
  const { base, slug, customerCookies, productId } = options;
  const deadline = performance.now() + options.seconds * 1000;
  const result: LoadResult = { orders: [], menuReads: 0, errors: [], seconds: options.seconds };
  let nextCustomer = 0;
  let nextKey = 0;
  const started = performance.now();

  const menuReader = async () => {
    while (performance.now() < deadline) {
      try {
        const res = await request(`${base}/api/public/restaurants/${slug}/menu`);
        if (res.status === 200) result.menuReads += 1;
        else result.errors.push(`menu ${res.status}`);
      } catch (err) {
        result.errors.push(`menu ${(err as Error).message}`);
      }
    }
  };
  const checkoutWorker = async () => {
    while (performance.now() < deadline) {
      // Each customer orders once: the open unpaid order limit never refuses anyone.
      const cookie = customerCookies[nextCustomer++ % customerCookies.length];
      const sentAt = performance.now();
      try {
        const res = await placeCheckout(base, cookie, productId, `bench-${++nextKey}-${Date.now()}`);
        const answeredAt = performance.now();
        if (res.status !== 201) {
          result.errors.push(`checkout ${res.status} ${res.text.slice(0, 120)}`);
          continue;
        }
        result.orders.push({ id: res.orderId!, upstream: res.upstream, sentAt, answeredAt });
      } catch (err) {
        result.errors.push(`checkout ${(err as Error).message}`);
      }
    }
  };
  await Promise.all([
    ...Array.from({ length: options.menuWorkers }, menuReader),
    ...Array.from({ length: options.checkoutWorkers }, checkoutWorker),
  ]);
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/**
 * The same writes as a storefront order — lock the restaurant, take its number, the order, its item, its
 * history, the stock and its history, the event and its NOTIFY — as raw SQL, one transaction per order,
 * each for the next of `targets` (a restaurant and a product of it).
 */
export async function rawInsertRate(
  url: string,
  targets: { restaurantId: string; productId: string }[],
  seconds: number,
  workers: number,
) {
  const pool = new pg.Pool({ connectionString: url, max: workers });
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  const worker = async () => {
    const client = await pool.connect();
    try {
      while (performance.now() < deadline) {
        const { restaurantId, productId } = targets[done % targets.length];
        await client.query('begin');
        // The number's UPDATE is also the restaurant's lock, as in the order pipeline.
        const seq = await client.query(
          'update restaurants set order_seq = order_seq + 1 where id = $1 returning order_seq',
          [restaurantId],
        );
        const order = await client.query(
          `insert into orders (restaurant_id, number, customer_name, customer_phone, delivery_type, payment_method,
             payment_status, subtotal, delivery_fee, discount, total, status)
           values ($1, $2, 'Cliente', '11987654321', 'pickup', 'Dinheiro', 'pending', 600, 0, 0, 600, 'pending') returning id`,
          [restaurantId, seq.rows[0].order_seq],
        );
        const orderId = order.rows[0].id;
        await client.query(
          `insert into order_items (restaurant_id, order_id, product_id, name, quantity, unit_price, total_price)
           values ($1, $2, $3, 'Refrigerante', 1, 600, 600)`,
          [restaurantId, orderId, productId],
        );
        await client.query(
          `insert into order_history (restaurant_id, order_id, status, employee_name, notes) values ($1, $2, 'pending', 'Cliente', 'Pedido')`,
          [restaurantId, orderId],
        );
        const stock = await client.query(
          'update products set estoque = estoque - 1 where id = $1 and estoque >= 1 returning estoque',
          [productId],
        );
        await client.query(
          `insert into stock_history (restaurant_id, product_id, operation_type, quantity_before, quantity_after,
             quantity_changed, employee_name, order_id) values ($1, $2, 'sale', $3, $4, 1, 'Cliente', $5)`,
          [restaurantId, productId, stock.rows[0].estoque + 1, stock.rows[0].estoque, orderId],
        );
        // The customer's "Recebemos seu pedido", queued with the order as the pipeline does (decision 089);
        // written as sent, so the app's senders have nothing to do for it.
        await client.query(
          `insert into outbound_messages (restaurant_id, order_id, kind, phone, body, status)
           values ($1, $2, 'new_order', '5511987654321', 'Olá, Cliente! Recebemos seu pedido.', 'sent')`,
          [restaurantId, orderId],
        );
        // The event and its notification carrying it whole, as the app sends it (no instance reads it back).
        await client.query(
          `with e as (
             insert into events (restaurant_id, type, permission, payload)
             values ($1, 'bench.raw', 'manage_orders', $2) returning *
           )
           select pg_notify('mc_events', json_build_object('id', e.id, 'restaurantId', e.restaurant_id,
             'type', e.type, 'permission', e.permission, 'customerId', e.customer_id, 'payload', e.payload,
             'createdAt', e.created_at, 'courierId', null)::text) from e`,
          [restaurantId, JSON.stringify({ orderId })],
        );
        await client.query('commit');
        done += 1;
      }
    } finally {
      client.release();
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  return done / elapsed;
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
