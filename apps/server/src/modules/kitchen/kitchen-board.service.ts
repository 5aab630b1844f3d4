import { marketplaceOrders, orderItems, orders, products, tableAccounts } from '@meucardapio/db/schema';
import type { KitchenBoard, KitchenItem, KitchenOrder, KitchenReadyResult } from '@meucardapio/domain/kitchen';
import { stationView } from '@meucardapio/domain/kitchen';
import { isKitchenOnly } from '@meucardapio/domain/permissions';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { updateOrderStatus } from '../orders/board/board.service';
import { toItemView } from '../orders/order-view';
import { findStation, getThresholds, listStations } from './kitchen-settings.service';

/** More than a kitchen can have on the fire at once; the oldest come first. */
const BOARD_LIMIT = 200;

const orderNotFound = () => notFound('Pedido não encontrado.');

/**
 * The orders in preparation, oldest first, each with what the chosen station prepares (everything when
 * `stationId` is null). An item belongs to the station its product is assigned to now, so moving a
 * product to another station moves the items already on the board too.
 */
export async function kitchenBoard(ctx: StaffCtx, stationId: string | null): Promise<KitchenBoard> {
  if (stationId) await findStation(ctx, stationId);
  const rows = await ctx.db
    .select({
      id: orders.id,
      number: orders.number,
      deliveryType: orders.deliveryType,
      tableNumber: orders.tableNumber,
      round: orders.round,
      tabNumber: tableAccounts.number,
      customerName: orders.customerName,
      note: orders.note,
      createdAt: orders.createdAt,
      channel: orders.channel,
      channelCode: marketplaceOrders.displayId,
    })
    .from(orders)
    .leftJoin(marketplaceOrders, eq(marketplaceOrders.orderId, orders.id))
    // A tab's round is named by the comanda's number; a table's by the table.
    .leftJoin(
      tableAccounts,
      and(
        eq(tableAccounts.id, orders.tableAccountId),
        eq(tableAccounts.restaurantId, orders.restaurantId),
        eq(tableAccounts.kind, 'tab'),
      ),
    )
    // An app's scheduled order waits out of the kitchen until its preparation time (decision 082).
    .where(tenant(orders, ctx.restaurantId, eq(orders.status, 'preparing'), isNull(marketplaceOrders.heldUntil)))
    .orderBy(asc(orders.createdAt), asc(orders.number))
    .limit(BOARD_LIMIT);
  const ids = rows.map((o) => o.id);
  const items = ids.length
    ? await ctx.db
        .select({ item: orderItems, stationId: products.stationId })
        .from(orderItems)
        .leftJoin(products, and(eq(products.id, orderItems.productId), eq(products.restaurantId, ctx.restaurantId)))
        .where(tenant(orderItems, ctx.restaurantId, inArray(orderItems.orderId, ids)))
    : [];
  const [stations, thresholds] = await Promise.all([listStations(ctx), getThresholds(ctx)]);
  const rank = new Map(stations.map((st, i) => [st.id, i]));
  const place = (i: KitchenItem) =>
    i.stationId === null ? stations.length : (rank.get(i.stationId) ?? stations.length);
  const itemsBy = new Map<string, KitchenItem[]>();
  for (const { item, stationId: itemStation } of items) {
    const list = itemsBy.get(item.orderId) ?? [];
    // The kitchen reads what to cook, not what it costs.
    const { productId: _p, unitPrice: _u, totalPrice: _t, ...view } = toItemView(item);
    list.push({
      ...view,
      stationId: itemStation ?? null,
      cancelled: item.cancelledAt ? { reason: item.cancelReason ?? '' } : null,
    });
    itemsBy.set(item.orderId, list);
  }
  const seesNames = !isKitchenOnly(ctx.actor.rules);
  const board: KitchenOrder[] = [];
  for (const o of rows) {
    // Lines come grouped by station, in the stations' order, so a mixed order reads the same at every screen.
    const lines = (itemsBy.get(o.id) ?? []).sort(
      (a, b) => place(a) - place(b) || a.name.localeCompare(b.name, 'pt-BR'),
    );
    const view = stationView(lines, stationId);
    if (!view) continue;
    board.push({
      ...o,
      customerName: seesNames ? o.customerName : null,
      createdAt: o.createdAt.toISOString(),
      ...view,
    });
  }
  return { orders: board, stations, thresholds, now: new Date().toISOString() };
}

/**
 * "Pronto": moves an order in preparation to ready through the board's own status change, so the
 * history, the realtime event and the customer's notifications are the board's. An order already
 * ready answers as it is (two cooks tapping at once); any other status is not the kitchen's.
 */
export async function markReady(ctx: StaffCtx, id: string): Promise<KitchenReadyResult> {
  const [order] = await ctx.db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, eq(orders.id, id)))
    .limit(1);
  if (!order) throw orderNotFound();
  if (order.status === 'confirmed') return order;
  if (order.status !== 'preparing') {
    throw conflict('Pedido fora da cozinha', 'Este pedido não está em preparo. Atualize a tela.');
  }
  const updated = await updateOrderStatus(ctx, id, { status: 'confirmed' });
  return { id: updated.id, number: updated.number, status: updated.status };
}
