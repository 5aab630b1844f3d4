import type { DbOrTx } from '@meucardapio/db/client';
import { inOneTrip, step } from '@meucardapio/db/one-trip';
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
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { tenant } from '../../http/tenant';
import { eventsStep } from '../../realtime/realtime';
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

/** The jobs and the board's `print.updated`, in one statement. */
export async function insertJobs(db: DbOrTx, restaurantId: string, jobs: NewJob[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = jobs.map((j) => ({
    restaurantId,
    printerId: j.printer.id,
    kind: j.kind,
    orderId: j.orderId,
    title: j.title,
    content: render(j),
  }));
  const trip = await inOneTrip(db, {
    queued: step<{ id: string }>(
      [['queued', db.insert(printJobs).values(rows).returning({ id: printJobs.id }).getSQL()]],
      sql`select id from queued`,
    ),
    queuedEvent: eventsStep(
      [
        {
          restaurantId,
          type: 'print.updated',
          permission: 'manage_orders',
          payload: { printerId: null, status: 'queued' },
        },
      ],
      { courierId: null },
    ),
  });
  return trip.queued.map((r) => r.id);
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

/** An order as its tickets print it, with each item's station and, for a local PIX order not paid yet, its code. */
export type TicketSource = { view: TicketOrder; stations: (string | null)[]; pix: string | null };

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/**
 * `TicketSource` of an order's row and its items not cancelled (in id order, as a reprint reads them),
 * each with its product's station: from the database, or as an order was just written.
 */
export function ticketSource(
  order: OrderRow,
  extras: { tabNumber: number | null; appCode: string | null; timezone: string },
  items: readonly { item: ItemRow; stationId: string | null }[],
): TicketSource {
  const address = order.address
    ? [order.address, order.addressNumber, order.complement, order.neighborhood].filter(Boolean).join(', ')
    : null;
  const view: TicketOrder = {
    number: order.number,
    shortId: shortIdAdmin(order.id),
    deliveryType: order.deliveryType,
    tableNumber: order.tableNumber,
    round: order.round,
    tabNumber: extras.tabNumber,
    app: order.channel && extras.appCode ? { name: channelLabel(order.channel), code: extras.appCode } : null,
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
    timezone: extras.timezone,
    items: items.map(({ item }) => ticketItem(item)),
  };
  // A local PIX order not paid yet carries its code: the counter copy prints it as a QR to pay at the door.
  const pix = order.paymentStatus !== 'approved' ? (order.paymentData as { pix_br_code?: string }).pix_br_code : null;
  return { view, stations: items.map((i) => i.stationId), pix: pix ?? null };
}

/** An order as its tickets print it (items cancelled after it was sent left out), read from the database. */
export async function ticketOrder(
  db: DbOrTx,
  restaurantId: string,
  orderId: string,
  timezone: string,
): Promise<TicketSource | null> {
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
  return ticketSource(order, { tabNumber, appCode: app?.code ?? null, timezone }, items);
}

export function ticketItem(item: ItemRow): TicketOrder['items'][number] {
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
