import { marketplaceEvents, marketplaceOrders, orders } from '@meucardapio/db/schema';
import { channelLabel, eventEffect, normalizeEventType } from '@meucardapio/domain/marketplace';
import { eq, inArray, isNull } from 'drizzle-orm';
import { inTransaction, type ServiceCtx } from '../../http/context';
import { tenant } from '../../http/tenant';
import type { OdOrder, PolledEvent } from '../../integrations/marketplace/marketplace';
import { applyAppStatus } from '../orders/board/board.service';
import { announceOrderUpdate } from '../orders/order-events';
import { type ConnectionRow, orderChannel, receiveAppOrder } from './marketplace-door';

/**
 * An app's events, stored and applied: each event and what it does to its order (a new order, a
 * status, a cancellation request) in ONE transaction, keyed by the event's id, so an event delivered
 * again (not acknowledged yet, or pushed and polled) changes nothing the second time. Only once this
 * has committed may the event be acknowledged to the app.
 */

export type Ctx = Pick<ServiceCtx, 'db' | 'deps' | 'restaurantId'>;

/** The events of `list` this connection already stored (they are only acknowledged again). */
export async function storedEventIds(ctx: Ctx, connectionId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .select({ eventId: marketplaceEvents.eventId })
    .from(marketplaceEvents)
    .where(
      tenant(
        marketplaceEvents,
        ctx.restaurantId,
        eq(marketplaceEvents.connectionId, connectionId),
        inArray(marketplaceEvents.eventId, [...ids]),
      ),
    );
  return new Set(rows.map((r) => r.eventId));
}

/** Whether the order an event concerns is already ours (else its details are fetched before storing). */
export async function knownAppOrder(ctx: Ctx, connectionId: string, externalId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ orderId: marketplaceOrders.orderId })
    .from(marketplaceOrders)
    .where(
      tenant(
        marketplaceOrders,
        ctx.restaurantId,
        eq(marketplaceOrders.connectionId, connectionId),
        eq(marketplaceOrders.externalId, externalId),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Stores one event and applies it, in one transaction. `order` is the app's order, fetched beforehand
 * (outside any transaction) when the order is not ours yet. Returns false for an event already stored.
 */
export async function storeAppEvent(
  ctx: Ctx,
  connection: ConnectionRow,
  event: PolledEvent,
  order: OdOrder | null,
): Promise<boolean> {
  return inTransaction({ ...ctx, actor: null }, async (tx) => {
    const occurredAt = new Date(Number.isNaN(Date.parse(event.createdAt)) ? Date.now() : Date.parse(event.createdAt));
    const [stored] = await tx.db
      .insert(marketplaceEvents)
      .values({
        restaurantId: ctx.restaurantId,
        connectionId: connection.id,
        eventId: event.id,
        eventType: event.type,
        externalOrderId: event.orderId,
        occurredAt,
        payload: event.raw,
      })
      .onConflictDoNothing()
      .returning({ id: marketplaceEvents.id });
    if (!stored) return false;

    const type = normalizeEventType(event.type);
    if (order) await receiveAppOrder(tx, connection, order, occurredAt);
    const [link] = await tx.db
      .select({ orderId: marketplaceOrders.orderId, lastEventAt: marketplaceOrders.lastEventAt, status: orders.status })
      .from(marketplaceOrders)
      .innerJoin(orders, eq(orders.id, marketplaceOrders.orderId))
      .where(
        tenant(
          marketplaceOrders,
          ctx.restaurantId,
          eq(marketplaceOrders.connectionId, connection.id),
          eq(marketplaceOrders.externalId, event.orderId),
        ),
      )
      .for('update')
      .limit(1);
    // An event of an order we could not read is kept (and acknowledged): there is nothing to move.
    if (!link) return true;

    const label = channelLabel(order ? orderChannel(connection, order) : connection.app);
    const effect = eventEffect(link.status, type);
    if (effect.kind === 'status') {
      await applyAppStatus(tx, link.orderId, effect.status, { name: label, notes: `Atualizado pelo ${label}` });
    } else if (effect.kind === 'cancellation_requested' || effect.kind === 'cancellation_denied') {
      const metadata = (event.raw.metadata ?? {}) as { code?: string; reason?: string };
      const requested =
        effect.kind === 'cancellation_requested'
          ? { code: metadata.code ?? 'CONSUMER_CANCELLATION_REQUESTED', reason: metadata.reason ?? 'Pedido do cliente' }
          : null;
      await tx.db
        .update(marketplaceOrders)
        .set({ cancellationRequested: requested })
        .where(tenant(marketplaceOrders, ctx.restaurantId, eq(marketplaceOrders.orderId, link.orderId)));
      const [row] = await tx.db
        .select()
        .from(orders)
        .where(tenant(orders, ctx.restaurantId, eq(orders.id, link.orderId)))
        .limit(1);
      if (row) await announceOrderUpdate(tx.db, row, { status: row.status });
    }
    if (occurredAt > link.lastEventAt)
      await tx.db
        .update(marketplaceOrders)
        .set({ lastEventAt: occurredAt })
        .where(tenant(marketplaceOrders, ctx.restaurantId, eq(marketplaceOrders.orderId, link.orderId)));
    return true;
  });
}

/** Marks events acknowledged to the app (for the health display and the retention sweep). */
export async function markAcknowledged(ctx: Ctx, connectionId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await ctx.db
    .update(marketplaceEvents)
    .set({ ackedAt: new Date() })
    .where(
      tenant(
        marketplaceEvents,
        ctx.restaurantId,
        eq(marketplaceEvents.connectionId, connectionId),
        inArray(marketplaceEvents.eventId, [...ids]),
        isNull(marketplaceEvents.ackedAt),
      ),
    );
}
