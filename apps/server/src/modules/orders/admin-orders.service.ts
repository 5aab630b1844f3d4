import type { DbOrTx } from '@meucardapio/db/client';
import {
  deliveryStates,
  employees,
  orderHistory,
  orderItems,
  orders,
  paymentTransactions,
  restaurants,
  userProfiles,
} from '@meucardapio/db/schema';
import { DELIVERY_KIND_LABELS, deliveryFeeParts, isCarrierOrder } from '@meucardapio/domain/delivery';
import { MSG } from '@meucardapio/domain/messages';
import { cashChangeOf } from '@meucardapio/domain/order-display';
import { isLocalPixOrder, localPixConfirmation } from '@meucardapio/domain/order-pix';
import {
  checkDeliveryDigits,
  checkDeliveryPerson,
  checkStatusTransition,
  isAwaitingPayment,
  type OrderStatus,
  shortIdAdmin,
  transitionRequirements,
} from '@meucardapio/domain/order-status';
import type {
  AdminOrderView,
  DeliveryPersonView,
  OrderDeliveryType,
  OrderReceiptView,
} from '@meucardapio/domain/order-views';
import {
  isOnlineCheckoutOrder,
  judgeProviderPayment,
  paymentTypeOf,
  providerAmountDue,
  providerHandle,
} from '@meucardapio/domain/payment';
import { DELIVERY_PROFILE_NAME, isDeliveryPerson } from '@meucardapio/domain/permissions';
import { and, asc, desc, eq, gte, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { AppError, forbidden, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import type { VerifyResult } from '../../integrations/payments/payments';
import { restaurantById } from '../../tenancy/restaurant-lookup';
import { cancelOrderAndRestore } from './order-cancel.service';
import { announceOrderUpdate } from './order-events';
import { recordPaidAfterCancel, recordPaymentMismatch, releaseDeclinedOrder } from './order-payment-outcome';
import { queueStatusMessage } from './order-status-messages';
import { toItemView } from './order-view';

const orderNotFound = () => notFound('Pedido não encontrado.');

type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The transaction id and provider slug a checkout left on the order (field names vary by source). */
function checkoutRefs(data: Record<string, unknown>): { transactionNsu: string | null; slug: string | null } {
  const pick = (...keys: string[]) => {
    for (const k of keys) {
      const v = data[k];
      if (typeof v === 'string' && v.trim() !== '') return v.trim();
    }
    return null;
  };
  return {
    transactionNsu: pick('transactionNsu', 'transaction_nsu', 'transactionId', 'transaction_id'),
    slug: pick('slug', 'checkoutSlug', 'checkout_slug'),
  };
}

/** Card/PIX orders paid through the hosted checkout: the only ones a verification makes sense for. */
function isCheckoutOrder(
  o: Pick<OrderRow, 'paymentMethod' | 'paymentStatus' | 'paymentData' | 'deliveryType'>,
): boolean {
  if (o.deliveryType === 'pdv' || isLocalPixOrder(o)) return false;
  const type = paymentTypeOf(o.paymentMethod);
  if (!type || type === 'cash') return false;
  const data = o.paymentData ?? {};
  return (
    o.paymentStatus !== null ||
    data.infinitepay_checkout === true ||
    data.infinitepayCheckout === true ||
    checkoutRefs(data).transactionNsu !== null
  );
}

async function activeStatesOf(db: DbOrTx, restaurantId: string) {
  return db
    .select({ code: deliveryStates.code, name: deliveryStates.name, active: deliveryStates.active })
    .from(deliveryStates)
    .where(tenant(deliveryStates, restaurantId, eq(deliveryStates.active, true)));
}

function deliveryKindOf(o: Pick<OrderRow, 'deliveryType' | 'state'>, states: { code: string; name: string }[]) {
  if (o.deliveryType !== 'delivery') return null;
  return isCarrierOrder(o.state, states) ? DELIVERY_KIND_LABELS.carrier : DELIVERY_KIND_LABELS.local;
}

function groupBy<T>(list: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    const bucket = out.get(k);
    if (bucket) bucket.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Items, history and delivery people for a page of orders: a fixed number of queries, whatever the page size. */
export async function hydrate(db: DbOrTx, restaurantId: string, rows: OrderRow[]): Promise<AdminOrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const employeeIds = [...new Set(rows.map((o) => o.deliveryEmployeeId).filter((x): x is string => !!x))];
  const [items, history, people, states] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(tenant(orderItems, restaurantId, inArray(orderItems.orderId, ids)))
      .orderBy(asc(orderItems.id)),
    db
      .select()
      .from(orderHistory)
      .where(tenant(orderHistory, restaurantId, inArray(orderHistory.orderId, ids)))
      .orderBy(asc(orderHistory.createdAt)),
    employeeIds.length
      ? db
          .select({ id: employees.id, name: employees.name })
          .from(employees)
          .where(tenant(employees, restaurantId, inArray(employees.id, employeeIds)))
      : Promise.resolve([]),
    activeStatesOf(db, restaurantId),
  ]);
  const itemsBy = groupBy(items, (i) => i.orderId);
  const historyBy = groupBy(history, (h) => h.orderId);
  const personBy = new Map(people.map((p) => [p.id, p]));
  return rows.map((o) => {
    const data = o.paymentData ?? {};
    return {
      id: o.id,
      shortId: shortIdAdmin(o.id),
      number: o.number,
      // The columns' check constraints keep them to these values.
      status: o.status as OrderStatus,
      deliveryType: o.deliveryType as OrderDeliveryType,
      deliveryKind: deliveryKindOf(o, states),
      customerId: o.customerId,
      customerName: o.customerName,
      customerPhone: o.customerPhone,
      customerEmail: o.customerEmail,
      tableNumber: o.tableNumber,
      address: o.address,
      addressNumber: o.addressNumber,
      complement: o.complement,
      neighborhood: o.neighborhood,
      city: o.city,
      state: o.state,
      cep: o.cep,
      paymentMethod: o.paymentMethod,
      paymentStatus: o.paymentStatus,
      paymentStatusCheckedAt: iso(o.paymentStatusCheckedAt),
      paymentCheckoutVerified: o.paymentCheckoutVerified,
      paymentCheckout: isCheckoutOrder(o),
      paymentWarning: typeof data.payment_warning === 'string' ? data.payment_warning : null,
      awaitingPayment: isAwaitingPayment({ ...o, paymentCheckout: isCheckoutOrder(o) || isLocalPixOrder(o) }),
      localPix: isLocalPixOrder(o),
      pixConfirmation: localPixConfirmation(data),
      installments: o.installments,
      ...cashChangeOf(data),
      note: o.note,
      subtotal: o.subtotal,
      deliveryFee: o.deliveryFee,
      fees: deliveryFeeParts(o),
      discount: o.discount,
      total: o.total,
      deliveryEmployee: o.deliveryEmployeeId ? (personBy.get(o.deliveryEmployeeId) ?? null) : null,
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
      items: (itemsBy.get(o.id) ?? []).map(toItemView),
      history: (historyBy.get(o.id) ?? []).map((h) => ({
        status: h.status,
        employeeName: h.employeeName,
        notes: h.notes,
        createdAt: h.createdAt.toISOString(),
      })),
    };
  });
}

export type ListOrdersInput = { status?: OrderStatus; limit: number };

/**
 * The orders board, newest first. A delivery person sees only the orders out for delivery or
 * delivered that were assigned to them.
 */
export async function listOrders(ctx: StaffCtx, input: ListOrdersInput): Promise<AdminOrderView[]> {
  const conds = [];
  if (input.status) conds.push(eq(orders.status, input.status));
  if (isDeliveryPerson(ctx.actor.rules)) {
    conds.push(inArray(orders.status, ['out_for_delivery', 'delivered']));
    conds.push(eq(orders.deliveryEmployeeId, ctx.actor.id));
  }
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, ...conds))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(input.limit);
  return hydrate(ctx.db, ctx.restaurantId, rows);
}

/** One order as the board shows it (a delivery person only their own). */
export async function getOrder(ctx: StaffCtx, id: string): Promise<AdminOrderView> {
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, eq(orders.id, id)))
    .limit(1);
  if (!row) throw orderNotFound();
  if (isDeliveryPerson(ctx.actor.rules) && row.deliveryEmployeeId !== ctx.actor.id) throw orderNotFound();
  const [order] = await hydrate(ctx.db, ctx.restaurantId, [row]);
  return order;
}

/** Everything the 80 mm receipt prints: the order and the restaurant's header. */
export async function getReceipt(ctx: StaffCtx, id: string): Promise<OrderReceiptView> {
  const order = await getOrder(ctx, id);
  const [restaurant] = await ctx.db
    .select({
      name: restaurants.name,
      cnpj: restaurants.cnpj,
      whatsapp: restaurants.whatsapp,
      nomeRazaoSocial: restaurants.nomeRazaoSocial,
      timezone: restaurants.timezone,
    })
    .from(restaurants)
    .where(eq(restaurants.id, ctx.restaurantId))
    .limit(1);
  return { restaurant, order };
}

/** Active employees of the restaurant whose (active) profile is named "Entregador". */
export async function listDeliveryPeople(ctx: Pick<StaffCtx, 'db' | 'restaurantId'>, db: DbOrTx = ctx.db) {
  return db
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
    .orderBy(asc(employees.name)) as Promise<DeliveryPersonView[]>;
}

export type UpdateStatusInput = {
  status: OrderStatus;
  deliveryEmployeeId?: string | null;
  phoneDigits?: string | null;
  notes?: string | null;
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
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, id)))
      .for('update')
      .limit(1);
    if (!order) throw orderNotFound();
    if (deliveryPerson) {
      if (order.deliveryEmployeeId !== ctx.actor.id) throw orderNotFound();
      if (input.status !== 'delivered') {
        throw forbidden('Entregadores só podem confirmar a entrega dos seus pedidos.');
      }
    }
    // Setting the status an order already has changes nothing (a double click, two people at once).
    if (order.status === input.status) return;
    const allowed = checkStatusTransition(order.status as OrderStatus, input.status, order.deliveryType);
    if (!allowed.ok) throw ruleError(allowed, 409);
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
    const needs = transitionRequirements(order.deliveryType, input.status, carrier);
    let deliveryEmployeeId = order.deliveryEmployeeId;

    if (needs.deliveryPerson) {
      const people = await listDeliveryPeople(ctx, tx);
      if (people.length === 0) {
        throw new AppError(
          409,
          'no_delivery_people',
          'Nenhum entregador disponível',
          "Cadastre funcionários com perfil 'Entregador' primeiro.",
        );
      }
      const chosen = input.deliveryEmployeeId ?? null;
      const check = checkDeliveryPerson(chosen);
      if (!check.ok) throw ruleError(check);
      if (!people.some((p) => p.id === chosen)) {
        throw new AppError(400, 'invalid_delivery_person', MSG.selectDeliveryPerson, MSG.deliveryPersonRequired);
      }
      deliveryEmployeeId = chosen;
    }
    if (needs.phoneDigits) {
      const check = checkDeliveryDigits(input.phoneDigits ?? '', order.customerPhone);
      if (!check.ok) throw ruleError(check);
    }

    const now = new Date();
    await tx
      .update(orders)
      .set({ status: input.status, deliveryEmployeeId, updatedAt: now })
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, id)));
    await tx.insert(orderHistory).values({
      restaurantId: ctx.restaurantId,
      orderId: id,
      status: input.status,
      employeeId: ctx.actor.kind === 'employee' ? ctx.actor.id : null,
      employeeName: ctx.actor.name,
      notes: input.notes?.trim() || null,
      createdAt: now,
    });
    await queueStatusMessage(tx, ctx.deps.config.publicUrl, order, input.status);
    await announceOrderUpdate(tx, order, { status: input.status, previousStatus: order.status, deliveryEmployeeId });
  });
  return getOrder(ctx, id);
}

/** Out-for-delivery orders grouped by delivery person (a delivery person sees only their own). */
export async function deliveryOverview(ctx: StaffCtx) {
  const conds = [eq(orders.status, 'out_for_delivery')];
  if (isDeliveryPerson(ctx.actor.rules)) conds.push(eq(orders.deliveryEmployeeId, ctx.actor.id));
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, ...conds))
    .orderBy(asc(orders.updatedAt))
    .limit(500);
  const list = await hydrate(ctx.db, ctx.restaurantId, rows);
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

// ---------------------------------------------------------------------------------------------
// Payment verification (spec 3 §4): approved / failed / pending from the provider's answer.

export type VerifyOutcome = {
  orderId: string;
  paymentStatus: 'approved' | 'failed' | 'pending';
  paymentCheckoutVerified: boolean;
};

async function verifyOne(ctx: StaffCtx, order: OrderRow, handle: string): Promise<VerifyOutcome> {
  const refs = checkoutRefs(order.paymentData ?? {});
  if (!refs.transactionNsu || !refs.slug) {
    // The customer may never have come back from the checkout: fall back to what the provider recorded.
    const [tx] = await ctx.db
      .select({ transactionId: paymentTransactions.transactionId, response: paymentTransactions.response })
      .from(paymentTransactions)
      .where(tenant(paymentTransactions, ctx.restaurantId, eq(paymentTransactions.orderId, order.id)))
      .orderBy(desc(paymentTransactions.createdAt))
      .limit(1);
    if (tx) {
      refs.transactionNsu ??= tx.transactionId;
      const slug = (tx.response as Record<string, unknown>)?.slug;
      if (typeof slug === 'string') refs.slug ??= slug;
    }
  }

  let status: VerifyOutcome['paymentStatus'] = 'pending';
  let verified = false;
  let mismatch: { warning: string; result: VerifyResult } | null = null;
  if (refs.transactionNsu && refs.slug) {
    try {
      const result = await ctx.deps.integrations.payments.verify({
        handle,
        transactionNsu: refs.transactionNsu,
        externalOrderNsu: order.id,
        slug: refs.slug,
      });
      const verdict = judgeProviderPayment(
        { total: providerAmountDue(order), online: isOnlineCheckoutOrder(order) },
        result,
      );
      status = verdict.status === 'rejected' ? 'failed' : verdict.status;
      verified = result.success === true;
      if (verdict.status === 'rejected') mismatch = { warning: verdict.warning, result };
    } catch (err) {
      // A verification error is not an answer: the order stays pending and unverified (no toast).
      ctx.deps.log.warn({ err, orderId: order.id }, 'payment verification failed');
      status = 'pending';
      verified = false;
    }
  }
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    let paymentData: Record<string, unknown> | undefined;
    const [locked] = await tx
      .select()
      .from(orders)
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, order.id)))
      .for('update');
    if (!locked) return;
    if (mismatch) {
      // Paid, but not what the order asks for: it stays unpaid and staff see why.
      paymentData = await recordPaymentMismatch(
        tx,
        locked,
        locked.paymentData ?? {},
        mismatch.warning,
        mismatch.result,
      );
    } else if (status === 'approved' && locked.status === 'cancelled' && locked.paymentStatus !== 'approved') {
      paymentData = await recordPaidAfterCancel(tx, locked, locked.paymentData ?? {});
    }
    await tx
      .update(orders)
      .set({
        paymentStatus: status,
        paymentStatusCheckedAt: now,
        paymentCheckoutVerified: verified,
        ...(paymentData ? { paymentData } : {}),
        updatedAt: now,
      })
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, order.id)));
    if (status !== locked.paymentStatus || verified !== locked.paymentCheckoutVerified) {
      const paid = status === 'approved' && locked.paymentStatus !== 'approved' && locked.status !== 'cancelled';
      await announceOrderUpdate(tx, order, { paymentStatus: status, paid });
    }
    // Declined (not a mismatch): the order gives its stock back, as on the customer's return page.
    if (status === 'failed' && !mismatch && isOnlineCheckoutOrder(locked)) await releaseDeclinedOrder(tx, locked);
  });
  return { orderId: order.id, paymentStatus: status, paymentCheckoutVerified: verified };
}

/** The restaurant's checkout handle, or null while it is not configured ('Configuração necessária'). */
async function restaurantHandle(ctx: StaffCtx) {
  return providerHandle(await restaurantById(ctx.db, ctx.restaurantId));
}

const checkoutNotConfigured = () =>
  new AppError(409, 'checkout_not_configured', MSG.checkoutNotConfigured, MSG.checkoutNotConfiguredStaff);

/** Asks the card provider about one order's checkout. */
export async function verifyOrderPayment(ctx: StaffCtx, id: string): Promise<VerifyOutcome> {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, eq(orders.id, id)))
    .limit(1);
  if (!order) throw orderNotFound();
  if (isDeliveryPerson(ctx.actor.rules) && order.deliveryEmployeeId !== ctx.actor.id) throw orderNotFound();
  if (!isCheckoutOrder(order)) {
    throw new AppError(
      400,
      'not_checkout',
      'Pagamento não verificável',
      'Este pedido não foi pago pelo checkout online.',
    );
  }
  const handle = await restaurantHandle(ctx);
  if (!handle) throw checkoutNotConfigured();
  return verifyOne(ctx, order, handle);
}

const BATCH_LIMIT = 50;
const BATCH_WINDOW_DAYS = 7;

/**
 * Verifies the recent card/PIX checkout orders not verified yet (the board does this on load); a
 * delivery person's board, only their own orders.
 */
export async function verifyPendingPayments(ctx: StaffCtx) {
  const since = new Date(Date.now() - BATCH_WINDOW_DAYS * 24 * 3600_000);
  const ownOnly = isDeliveryPerson(ctx.actor.rules) ? eq(orders.deliveryEmployeeId, ctx.actor.id) : undefined;
  const candidates = await ctx.db
    .select()
    .from(orders)
    .where(
      tenant(
        orders,
        ctx.restaurantId,
        eq(orders.paymentCheckoutVerified, false),
        ne(orders.status, 'cancelled'),
        ne(orders.deliveryType, 'pdv'),
        gte(orders.createdAt, since),
        or(isNotNull(orders.paymentStatus), sql`${orders.paymentData} <> '{}'::jsonb`),
        ownOnly,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(BATCH_LIMIT);
  const toCheck = candidates.filter(isCheckoutOrder);
  const results: VerifyOutcome[] = [];
  // Without a handle nothing can be asked: the board says 'Configuração necessária' instead.
  const handle = toCheck.length > 0 ? await restaurantHandle(ctx) : null;
  if (handle) for (const o of toCheck) results.push(await verifyOne(ctx, o, handle));
  return {
    configurationRequired: toCheck.length > 0 && !handle,
    checked: results.length,
    approved: results.filter((r) => r.paymentStatus === 'approved').length,
    failed: results.filter((r) => r.paymentStatus === 'failed').length,
    pending: results.filter((r) => r.paymentStatus === 'pending').length,
    results,
  };
}
