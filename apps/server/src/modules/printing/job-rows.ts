import type { DbOrTx } from '@meucardapio/db/client';
import { rowFromJson } from '@meucardapio/db/json-rows';
import { inOneTrip, step } from '@meucardapio/db/one-trip';
import {
  kitchenStations,
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
import { asc, eq, sql } from 'drizzle-orm';
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

/** The restaurant's print settings row (none until the owner saves them). */
export const printSettingsOf = (db: DbOrTx, restaurantId: string) =>
  db.select({ auto: printSettings.auto }).from(printSettings).where(tenant(printSettings, restaurantId));

/** What prints by itself, from the settings row read (the defaults where there is none). */
export const autoPrintFrom = (row: { auto: Partial<AutoPrint> } | undefined): AutoPrint => ({
  ...DEFAULT_AUTO_PRINT,
  ...row?.auto,
});

export async function autoPrintOf(db: DbOrTx, restaurantId: string): Promise<AutoPrint> {
  const [row] = await printSettingsOf(db, restaurantId);
  return autoPrintFrom(row);
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

/** A kitchen station, as the tickets of its items name it. */
export type Station = { id: string; name: string };

/**
 * An order as its tickets print it, with each item's kitchen station (if its product has one) and, for a
 * local PIX order not paid yet, its code.
 */
export type TicketSource = { view: TicketOrder; stations: (Station | null)[]; pix: string | null };

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/**
 * `TicketSource` of an order's row and its items not cancelled (in id order, as `ticketOrder` reads
 * them), each with its product's station: from the database, or as an order was just written.
 */
export function ticketSource(
  order: OrderRow,
  extras: { tabNumber: number | null; appCode: string | null; timezone: string },
  items: readonly { item: ItemRow; station: Station | null }[],
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
  return { view, stations: items.map((i) => i.station), pix: pix ?? null };
}

/**
 * An order as its tickets print it (items cancelled after it was sent left out), with its restaurant's
 * name, read in one round trip: the restaurant, the order with its tab's number and its app's code, its
 * items with their stations.
 */
export async function ticketOrder(
  db: DbOrTx,
  restaurantId: string,
  orderId: string,
): Promise<(TicketSource & { restaurantName: string }) | null> {
  const trip = await inOneTrip(db, {
    restaurant: step<{ name: string; timezone: string }>(
      [],
      db
        .select({ name: restaurants.name, timezone: restaurants.timezone })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId))
        .getSQL(),
    ),
    order: step<Record<string, unknown> & { tabNumber: number | null; appCode: string | null }>(
      [],
      sql`select ${orders}.*, ${orderTabNumber} as "tabNumber",
          (select m.display_id from ${marketplaceOrders} m
            where m.restaurant_id = ${orders.restaurantId} and m.order_id = ${orders.id}) as "appCode"
        from ${orders} where ${orders.restaurantId} = ${restaurantId} and ${orders.id} = ${orderId}`,
    ),
    items: step<Record<string, unknown> & { stationId: string | null; stationName: string | null }>(
      [],
      sql`select i.*, s.id as "stationId", s.name as "stationName" from ${orderItems} i
        left join ${products} p on p.restaurant_id = i.restaurant_id and p.id = i.product_id
        left join ${kitchenStations} s on s.restaurant_id = i.restaurant_id and s.id = p.station_id
        where i.restaurant_id = ${restaurantId} and i.order_id = ${orderId} and i.cancelled_at is null
        order by i.id`,
    ),
  });
  const [restaurant] = trip.restaurant;
  const [order] = trip.order;
  if (!restaurant || !order) return null;
  const items = trip.items.map((json) => ({
    item: rowFromJson(orderItems, json),
    station: json.stationId && json.stationName !== null ? { id: json.stationId, name: json.stationName } : null,
  }));
  const source = ticketSource(
    rowFromJson(orders, order),
    { tabNumber: order.tabNumber, appCode: order.appCode, timezone: restaurant.timezone },
    items,
  );
  return { ...source, restaurantName: restaurant.name };
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
