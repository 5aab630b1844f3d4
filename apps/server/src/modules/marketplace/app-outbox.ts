import { randomUUID } from 'node:crypto';
import { marketplaceConnections, marketplaceOrders, marketplaceOutbox, orders } from '@meucardapio/db/schema';
import { failedCallText, type MarketplaceAction } from '@meucardapio/domain/marketplace';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../http/context';
import { type ActionBody, MarketplaceError } from '../../integrations/marketplace/marketplace';
import { appendEvent } from '../../realtime/realtime';
import { accessOf } from './connection-access';

/**
 * Sends the calls staff moves owe the apps (`confirm`, `readyForPickup`, `dispatch`, …), queued by the
 * board in the move's transaction. Like the WhatsApp outbox: a row is claimed in a short transaction
 * (SKIP LOCKED, a claim token and a lease), the call is made with no transaction open, and the result
 * recorded; failures wait longer each time. An order's calls go in the order they were queued. A call
 * whose earlier attempt may have arrived (a timeout) first asks the app where the order is, so the app
 * never receives it twice. A call that fails for good is announced to the restaurant's staff
 * (`marketplace.call_failed`) and stays on the order's card and in Integrações.
 */

export const APP_RETRY_DELAYS_MS = [0, 5_000, 15_000, 60_000, 5 * 60_000, 15 * 60_000];
const LEASE_MS = 60_000;

/** The last event each call makes the app report: a call the order already shows was made. */
const ACTION_EVENT: Partial<Record<MarketplaceAction, string[]>> = {
  confirm: ['CONFIRMED', 'READY_FOR_PICKUP', 'DISPATCHED', 'DELIVERED', 'CONCLUDED'],
  readyForPickup: ['READY_FOR_PICKUP', 'DISPATCHED', 'DELIVERED', 'CONCLUDED'],
  dispatch: ['DISPATCHED', 'DELIVERED', 'CONCLUDED'],
  delivered: ['DELIVERED', 'CONCLUDED'],
  requestCancellation: ['CANCELLED'],
  acceptCancellation: ['CANCELLED'],
};

type Claimed = {
  row: typeof marketplaceOutbox.$inferSelect;
  token: string;
  connection: typeof marketplaceConnections.$inferSelect;
  externalId: string;
  /** The app the order came from, as the board names it ('ifood', 'keeta', …). */
  channel: string | null;
};

async function claimNext(deps: Pick<Deps, 'database'>, leaseMs: number): Promise<Claimed | null> {
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(marketplaceOutbox)
      .where(
        sql`((${marketplaceOutbox.status} = 'pending' and ${marketplaceOutbox.dueAt} <= now())
          or (${marketplaceOutbox.status} = 'sending' and ${marketplaceOutbox.leaseUntil} < now()))
          and not exists (select 1 from ${marketplaceOutbox} earlier where earlier.order_id = ${marketplaceOutbox.orderId}
            and earlier.seq < ${marketplaceOutbox.seq} and earlier.status in ('pending','sending'))`,
      )
      .orderBy(asc(marketplaceOutbox.seq))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const token = randomUUID();
    await tx
      .update(marketplaceOutbox)
      .set({
        status: 'sending',
        attempts: row.attempts + 1,
        claimToken: token,
        leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      })
      .where(eq(marketplaceOutbox.id, row.id));
    const [link] = await tx
      .select({
        connection: marketplaceConnections,
        externalId: marketplaceOrders.externalId,
        channel: orders.channel,
      })
      .from(marketplaceOrders)
      .innerJoin(marketplaceConnections, eq(marketplaceConnections.id, marketplaceOrders.connectionId))
      .innerJoin(orders, eq(orders.id, marketplaceOrders.orderId))
      .where(and(eq(marketplaceOrders.orderId, row.orderId), eq(marketplaceOrders.restaurantId, row.restaurantId)))
      .limit(1);
    if (!link) {
      await tx
        .update(marketplaceOutbox)
        .set({ status: 'failed', lastError: 'Pedido sem vínculo com o aplicativo', failedAt: new Date() })
        .where(eq(marketplaceOutbox.id, row.id));
      return null;
    }
    return { row: { ...row, attempts: row.attempts + 1 }, token, ...link };
  });
}

/** Whether the app already shows the call's effect (a retry after an attempt that may have arrived). */
async function alreadyDone(deps: Pick<Deps, 'integrations'>, claimed: Claimed): Promise<boolean> {
  const shows = ACTION_EVENT[claimed.row.action as MarketplaceAction];
  if (!shows || claimed.row.attempts <= 1) return false;
  const access = accessOf(claimed.connection);
  const order = await deps.integrations.marketplaces.client(access.kind).order(access, claimed.externalId);
  return !!order.lastEvent && shows.includes(order.lastEvent);
}

async function send(deps: Pick<Deps, 'integrations'>, claimed: Claimed) {
  if (await alreadyDone(deps, claimed)) return;
  const access = accessOf(claimed.connection);
  await deps.integrations.marketplaces
    .client(access.kind)
    .act(access, claimed.externalId, claimed.row.action as MarketplaceAction, claimed.row.body as ActionBody);
}

async function record(deps: Pick<Deps, 'database' | 'log'>, claimed: Claimed, error: unknown, delays: number[]) {
  const { row, token } = claimed;
  if (error === null) {
    await deps.database.db
      .update(marketplaceOutbox)
      .set({ status: 'sent', sentAt: new Date(), lastError: null, claimToken: null, leaseUntil: null })
      .where(eq(marketplaceOutbox.id, row.id));
    return;
  }
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  // The app refused the call for good (4xx other than a throttle): retrying changes nothing.
  const status = error instanceof MarketplaceError ? error.options.status : undefined;
  const final =
    row.attempts >= delays.length || (status !== undefined && status >= 400 && status < 500 && status !== 429);
  await deps.database.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(marketplaceOutbox)
      .set({
        status: final ? 'failed' : 'pending',
        lastError: message,
        claimToken: null,
        leaseUntil: null,
        dueAt: sql`now() + ${delays[Math.min(row.attempts, delays.length - 1)]} * interval '1 millisecond'`,
        ...(final ? { failedAt: new Date() } : {}),
      })
      .where(and(eq(marketplaceOutbox.id, row.id), eq(marketplaceOutbox.claimToken, token)))
      .returning({ id: marketplaceOutbox.id });
    // The app was not told and never will be: staff must hear it now, on this restaurant's board only.
    if (final && failed)
      await appendEvent(tx, {
        restaurantId: row.restaurantId,
        type: 'marketplace.call_failed',
        permission: 'manage_orders',
        payload: {
          orderId: row.orderId,
          number: Number((row.body as { orderNumber?: number }).orderNumber ?? 0),
          app: claimed.channel ?? claimed.connection.app,
          action: row.action,
          message: failedCallText(claimed.channel ?? claimed.connection.app, row.action, message),
        },
      });
  });
  deps.log.warn(
    { err: error, outboxId: row.id, action: row.action, attempts: row.attempts },
    'marketplace call failed',
  );
}

/** Sends what is due, one call at a time; returns how many were attempted. */
export async function drainAppOutbox(
  deps: Pick<Deps, 'database' | 'integrations' | 'log'>,
  options: { retryDelaysMs?: number[]; max?: number; leaseMs?: number } = {},
): Promise<number> {
  const delays = options.retryDelaysMs ?? APP_RETRY_DELAYS_MS;
  let attempted = 0;
  while (attempted < (options.max ?? 100)) {
    const claimed = await claimNext(deps, options.leaseMs ?? LEASE_MS);
    if (!claimed) break;
    attempted++;
    let error: unknown = null;
    try {
      await send(deps, claimed);
    } catch (err) {
      error = err ?? new Error('Falha na chamada');
    }
    await record(deps, claimed, error, delays);
  }
  return attempted;
}
