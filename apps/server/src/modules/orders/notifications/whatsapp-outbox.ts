import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '@meucardapio/db/client';
import { events, orderItems, orders, outboundMessages, restaurantSecrets, restaurants } from '@meucardapio/db/schema';
import { formatBRL } from '@meucardapio/domain/money';
import { cashChangeOf, cashChangeText } from '@meucardapio/domain/order-display';
import { shortIdAdmin } from '@meucardapio/domain/order-status';
import { toWhatsAppNumber } from '@meucardapio/domain/phone';
import { greetingName } from '@meucardapio/domain/status-messages';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Deps } from '../../../http/context';
import { tenant } from '../../../http/tenant';
import { appendEvent } from '../../../realtime/realtime';

/**
 * WhatsApp notification of a new order (ARCHITECTURE §6.11): sent ONCE per order by the server, never
 * by whichever admin page is open. How "once" holds with many instances and pages:
 *  - the outbox row is inserted if absent (unique restaurant_id + order_id + kind), so any number of
 *    triggers for the same order produce one row;
 *  - a sender claims a row in a short transaction (`FOR UPDATE SKIP LOCKED`, status 'sending' with a
 *    claim token and a lease), commits, calls the provider outside any transaction, then records the
 *    result in a second short transaction: two workers never send the same row, and no database
 *    connection (on the embedded database, THE connection) waits on the provider;
 *  - a row whose lease ran out (its sender died mid-send) is claimed again;
 *  - failed sends are retried with backoff a few times, then the row is marked failed.
 * Triggers: the NOTIFY of the realtime bridge for `order.created` (or the `order.updated` saying a
 * card/PIX order was paid), immediate, and a poll of the event log as a safety net for notifications
 * missed while an instance was down.
 */

export const NEW_ORDER_KIND = 'new_order';
/** The realtime bridge's NOTIFY channel (realtime/realtime.ts). */
const EVENTS_CHANNEL = 'mc_events';
/** Delay after creation before attempt n+1, indexed by failures so far; its length is the attempt cap. */
export const DEFAULT_RETRY_DELAYS_MS = [0, 15_000, 60_000, 5 * 60_000, 15 * 60_000];
const POLL_MS = 10_000;
const SWEEP_WINDOW_MS = 24 * 3600_000;
const SWEEP_LIMIT = 50;
/** How far behind the timer's cursor trails, for transactions that commit after later ones. */
const SETTLE_MS = 60_000;
/** Events read per query when looking for new orders. */
const EVENTS_PAGE = 1000;

export type NotifierOptions = { pollMs?: number; retryDelaysMs?: number[] };

/**
 * The message a customer receives when the restaurant gets their order: the restaurant's own texts
 * (product names, total, payment) and a plain first name; never the item or order notes, which the
 * customer types freely and the order's phone may belong to someone else (decision 045).
 */
export function newOrderMessage(
  order: {
    id: string;
    number: number;
    customerName: string;
    total: number;
    deliveryType: string;
    paymentMethod: string | null;
    paymentData: Record<string, unknown> | null;
  },
  items: { name: string; quantity: number }[],
  restaurantName: string,
): string {
  const first = greetingName(order.customerName);
  const change = cashChangeText(cashChangeOf(order.paymentData));
  const payment = [order.paymentMethod, change].filter(Boolean).join(' · ');
  const lines = [
    `Olá, ${first}! Recebemos seu pedido #${order.number} (${shortIdAdmin(order.id)}) em ${restaurantName}.`,
    '',
    ...items.map((i) => `${i.quantity}x ${i.name}`),
    '',
    `Total: ${formatBRL(order.total)}`,
    ...(payment ? [`Pagamento: ${payment}`] : []),
    'Avisaremos você a cada mudança de status. Obrigado!',
  ];
  return lines.join('\n');
}

/**
 * Creates the missing outbox rows for a restaurant's recent orders (or only `orderId`). PDV sales are
 * excluded (the customer is at the counter), and so are card/PIX orders not paid yet: the customer
 * hears "Recebemos seu pedido" when the restaurant really has it, not for an abandoned checkout. Safe
 * to call any number of times from any instance.
 */
export async function enqueueNewOrderNotifications(
  db: DbOrTx,
  restaurantId: string,
  orderId?: string,
): Promise<number> {
  const since = new Date(Date.now() - SWEEP_WINDOW_MS);
  const missing = await db
    .select({
      id: orders.id,
      number: orders.number,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
      total: orders.total,
      deliveryType: orders.deliveryType,
      paymentMethod: orders.paymentMethod,
      paymentData: orders.paymentData,
    })
    .from(orders)
    .where(
      tenant(
        orders,
        restaurantId,
        gt(orders.createdAt, since),
        orderId ? eq(orders.id, orderId) : undefined,
        ne(orders.deliveryType, 'pdv'),
        // An ordering app's customer hears from the app.
        isNull(orders.channel),
        // Cash and pay-on-delivery orders carry no payment status; card/PIX orders wait for 'approved'.
        or(isNull(orders.paymentStatus), eq(orders.paymentStatus, 'approved')),
        sql`not exists (select 1 from ${outboundMessages} m where m.restaurant_id = ${orders.restaurantId}
            and m.order_id = ${orders.id} and m.kind = ${NEW_ORDER_KIND})`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(SWEEP_LIMIT);
  if (missing.length === 0) return 0;
  const [restaurant] = await db
    .select({ name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1);
  const items = await db
    .select({
      orderId: orderItems.orderId,
      name: orderItems.name,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(
      tenant(
        orderItems,
        restaurantId,
        inArray(
          orderItems.orderId,
          missing.map((o) => o.id),
        ),
      ),
    )
    .orderBy(asc(orderItems.id));
  let inserted = 0;
  for (const o of missing) {
    const phone = toWhatsAppNumber(o.customerPhone ?? '');
    const rows = await db
      .insert(outboundMessages)
      .values({
        restaurantId,
        orderId: o.id,
        kind: NEW_ORDER_KIND,
        phone,
        body: newOrderMessage(
          o,
          items.filter((i) => i.orderId === o.id),
          restaurant?.name ?? '',
        ),
        // Nothing to send without a phone (e.g. a table order): recorded, never attempted.
        status: phone ? 'pending' : 'failed',
        lastError: phone ? null : 'Pedido sem telefone de WhatsApp válido',
      })
      .onConflictDoNothing()
      .returning({ id: outboundMessages.id });
    inserted += rows.length;
  }
  return inserted;
}

/** How long a claimed row belongs to its sender (well above the provider's timeout). */
export const SEND_LEASE_MS = 2 * 60_000;

type Claimed = { row: typeof outboundMessages.$inferSelect; attempts: number; token: string; apiKey: string | null };

/**
 * Claims the oldest due row: pending and past its retry delay, or 'sending' with an expired lease.
 * The attempt is counted here, so a sender that keeps dying still reaches the attempt cap.
 */
async function claimNext(db: Db, at: Date, delays: number[], leaseMs: number): Promise<Claimed | null> {
  const maxAttempts = delays.length;
  const whens = delays.map((d, i) => `when ${i} then ${Math.max(0, Math.round(d))}`).join(' ');
  const delayCase = sql`case ${outboundMessages.attempts} ${sql.raw(whens)} else 0 end`;
  const atSql = sql`${at.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    // A row whose sender died on its last attempt is not tried again.
    await tx
      .update(outboundMessages)
      .set({ status: 'failed', claimToken: null, leaseUntil: null, lastError: 'Envio interrompido' })
      .where(
        and(
          eq(outboundMessages.status, 'sending'),
          lt(outboundMessages.leaseUntil, atSql),
          gte(outboundMessages.attempts, maxAttempts),
        ),
      );
    const [row] = await tx
      .select()
      .from(outboundMessages)
      .where(
        and(
          lt(outboundMessages.attempts, maxAttempts),
          or(
            and(
              eq(outboundMessages.status, 'pending'),
              lte(sql`${outboundMessages.createdAt} + (${delayCase}) * interval '1 millisecond'`, atSql),
            ),
            and(eq(outboundMessages.status, 'sending'), lt(outboundMessages.leaseUntil, atSql)),
          ),
        ),
      )
      .orderBy(asc(outboundMessages.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const token = randomUUID();
    const attempts = row.attempts + 1;
    await tx
      .update(outboundMessages)
      .set({ status: 'sending', attempts, claimToken: token, leaseUntil: new Date(at.getTime() + leaseMs) })
      .where(eq(outboundMessages.id, row.id));
    const [secret] = await tx
      .select({ apiKey: restaurantSecrets.whatsappApiKey })
      .from(restaurantSecrets)
      .where(eq(restaurantSecrets.restaurantId, row.restaurantId))
      .limit(1);
    return { row, attempts, token, apiKey: secret?.apiKey ?? null };
  });
}

/** Records a send's result. A failure only counts while the claim is still this sender's. */
async function recordResult(
  deps: Pick<Deps, 'database' | 'log'>,
  claimed: Claimed,
  error: unknown,
  maxAttempts: number,
): Promise<void> {
  const { row, attempts, token } = claimed;
  await deps.database.db.transaction(async (tx) => {
    if (error === null) {
      // The message went out: whoever holds the row now, it must never be sent again.
      await tx
        .update(outboundMessages)
        .set({ status: 'sent', sentAt: new Date(), lastError: null, claimToken: null, leaseUntil: null })
        .where(eq(outboundMessages.id, row.id));
      return;
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const [mine] = await tx
      .update(outboundMessages)
      .set({
        status: attempts >= maxAttempts ? 'failed' : 'pending',
        lastError: message,
        claimToken: null,
        leaseUntil: null,
      })
      .where(and(eq(outboundMessages.id, row.id), eq(outboundMessages.claimToken, token)))
      .returning({ id: outboundMessages.id });
    deps.log.warn({ err: error, outboxId: row.id, attempts }, 'WhatsApp send failed');
    // Staff hear about it once, at the first failure; retries continue quietly.
    if (mine && attempts === 1 && row.orderId) {
      const [order] = await tx
        .select({ number: orders.number })
        .from(orders)
        .where(tenant(orders, row.restaurantId, eq(orders.id, row.orderId)))
        .limit(1);
      await appendEvent(tx, {
        restaurantId: row.restaurantId,
        type: 'whatsapp.failed',
        permission: 'manage_orders',
        payload: {
          orderId: row.orderId,
          number: order?.number ?? null,
          shortId: shortIdAdmin(row.orderId),
          error: message,
          willRetry: attempts < maxAttempts,
        },
      });
    }
  });
}

/**
 * Sends what is due, one row at a time: claim (short transaction), send (no transaction), record
 * (short transaction). Returns how many rows were attempted.
 */
export async function drainOutbox(
  deps: Pick<Deps, 'database' | 'integrations' | 'log'>,
  options: { retryDelaysMs?: number[]; now?: () => Date; max?: number; leaseMs?: number } = {},
): Promise<number> {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const now = options.now ?? (() => new Date());
  const max = options.max ?? 100;
  let attempted = 0;
  while (attempted < max) {
    const claimed = await claimNext(deps.database.db, now(), delays, options.leaseMs ?? SEND_LEASE_MS);
    if (!claimed) break;
    attempted++;
    let error: unknown = null;
    try {
      await deps.integrations.messaging.send({
        restaurantId: claimed.row.restaurantId,
        phone: claimed.row.phone ?? '',
        body: claimed.row.body,
        apiKey: claimed.apiKey,
      });
    } catch (err) {
      error = err ?? new Error('Falha no envio');
    }
    await recordResult(deps, claimed, error, delays.length);
  }
  return attempted;
}

export type OrderNotifier = {
  /** Runs one sweep + drain now (also what the timer does). */
  tick(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts the in-process worker of one server instance. Every instance may run one: the outbox's
 * unique key and row locks keep the result to one message per order.
 */
export async function startOrderNotifications(
  deps: Pick<Deps, 'database' | 'integrations' | 'log'>,
  options: NotifierOptions = {},
): Promise<OrderNotifier> {
  const db = deps.database.db;
  const log = deps.log.child({ worker: 'order-notifications' });
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  // Two cursors over the event log: `seen` for the fast path (every NOTIFY), and `settled`, which trails
  // by a minute, for the timer, so an event whose transaction committed late is still looked at.
  const [resume] = await db
    .select({ id: events.id })
    .from(events)
    .where(lte(events.createdAt, new Date(Date.now() - SWEEP_WINDOW_MS)))
    .orderBy(desc(events.id))
    .limit(1);
  let settled = resume?.id ?? 0;
  let seen = settled;
  let fullPass = true;

  async function work() {
    const full = fullPass;
    fullPass = false;
    let from = full ? Math.min(settled, seen) : seen;
    const settleBefore = Date.now() - SETTLE_MS;
    // The log is read in id order through its primary key, a page at a time, and filtered here: a filter
    // in the query would make PostgreSQL scan the whole log when few rows match.
    for (;;) {
      const page = await db
        .select({
          id: events.id,
          restaurantId: events.restaurantId,
          createdAt: events.createdAt,
          type: events.type,
          paid: sql<string | null>`${events.payload}->>'paid'`,
        })
        .from(events)
        .where(gt(events.id, from))
        .orderBy(asc(events.id))
        .limit(EVENTS_PAGE);
      // A card/PIX order's message waits for its payment: the update that says it was paid.
      const news = page.filter((e) => e.type === 'order.created' || (e.type === 'order.updated' && e.paid === 'true'));
      for (const restaurantId of new Set(news.map((e) => e.restaurantId)))
        await enqueueNewOrderNotifications(db, restaurantId);
      if (page.length === 0) break;
      from = page[page.length - 1].id;
      seen = Math.max(seen, from);
      if (full) for (const e of page) if (e.createdAt.getTime() < settleBefore) settled = Math.max(settled, e.id);
      if (page.length < EVENTS_PAGE) break;
    }
    await drainOutbox(deps, { retryDelaysMs: options.retryDelaysMs });
  }

  /** Single-flight: a trigger while running schedules exactly one more pass. */
  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await work();
        } catch (err) {
          if (!stopped) log.error({ err }, 'order notifications pass failed');
        }
      } while (again && !stopped);
      running = null;
    })();
    return running;
  }

  const unlisten = await deps.database.listen(EVENTS_CHANNEL, (payload) => {
    const [restaurantId] = payload.split(':');
    if (!restaurantId || stopped) return;
    // Any event may be an order.created; the pass reads the log, so filtering here is not needed.
    void tick();
  });
  const timer = setInterval(() => {
    fullPass = true;
    void tick();
  }, options.pollMs ?? POLL_MS);
  timer.unref?.();
  void tick();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await running?.catch(() => {});
    },
  };
}

/** The outbox as the owner sees it ("mensagens enviadas"), newest first. */
export async function listOutboundMessages(ctx: { db: DbOrTx; restaurantId: string }) {
  const rows = await ctx.db
    .select({ m: outboundMessages, number: orders.number })
    .from(outboundMessages)
    .leftJoin(
      orders,
      and(eq(orders.restaurantId, outboundMessages.restaurantId), eq(orders.id, outboundMessages.orderId)),
    )
    .where(tenant(outboundMessages, ctx.restaurantId))
    .orderBy(desc(outboundMessages.createdAt))
    .limit(200);
  return rows.map(({ m, number }) => ({
    id: m.id,
    orderId: m.orderId,
    number,
    shortId: m.orderId ? shortIdAdmin(m.orderId) : null,
    kind: m.kind,
    phone: m.phone,
    body: m.body,
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt ? m.sentAt.toISOString() : null,
  }));
}
