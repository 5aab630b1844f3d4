import { insertRows } from '@meucardapio/db/insert-rows';
import { step } from '@meucardapio/db/one-trip';
import { type marketplaceConnections, marketplaceOrders } from '@meucardapio/db/schema';
import { channelLabel } from '@meucardapio/domain/marketplace';
import { sql } from 'drizzle-orm';
import type { ServiceCtx } from '../../http/context';
import type { OdOrder } from '../../integrations/marketplace/marketplace';
import { applyAppStatus } from '../orders/board/board.service';
import { type ChargedLine, type OrderSpec, placeOrder } from '../orders/place/place-order';

/**
 * The ordering apps' door into the one order pipeline: an app's order (in Open Delivery's shape,
 * whatever the app speaks) becomes our order with the app's prices (it was charged there), our stock
 * and kitchen stations. Its idempotency key is the app's order id, so an event delivered twice, or
 * stored by two pollers at once, places one order.
 */

export type ConnectionRow = typeof marketplaceConnections.$inferSelect;

/** How long iFood waits for a confirmation before it cancels the order itself. */
const CONFIRM_WINDOW_MS = 8 * 60_000;
const cents = (price: { value: number } | undefined) => Math.round((price?.value ?? 0) * 100);

const METHOD_LABEL: Record<string, string> = {
  CREDIT: 'Crédito',
  DEBIT: 'Débito',
  MEAL_VOUCHER: 'Vale-refeição',
  FOOD_VOUCHER: 'Vale-alimentação',
  DIGITAL_WALLET: 'Carteira digital',
  PIX: 'PIX',
  CASH: 'Dinheiro',
  CREDIT_DEBIT: 'Cartão',
};

/** Which app an order came from: the connection's, or (the simulator speaks for several) the order's own. */
export function orderChannel(connection: Pick<ConnectionRow, 'kind' | 'app'>, order: Pick<OdOrder, 'salesChannel'>) {
  if (connection.kind !== 'simulator') return connection.app;
  const named = (order.salesChannel ?? '').toLowerCase();
  return ['ifood', 'keeta', 'aiqfome', 'rappi'].includes(named) ? named : 'ifood';
}

/** What the order asks of the pipeline, read from the app's order. */
export function appOrderSpec(channel: string, od: OdOrder): OrderSpec {
  const lines: ChargedLine[] = od.items.map((i) => ({
    // Our menu out gives the app our product ids as external codes; anything else names no product.
    productId: /^[0-9a-f-]{36}$/i.test(i.externalCode) ? i.externalCode : null,
    name: i.name,
    quantity: Math.max(1, Math.round(i.quantity)),
    unitPrice: cents(i.unitPrice) + Math.round(cents(i.optionsPrice) / Math.max(1, i.quantity)),
    totalPrice: cents(i.totalPrice),
    options: (i.options ?? []).map((o) => ({ name: o.name, price: cents(o.unitPrice), quantity: o.quantity })),
    notes: i.specialInstructions?.trim() || null,
  }));
  const address = od.delivery?.deliveryAddress;
  const deliveryType = od.type === 'DELIVERY' ? 'delivery' : od.type === 'TAKEOUT' ? 'pickup' : 'dine_in';
  const fee = (od.otherFees ?? []).filter((f) => f.type === 'DELIVERY_FEE').reduce((s, f) => s + cents(f.price), 0);
  const warnings = [
    od.type === 'DELIVERY' && !address ? 'Pedido de entrega sem endereço: confira no aplicativo.' : null,
    od.type === 'DELIVERY' && !od.customer ? 'Pedido sem dados do cliente: confira no aplicativo.' : null,
    od.extraInfo?.trim() || null,
  ].filter(Boolean);
  return {
    items: [],
    charged: { lines, total: cents(od.total.orderAmount) },
    customer: {
      id: null,
      name: od.customer?.name?.trim() || `Cliente ${channelLabel(channel)}`,
      phone: od.customer?.phone?.number ?? null,
      email: null,
    },
    placedBy: { employeeId: null, name: channelLabel(channel) },
    delivery: {
      kind: 'given',
      deliveryType,
      fee,
      address: {
        address: address?.street ?? null,
        addressNumber: address?.number ?? null,
        complement: [address?.complement, address?.reference].filter(Boolean).join(' · ') || null,
        neighborhood: address?.district ?? null,
        city: address?.city ?? null,
        state: address?.state ?? null,
        cep: address?.postalCode ?? null,
      },
    },
    discount: { kind: 'manual', amount: cents(od.total.discount) },
    note: warnings.join('\n') || null,
    source: channel,
  };
}

/** How the money was collected: paid in the app (already ours to keep), or on delivery with change. */
export function appPaymentPlan(channel: string, od: OdOrder) {
  const pending = od.payments.methods.filter((m) => m.type === 'PENDING');
  const paidOnline = od.payments.pending <= 0 || pending.length === 0;
  const method = (paidOnline ? od.payments.methods[0] : pending[0])?.method ?? 'OTHER';
  const label = METHOD_LABEL[method] ?? 'Outro';
  const cash = pending.find((m) => m.method === 'CASH');
  const paidAmount = cash?.changeFor ? Math.round(cash.changeFor * 100) : null;
  const due = Math.round(od.payments.pending * 100);
  return {
    label: paidOnline ? `Pago no ${channelLabel(channel)} (${label})` : `${label} na entrega`,
    paymentStatus: paidOnline ? ('approved' as const) : null,
    paymentData: {
      marketplace: channel,
      ...(paidAmount && paidAmount > due ? { paid_amount: paidAmount, change_amount: paidAmount - due } : {}),
    },
    installments: null,
    hosted: null,
    localPix: false,
  };
}

const dateOrNull = (value: string | undefined) =>
  value && !Number.isNaN(Date.parse(value)) ? new Date(Date.parse(value)) : null;

/** A scheduled order's delivery window and preparation start (an instant order has none). */
function scheduleOf(od: OdOrder) {
  if (od.orderTiming !== 'SCHEDULED') return {};
  return {
    scheduledStart: dateOrNull(od.schedule?.scheduledDateTimeStart),
    scheduledEnd: dateOrNull(od.schedule?.scheduledDateTimeEnd),
    preparationStartAt: dateOrNull(od.preparationStartDateTime),
  };
}

/**
 * Places the app's order (or finds the one already placed) and links it to the app. With automatic
 * confirmation on, the order is accepted in the caller's transaction, which queues the app's `confirm`.
 */
export async function receiveAppOrder(
  ctx: ServiceCtx,
  connection: ConnectionRow,
  od: OdOrder,
  eventAt: Date,
): Promise<{ orderId: string; placed: boolean }> {
  const channel = orderChannel(connection, od);
  const result = await placeOrder<{ orderId: string; placed: boolean }>(ctx, {
    channel: 'marketplace',
    idempotencyKey: `app:${connection.id}:${od.id}`,
    door: {
      prepare: async () => appOrderSpec(channel, od),
      plan: async () => appPaymentPlan(channel, od),
      // The order's link to the app, written by the order's statement.
      alongside: (order) => {
        const link = {
          orderId: order.id,
          restaurantId: ctx.restaurantId,
          connectionId: connection.id,
          externalId: od.id,
          displayId: od.displayId,
          lastEventAt: eventAt,
          confirmBy: new Date(Date.parse(od.createdAt) + CONFIRM_WINDOW_MS),
          ...scheduleOf(od),
        };
        return {
          link: step(
            [
              [
                'app_link',
                sql`insert into ${marketplaceOrders} ${insertRows(marketplaceOrders, [link])} returning order_id`,
              ],
            ],
            sql`select order_id from ${sql.identifier('app_link')}`,
          ),
        };
      },
      replay: async (_ctx, earlier) => ({ orderId: earlier.id, placed: false }),
      answer: async (_ctx, placed) => ({ orderId: placed.order.id, placed: true }),
    },
  });
  if (result.placed && connection.autoConfirm)
    await applyAppStatus(ctx, result.orderId, 'preparing', {
      name: `Integração ${channelLabel(channel)}`,
      notes: 'Aceito automaticamente',
      tellApp: true,
    });
  return result;
}
