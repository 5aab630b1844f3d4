import { employees, marketplaceOrders, orderHistory, orders, restaurants, userProfiles } from '@meucardapio/db/schema';
import { isCarrierOrder } from '@meucardapio/domain/delivery';
import type { CancellationCode } from '@meucardapio/domain/marketplace';
import { MSG } from '@meucardapio/domain/messages';
import { restaurantAddressLine } from '@meucardapio/domain/order-display';
import {
  checkDeliveryDigits,
  checkDeliveryPerson,
  checkStatusTransition,
  type OrderStatus,
  transitionRequirements,
} from '@meucardapio/domain/order-status';
import type { AdminOrderView, DeliveryPersonView, OrderReceiptView } from '@meucardapio/domain/order-views';
import { DELIVERY_PROFILE_NAME, isCashierOnly, isDeliveryPerson, seesOrder } from '@meucardapio/domain/permissions';
import { and, asc, eq, sql } from 'drizzle-orm';
import { inTransaction, type StaffCtx } from '../../../http/context';
import { AppError, forbidden, notFound } from '../../../http/errors';
import { tenant } from '../../../http/tenant';
import { listCouriers } from '../../couriers/couriers.service';
import { recountSale } from '../../daily-sales/daily-sales.service';
import { queueStorefrontNote } from '../../fiscal/queue-note';
import { enqueueAcceptedOrder } from '../../printing/print-jobs.service';
import { holdScheduledOrder, queueMarketplaceCalls, releaseHeldOrder } from '../notifications/marketplace-status';
import { queueStatusMessage } from '../notifications/status-messages';
import { cancelOrderAndRestore } from '../order-cancel.service';
import { announceOrderUpdate } from '../order-events';
import { activeStatesOf, adminOrderPage, adminOrderViews } from '../order-view';
import { boardReadFor, orderById } from './board-reads';

/*
 * The staff's door to orders: the board's list and one order, the receipt, status changes along the
 * state machine (decision 009), delivery people and the delivery overview.
 */

export const orderNotFound = () => notFound('Pedido não encontrado.');

/** `ids`: only these orders, those of them the list shows (an order no longer in it is left out). */
export type ListOrdersInput = { status?: OrderStatus; limit: number; ids?: string[] };

/**
 * A delivery person reaches only their own orders and needs the address and the phone to deliver them,
 * not the customer's e-mail (the review's low item on couriers' views).
 */
function forViewer(ctx: StaffCtx, views: AdminOrderView[]): AdminOrderView[] {
  if (!isDeliveryPerson(ctx.actor.rules)) return views;
  return views.map((v) => ({ ...v, customerEmail: null }));
}

/**
 * The orders board, newest first. A delivery person sees only the orders out for delivery or
 * delivered that were assigned to them.
 */
export async function listOrders(ctx: StaffCtx, input: ListOrdersInput): Promise<AdminOrderView[]> {
  const read = boardReadFor({
    status: input.status !== undefined,
    ids: input.ids !== undefined,
    noPdvSales: isCashierOnly(ctx.actor.rules),
    courier: isDeliveryPerson(ctx.actor.rules),
  });
  const page = await adminOrderPage(ctx.db, ctx.restaurantId, () =>
    read(ctx.db, {
      restaurantId: ctx.restaurantId,
      status: input.status,
      ids: input.ids,
      courierId: ctx.actor.id,
      limit: input.limit,
    }),
  );
  return forViewer(ctx, page);
}

/** One order as the board shows it (a delivery person only their own). */
export async function getOrder(ctx: StaffCtx, id: string): Promise<AdminOrderView> {
  const [row] = await orderById(ctx.db, { restaurantId: ctx.restaurantId, id });
  if (!row || !seesOrder(ctx.actor.rules, ctx.actor.id, row)) throw orderNotFound();
  const [order] = forViewer(ctx, await adminOrderViews(ctx.db, ctx.restaurantId, [row]));
  return order;
}

/** Everything the 80 mm receipt prints: the order and the restaurant's header. */
export async function getReceipt(ctx: StaffCtx, id: string): Promise<OrderReceiptView> {
  const order = await getOrder(ctx, id);
  const [row] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, ctx.restaurantId)).limit(1);
  const { name, cnpj, whatsapp, nomeRazaoSocial, timezone } = row;
  const restaurant = { name, cnpj, whatsapp, nomeRazaoSocial, timezone, address: restaurantAddressLine(row) };
  return { restaurant, order };
}

/**
 * Who can take an order out: active employees whose (active) profile is named "Entregador", then the
 * restaurant's couriers without a login.
 */
export async function listDeliveryPeople(ctx: Pick<StaffCtx, 'db' | 'restaurantId'>): Promise<DeliveryPersonView[]> {
  const [staff, freelancers] = await Promise.all([
    ctx.db
      .select({ id: employees.id, name: employees.name, email: employees.email })
      .from(employees)
      .innerJoin(userProfiles, eq(userProfiles.id, employees.profileId))
      .where(
        and(
          tenant(employees, ctx.restaurantId, eq(employees.active, true)),
          eq(userProfiles.restaurantId, ctx.restaurantId),
          eq(userProfiles.active, true),
          sql`trim(${userProfiles.name}) = ${DELIVERY_PROFILE_NAME}`,
        ),
      )
      .orderBy(asc(employees.name)),
    listCouriers(ctx),
  ]);
  return [
    ...staff.map((e) => ({ kind: 'employee' as const, ...e })),
    ...freelancers.map((c) => ({ kind: 'courier' as const, ...c })),
  ];
}

export type UpdateStatusInput = {
  status: OrderStatus;
  deliveryEmployeeId?: string | null;
  /** A courier without a login, instead of an employee. */
  courierId?: string | null;
  phoneDigits?: string | null;
  notes?: string | null;
  /** Why an ordering app's order is cancelled, as the app's reason code. */
  cancelReason?: CancellationCode;
};

function ruleError(failure: { code: string; title: string; description?: string }, status: 400 | 409 = 400) {
  return new AppError(status, failure.code, failure.title, failure.description ?? '');
}

/**
 * Moves an order to a status the state machine allows from its current one (409 otherwise); a
 * cancellation gives back the order's stock and coupon use. Sending a delivery order out needs one of
 * the restaurant's delivery people; marking a local delivery order delivered needs the last 4 digits
 * of the customer's phone.
 * The order row is locked, so two people moving the same order are applied one after the other.
 * A delivery person may only mark their own orders delivered.
 */
export async function updateOrderStatus(ctx: StaffCtx, id: string, input: UpdateStatusInput): Promise<AdminOrderView> {
  const deliveryPerson = isDeliveryPerson(ctx.actor.rules);
  await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [order] = await tx
      .select()
      .from(orders)
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, id)))
      .for('update')
      .limit(1);
    if (!order || !seesOrder(ctx.actor.rules, ctx.actor.id, order)) throw orderNotFound();
    if (deliveryPerson && input.status !== 'delivered') {
      throw forbidden('Entregadores só podem confirmar a entrega dos seus pedidos.');
    }
    // Setting the status an order already has changes nothing (a double click, two people at once).
    if (order.status === input.status) return;
    const allowed = checkStatusTransition(order.status as OrderStatus, input.status, order.deliveryType);
    if (!allowed.ok) throw ruleError(allowed, 409);
    // An app's order: the app hears of every move (after the commit, from the outbox).
    const app = await queueMarketplaceCalls(tx, order, { from: order.status, to: input.status }, input.cancelReason);
    if (input.status === 'cancelled') {
      await cancelOrderAndRestore(tx, {
        restaurantId: ctx.restaurantId,
        orderId: id,
        by: { employeeId: ctx.actor.kind === 'employee' ? ctx.actor.id : null, name: ctx.actor.name },
        notes: input.notes,
      });
      return;
    }

    const states = await activeStatesOf(tx, ctx.restaurantId);
    const carrier = order.deliveryType === 'delivery' && isCarrierOrder(order.state, states);
    // An app's courier takes its orders out and the app confirms the delivery (decision 064).
    const needs = order.channel
      ? { deliveryPerson: false, phoneDigits: false }
      : transitionRequirements(order.deliveryType, input.status, carrier);
    let deliveryEmployeeId = order.deliveryEmployeeId;
    let courierId = order.courierId;

    if (needs.deliveryPerson) {
      const people = await listDeliveryPeople(txCtx);
      if (people.length === 0) {
        throw new AppError(409, 'no_delivery_people', 'Nenhum entregador disponível', MSG.noDeliveryPeople);
      }
      const chosen = input.courierId ?? input.deliveryEmployeeId ?? null;
      const check = checkDeliveryPerson(chosen);
      if (!check.ok) throw ruleError(check);
      const kind = input.courierId ? 'courier' : 'employee';
      if (!people.some((p) => p.id === chosen && p.kind === kind)) {
        throw new AppError(400, 'invalid_delivery_person', MSG.selectDeliveryPerson, MSG.deliveryPersonRequired);
      }
      deliveryEmployeeId = kind === 'employee' ? chosen : null;
      courierId = kind === 'courier' ? chosen : null;
    }
    if (needs.phoneDigits) {
      const check = checkDeliveryDigits(input.phoneDigits ?? '', order.customerPhone);
      if (!check.ok) throw ruleError(check);
    }

    const now = new Date();
    await recountSale(tx, order, async () => {
      const [updated] = await tx
        .update(orders)
        .set({ status: input.status, deliveryEmployeeId, courierId, updatedAt: now })
        .where(tenant(orders, ctx.restaurantId, eq(orders.id, id)))
        .returning();
      return updated;
    });
    await tx.insert(orderHistory).values({
      restaurantId: ctx.restaurantId,
      orderId: id,
      status: input.status,
      employeeId: ctx.actor.kind === 'employee' ? ctx.actor.id : null,
      employeeName: ctx.actor.name,
      notes: input.notes?.trim() || null,
      createdAt: now,
    });
    // The app tells its own customer; our WhatsApp messages are for our own orders.
    if (!order.channel) await queueStatusMessage(tx, ctx.deps.config.publicUrl, order, input.status);
    // Accepting an order prints its tickets: the jobs commit with the accept or not at all.
    // …unless it is an app's scheduled order waiting for its preparation time (decision 082).
    if (order.status === 'pending' && !app.held) await enqueueAcceptedOrder(tx, ctx.restaurantId, id);
    if (input.status === 'delivered') await queueStorefrontNote(txCtx, order, 'delivered');
    await announceOrderUpdate(tx, order, { status: input.status, previousStatus: order.status, deliveryEmployeeId });
  });
  return getOrder(ctx, id);
}

/** The order's row, locked for the caller's transaction (moves of one order apply one after the other). */
async function lockedOrder(ctx: Pick<StaffCtx, 'db' | 'restaurantId'>, orderId: string) {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, eq(orders.id, orderId)))
    .for('update')
    .limit(1);
  return order;
}

/**
 * A move of an ordering app's order made by the integration, not by a person: a status the app
 * reports (its event; the app is owed nothing back), or the automatic acceptance of a new order
 * (`tellApp`: the app is owed its `confirm`). The caller decided the move goes forward.
 */
export async function applyAppStatus(
  ctx: Pick<StaffCtx, 'db' | 'restaurantId'>,
  orderId: string,
  status: OrderStatus,
  by: { name: string; notes: string; tellApp?: boolean },
): Promise<void> {
  const order = await lockedOrder(ctx, orderId);
  if (!order || order.status === status) return;
  if (by.tellApp) {
    const app = await queueMarketplaceCalls(ctx.db, order, { from: order.status, to: status });
    // Accepted automatically: its tickets print as for an order staff accept (a scheduled one's later).
    if (order.status === 'pending' && !app.held) await enqueueAcceptedOrder(ctx.db, ctx.restaurantId, orderId);
  } else if (order.status === 'pending' && status === 'preparing') await holdScheduledOrder(ctx.db, order);
  if (status === 'cancelled') {
    await cancelOrderAndRestore(ctx.db, {
      restaurantId: ctx.restaurantId,
      orderId,
      by: { employeeId: null, name: by.name },
      notes: by.notes,
    });
    return;
  }
  const now = new Date();
  await recountSale(ctx.db, order, async () => {
    const [updated] = await ctx.db
      .update(orders)
      .set({ status, updatedAt: now })
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, orderId)))
      .returning();
    return updated;
  });
  await ctx.db.insert(orderHistory).values({
    restaurantId: ctx.restaurantId,
    orderId,
    status,
    employeeId: null,
    employeeName: by.name,
    notes: by.notes,
    createdAt: now,
  });
  await announceOrderUpdate(ctx.db, order, {
    status,
    previousStatus: order.status,
    deliveryEmployeeId: order.deliveryEmployeeId,
  });
}

/**
 * An app's scheduled order whose preparation time has come enters the kitchen: its tickets print, the
 * kitchen display shows it and the app hears `startPreparation`. One that left "Preparando" meanwhile
 * (the app moved or cancelled it) only loses its hold. The caller holds the order's link row.
 */
export async function sendHeldOrderToKitchen(
  ctx: Pick<StaffCtx, 'db' | 'restaurantId'>,
  orderId: string,
): Promise<boolean> {
  const order = await lockedOrder(ctx, orderId);
  if (!order) return false;
  const entering = order.status === 'preparing';
  if (!(await releaseHeldOrder(ctx.db, order, entering)) || !entering) return false;
  await enqueueAcceptedOrder(ctx.db, ctx.restaurantId, orderId);
  await announceOrderUpdate(ctx.db, order, {
    status: order.status,
    previousStatus: order.status,
    deliveryEmployeeId: order.deliveryEmployeeId,
  });
  return true;
}

/** Out-for-delivery orders grouped by delivery person (a delivery person sees only their own). */
export async function deliveryOverview(ctx: StaffCtx) {
  const conds = [eq(orders.status, 'out_for_delivery')];
  if (isDeliveryPerson(ctx.actor.rules)) conds.push(eq(orders.deliveryEmployeeId, ctx.actor.id));
  const page = await adminOrderPage(ctx.db, ctx.restaurantId, (columns) =>
    ctx.db
      .select(columns)
      .from(orders)
      .where(tenant(orders, ctx.restaurantId, ...conds))
      .orderBy(asc(orders.updatedAt))
      .limit(500),
  );
  const list = forViewer(ctx, page);
  const groups = new Map<string, { deliveryPerson: { id: string; name: string } | null; orders: AdminOrderView[] }>();
  for (const o of list) {
    const key = o.deliveryEmployee?.id ?? '';
    const g = groups.get(key) ?? { deliveryPerson: o.deliveryEmployee, orders: [] };
    g.orders.push(o);
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) =>
    (a.deliveryPerson?.name ?? '~').localeCompare(b.deliveryPerson?.name ?? '~'),
  );
}

/**
 * Staff answer an app's cancellation request: accepted, the order is cancelled here (stock given back)
 * and the app told `acceptCancellation`; refused, the app is told `denyCancellation` and the order goes on.
 */
export async function answerAppCancellation(ctx: StaffCtx, id: string, accept: boolean): Promise<AdminOrderView> {
  await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [link] = await tx
      .select({ requested: marketplaceOrders.cancellationRequested })
      .from(marketplaceOrders)
      .where(tenant(marketplaceOrders, ctx.restaurantId, eq(marketplaceOrders.orderId, id)))
      .for('update')
      .limit(1);
    if (!link) throw orderNotFound();
    if (!link.requested)
      throw new AppError(
        409,
        'no_cancellation_request',
        'Sem pedido de cancelamento',
        'O aplicativo não pediu o cancelamento deste pedido.',
      );
    await tx
      .update(marketplaceOrders)
      .set({ cancellationRequested: null })
      .where(tenant(marketplaceOrders, ctx.restaurantId, eq(marketplaceOrders.orderId, id)));
    const [order] = await tx
      .select()
      .from(orders)
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, id)))
      .limit(1);
    await queueMarketplaceCalls(tx, order, { action: accept ? 'acceptCancellation' : 'denyCancellation' });
    if (accept) {
      await cancelOrderAndRestore(tx, {
        restaurantId: ctx.restaurantId,
        orderId: id,
        by: { employeeId: ctx.actor.kind === 'employee' ? ctx.actor.id : null, name: ctx.actor.name },
        notes: `Cancelamento pedido pelo aplicativo: ${link.requested.reason}`,
      });
    } else {
      await announceOrderUpdate(tx, order, { status: order.status });
    }
  });
  return getOrder(ctx, id);
}
