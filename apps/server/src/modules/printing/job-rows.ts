import type { DbOrTx } from '@meucardapio/db/client';
import {
  marketplaceOrders,
  orderItems,
  orders,
  printers,
  printJobs,
  printSettings,
  products,
  restaurants,
} from '@meucardapio/db/schema';
import { type EscPosOptions, encodeTicket } from '@meucardapio/domain/escpos';
import { channelLabel } from '@meucardapio/domain/marketplace';
import { shortIdAdmin } from '@meucardapio/domain/order-status';
import {
  type AutoPrint,
  DEFAULT_AUTO_PRINT,
  type PaperColumns,
  type PrinterCodepage,
  type PrintJobKind,
  type Ticket,
  type TicketOrder,
} from '@meucardapio/domain/printing';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';
import { orderTabNumber } from '../orders/order-view';

/*
 * What every kind of print job is made of: the restaurant's printers and settings, an order as tickets
 * print it, and the rows themselves, rendered to ESC/POS when they are written (decision 060).
 */

export type PrinterRow = typeof printers.$inferSelect;
export type NewJob = {
  printer: PrinterRow;
  kind: PrintJobKind;
  orderId: string | null;
  title: string;
  ticket: Ticket;
  /** The paper a PDV sale's customer takes (its receipt, or the DANFE in its place): the drawer opens. */
  forCounterSale?: boolean;
};

function render(job: NewJob): string {
  const { printer } = job;
  const options: EscPosOptions = {
    columns: printer.columns as PaperColumns,
    codepage: printer.codepage as PrinterCodepage,
    cut: printer.cut,
    // The drawer opens for money changing hands at the counter, not for every kitchen ticket.
    drawer: printer.drawer && (job.kind === 'pdv_receipt' || !!job.forCounterSale),
  };
  return Buffer.from(encodeTicket(job.ticket, options)).toString('base64');
}

export async function insertJobs(db: DbOrTx, restaurantId: string, jobs: NewJob[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = await db
    .insert(printJobs)
    .values(
      jobs.map((j) => ({
        restaurantId,
        printerId: j.printer.id,
        kind: j.kind,
        orderId: j.orderId,
        title: j.title,
        content: render(j),
      })),
    )
    .returning({ id: printJobs.id });
  await appendEvent(db, {
    restaurantId,
    type: 'print.updated',
    permission: 'manage_orders',
    payload: { printerId: null, status: 'queued' },
  });
  return rows.map((r) => r.id);
}

export async function autoPrintOf(db: DbOrTx, restaurantId: string): Promise<AutoPrint> {
  const [row] = await db
    .select({ auto: printSettings.auto })
    .from(printSettings)
    .where(tenant(printSettings, restaurantId));
  return { ...DEFAULT_AUTO_PRINT, ...row?.auto };
}

export const printersOf = (db: DbOrTx, restaurantId: string) =>
  db.select().from(printers).where(tenant(printers, restaurantId)).orderBy(asc(printers.name));

export async function restaurantOf(db: DbOrTx, restaurantId: string) {
  const [row] = await db
    .select({ name: restaurants.name, timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row;
}

/** An order as its tickets print it (items cancelled after it was sent left out), with each item's station. */
export async function ticketOrder(db: DbOrTx, restaurantId: string, orderId: string, timezone: string) {
  const [row] = await db
    .select({ order: orders, tabNumber: orderTabNumber })
    .from(orders)
    .where(tenant(orders, restaurantId, eq(orders.id, orderId)));
  if (!row) return null;
  const { order, tabNumber } = row;
  const items = await db
    .select({ item: orderItems, stationId: products.stationId })
    .from(orderItems)
    .leftJoin(products, and(eq(products.id, orderItems.productId), eq(products.restaurantId, orderItems.restaurantId)))
    .where(tenant(orderItems, restaurantId, eq(orderItems.orderId, orderId), isNull(orderItems.cancelledAt)))
    .orderBy(asc(orderItems.id));
  const [app] = order.channel
    ? await db
        .select({ code: marketplaceOrders.displayId })
        .from(marketplaceOrders)
        .where(tenant(marketplaceOrders, restaurantId, eq(marketplaceOrders.orderId, orderId)))
    : [];
  const address = order.address
    ? [order.address, order.addressNumber, order.complement, order.neighborhood].filter(Boolean).join(', ')
    : null;
  const view: TicketOrder = {
    number: order.number,
    shortId: shortIdAdmin(order.id),
    deliveryType: order.deliveryType,
    tableNumber: order.tableNumber,
    round: order.round,
    tabNumber,
    app: order.channel && app ? { name: channelLabel(order.channel), code: app.code } : null,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    address,
    note: order.note,
    paymentMethod: order.paymentMethod,
    subtotal: order.subtotal,
    deliveryFee: order.deliveryFee,
    discount: order.discount,
    total: order.total,
    createdAt: order.createdAt,
    timezone,
    items: items.map(({ item }) => ticketItem(item)),
  };
  // A local PIX order not paid yet carries its code: the counter copy prints it as a QR to pay at the door.
  const pix = order.paymentStatus !== 'approved' ? (order.paymentData as { pix_br_code?: string }).pix_br_code : null;
  return { view, stations: items.map((i) => i.stationId), pix: pix ?? null };
}

export function ticketItem(item: typeof orderItems.$inferSelect): TicketOrder['items'][number] {
  return {
    name: item.name,
    quantity: item.quantity,
    totalPrice: item.totalPrice,
    options: [item.variation, ...item.pizzaFlavors, ...item.addons, ...item.colors]
      .filter((o) => o != null)
      .map((o) => (o.quantity && o.quantity > 1 ? `${o.quantity}x ${o.name}` : o.name)),
    notes: item.notes,
  };
}
