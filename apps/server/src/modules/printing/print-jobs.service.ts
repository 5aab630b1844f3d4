import type { DbOrTx } from '@meucardapio/db/client';
import { rowFromJson } from '@meucardapio/db/json-rows';
import { inOneTrip, step } from '@meucardapio/db/one-trip';
import { kitchenStations, orderItems, orders, printers, printJobs, products } from '@meucardapio/db/schema';
import {
  type AutoPrint,
  type CashClosingTicket,
  cancelledItemTicket,
  cashClosingTicket,
  counterCopies,
  danfePrintsByItself,
  kitchenTicket,
  orderTicket,
  pdvReceiptTicket,
  receiptLeftToDanfe,
} from '@meucardapio/domain/printing';
import { and, eq, sql } from 'drizzle-orm';
import { tenant } from '../../http/tenant';
import { type DanfeOfAccount, type DanfeOfOrder, danfeOfAccount, danfeOfOrder } from './danfe-source';
import {
  autoPrintFrom,
  autoPrintOf,
  insertJobs,
  type NewJob,
  type PrinterRow,
  printersOf,
  printSettingsOf,
  restaurantOf,
  type Station,
  type TicketSource,
  ticketItem,
  ticketOrder,
  ticketSource,
} from './job-rows';

/*
 * Print jobs are created in the transaction of the change that causes them (the board's accept, the PDV
 * sale, the note's authorisation, the cash close): the change and its tickets commit together or not at
 * all. Agents pick them up through print-agent.service.ts.
 */

/**
 * An item cancelled after it was sent, printed where it is being made: on the printers of its product's
 * kitchen station, or (a product without a station) on those that print the order's counter copy. Only
 * when kitchen tickets print automatically; in the cancellation's transaction.
 */
export async function enqueueCancelledItem(
  db: DbOrTx,
  restaurantId: string,
  itemId: string,
  cancel: { reason: string; by: string },
): Promise<string[]> {
  const { printers: all, auto } = await printingOf(db, restaurantId);
  if (all.length === 0 || !auto.kitchen) return [];
  const [row] = await db
    .select({ item: orderItems, station: kitchenStations })
    .from(orderItems)
    .leftJoin(products, and(eq(products.id, orderItems.productId), eq(products.restaurantId, orderItems.restaurantId)))
    .leftJoin(
      kitchenStations,
      and(eq(kitchenStations.id, products.stationId), eq(kitchenStations.restaurantId, orderItems.restaurantId)),
    )
    .where(tenant(orderItems, restaurantId, eq(orderItems.id, itemId)));
  if (!row) return [];
  const data = await ticketOrder(db, restaurantId, row.item.orderId);
  if (!data) return [];
  const { station } = row;
  const targets = station
    ? all.filter((p) => p.routes.stations.includes(station.id))
    : all.filter((p) => counterCopies(p.routes, data.view.deliveryType) > 0);
  const ticket = cancelledItemTicket(station?.name ?? 'Via do balcão', data.view, ticketItem(row.item), cancel);
  return insertJobs(
    db,
    restaurantId,
    targets.map((printer) => ({
      printer,
      kind: station ? 'kitchen' : 'order',
      orderId: row.item.orderId,
      title: `Pedido #${data.view.number} · cancelamento`,
      ticket,
    })),
  );
}

/**
 * The tickets of an order the restaurant accepted: the counter copies (N per channel) and, per kitchen
 * station routed to a printer, a ticket with that station's items. Called in the accept's transaction.
 */
export async function enqueueAcceptedOrder(db: DbOrTx, restaurantId: string, orderId: string): Promise<string[]> {
  const printing = await printingOf(db, restaurantId);
  if (!printsOrderTickets(printing)) return [];
  const data = await ticketOrder(db, restaurantId, orderId);
  if (!data) return [];
  return insertJobs(db, restaurantId, acceptedOrderJobs(data.restaurantName, orderId, data, printing));
}

/** An accepted order's counter copies and its stations' kitchen tickets, on the printers routed to them. */
function acceptedOrderJobs(
  restaurantName: string,
  orderId: string,
  data: TicketSource,
  { printers: all, auto }: { printers: readonly PrinterRow[]; auto: AutoPrint },
): NewJob[] {
  const jobs: NewJob[] = [];
  const stations = new Map(data.stations.flatMap((s) => (s ? [[s.id, s] as const] : [])));
  if (auto.order) {
    for (const printer of all) {
      const copies = counterCopies(printer.routes, data.view.deliveryType);
      const ticket = orderTicket(restaurantName, data.view, data.pix);
      for (let i = 0; i < copies; i++) {
        jobs.push({ printer, kind: 'order', orderId, title: `Pedido #${data.view.number}`, ticket });
      }
    }
  }
  if (auto.kitchen) {
    for (const station of stations.values()) {
      const items = data.view.items.filter((_, i) => data.stations[i]?.id === station.id);
      const ticket = kitchenTicket(station.name, { ...data.view, items });
      for (const printer of all.filter((p) => p.routes.stations.includes(station.id))) {
        jobs.push({
          printer,
          kind: 'kitchen',
          orderId,
          title: `Pedido #${data.view.number} · ${station.name}`,
          ticket,
        });
      }
    }
  }
  return jobs;
}

/**
 * What the tickets of an order placed through the pipeline need of the restaurant, read before the
 * order is written (in a round trip the door makes anyway): its printers, what prints by itself, and the
 * kitchen station of each of the order's products that has one. The tickets are then written from the
 * order as its statement wrote it, in one more statement, instead of reading it all again while the
 * restaurant's lock is held.
 */
export type OrderPrinting = { printers: PrinterRow[]; auto: AutoPrint; stations: Map<string, Station> };

/**
 * `OrderPrinting` as steps, for a round trip shared with the door's own reads; the stations only of
 * `productIds` given (a receipt names none).
 */
export function orderPrintingSteps(db: DbOrTx, restaurantId: string, productIds: readonly string[] = []) {
  const ids = [...new Set(productIds)];
  return {
    printers: printersStep(db, restaurantId),
    printSettings: step<{ auto: Partial<AutoPrint> }>([], printSettingsOf(db, restaurantId).getSQL()),
    ...(ids.length > 0
      ? {
          productStations: step<StationOf>(
            [],
            sql`select p.id as "productId", s.id, s.name from ${products} p
              join ${kitchenStations} s on s.restaurant_id = p.restaurant_id and s.id = p.station_id
              where p.restaurant_id = ${restaurantId} and p.id = any(${sql.param(ids)}::uuid[])`,
          ),
        }
      : {}),
  };
}

type StationOf = Station & { productId: string };

/** What `orderPrintingSteps` answered. */
export function orderPrintingAnswered(trip: {
  printers: Record<string, unknown>[];
  printSettings: { auto: Partial<AutoPrint> }[];
  productStations?: StationOf[];
}): OrderPrinting {
  return {
    printers: printersAnswered(trip.printers),
    auto: autoPrintFrom(trip.printSettings[0]),
    stations: new Map((trip.productStations ?? []).map((s) => [s.productId, { id: s.id, name: s.name }])),
  };
}

/** The restaurant's printers and what prints by itself, in one round trip. */
const printingOf = async (db: DbOrTx, restaurantId: string) =>
  orderPrintingAnswered(await inOneTrip(db, orderPrintingSteps(db, restaurantId)));

/** An order as its statement wrote it: its row, its items, and its restaurant's name and time zone. */
type WrittenOrder = {
  order: typeof orders.$inferSelect;
  items: readonly (typeof orderItems.$inferSelect)[];
  restaurant: { name: string; timezone: string };
};

/** `TicketSource` of an order just written, its items in id order as a reprint reads them. */
function writtenTicket(written: WrittenOrder, tabNumber: number | null, printing: OrderPrinting): TicketSource {
  const items = [...written.items]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((item) => ({ item, station: (item.productId && printing.stations.get(item.productId)) || null }));
  return ticketSource(written.order, { tabNumber, appCode: null, timezone: written.restaurant.timezone }, items);
}

/** Whether an accepted order or a table's round prints anything by itself here. */
export const printsOrderTickets = (printing: OrderPrinting) =>
  printing.printers.length > 0 && (printing.auto.order || printing.auto.kitchen);

/**
 * The tickets of a table's round, sent straight to the kitchen as it is placed: those of an accepted
 * order (`enqueueAcceptedOrder`), from the round as its statement wrote it, in one statement.
 */
export function enqueueSentOrder(
  db: DbOrTx,
  restaurantId: string,
  written: WrittenOrder,
  tabNumber: number | null,
  printing: OrderPrinting,
): Promise<string[]> {
  const data = writtenTicket(written, tabNumber, printing);
  return insertJobs(db, restaurantId, acceptedOrderJobs(written.restaurant.name, written.order.id, data, printing));
}

/** A sale's receipt on `targets`, titled by its number. */
export async function receiptJobs(
  db: DbOrTx,
  restaurantId: string,
  orderId: string,
  targets: PrinterRow[],
  title: (number: number) => string,
): Promise<NewJob[]> {
  if (targets.length === 0) return [];
  const data = await ticketOrder(db, restaurantId, orderId);
  if (!data) return [];
  return receiptJobsOf(data.restaurantName, orderId, data, targets, title);
}

function receiptJobsOf(
  restaurantName: string,
  orderId: string,
  data: TicketSource,
  targets: readonly PrinterRow[],
  title: (number: number) => string,
): NewJob[] {
  const ticket = pdvReceiptTicket(restaurantName, data.view);
  return targets.map((printer) => ({ printer, kind: 'pdv_receipt', orderId, title: title(data.view.number), ticket }));
}

/** Step "printers": the restaurant's printers (`printersOf`), for a read that shares its round trip with others. */
const printersStep = (db: DbOrTx, restaurantId: string) =>
  step<Record<string, unknown>>([], printersOf(db, restaurantId).getSQL());

/** The printers `printersStep` answered, as rows. */
const printersAnswered = (answered: readonly Record<string, unknown>[]): PrinterRow[] =>
  answered.map((json) => rowFromJson(printers, json));

/** Whether a PDV sale's receipt may print by itself here (a printer that takes receipts, printing them automatically). */
export const printsReceipts = (printing: OrderPrinting | undefined) =>
  !!printing?.auto.pdv_receipt && printing.printers.some((p) => p.routes.pdvReceipt);

/**
 * The PDV sale's receipt on the printers that print receipts (read before the sale's order), from the
 * sale as its statement wrote it, in the sale's transaction, in one statement: a printer routed to the
 * DANFE too leaves the sale to its DANFE (decision 079). Most sales happen where no printer takes
 * receipts, and then nothing is written.
 */
export function enqueuePdvReceipt(
  db: DbOrTx,
  restaurantId: string,
  written: WrittenOrder,
  sale: { printing: OrderPrinting; hasNote: boolean },
): Promise<string[]> {
  const { printing, hasNote } = sale;
  if (!printing.auto.pdv_receipt) return Promise.resolve([]);
  const targets = printing.printers.filter(
    (p) => p.routes.pdvReceipt && !receiptLeftToDanfe(p.routes, printing.auto, hasNote),
  );
  if (targets.length === 0) return Promise.resolve([]);
  const data = writtenTicket(written, null, printing);
  return insertJobs(
    db,
    restaurantId,
    receiptJobsOf(written.restaurant.name, written.order.id, data, targets, (n) => `Venda #${n}`),
  );
}

/** An order's DANFE on `targets`. */
export const danfeJobs = (targets: PrinterRow[], orderId: string, danfe: DanfeOfOrder, title: string): NewJob[] =>
  targets.map((printer) => ({
    printer,
    kind: 'nfce_danfe',
    orderId,
    title,
    ticket: danfe.ticket,
    forCounterSale: danfe.order.deliveryType === 'pdv',
  }));

/**
 * An authorised note's DANFE on the printers routed to it, in the transaction that records the
 * authorisation (fiscal-worker.ts): a note is authorised once, so its DANFE is queued once. Only while
 * "Imprimir automaticamente" is on for it and its customer is still to get it.
 */
export async function enqueueNoteDanfe(db: DbOrTx, restaurantId: string, orderId: string): Promise<string[]> {
  const { printers: all, auto } = await printingOf(db, restaurantId);
  const targets = all.filter((p) => p.routes.nfceDanfe);
  if (targets.length === 0 || !auto.nfce_danfe) return [];
  const danfe = await danfeOfOrder(db, restaurantId, orderId);
  if (!danfe || !danfePrintsByItself(danfe.order)) return [];
  return insertJobs(db, restaurantId, danfeJobs(targets, orderId, danfe, danfe.title));
}

/**
 * A closed table account's DANFE (decision 087), on the printers routed to it, in the authorisation's
 * transaction like an order's: the table has just paid, so its customer is still to get it.
 */
export async function enqueueAccountDanfe(db: DbOrTx, restaurantId: string, accountId: string): Promise<string[]> {
  const { printers: all, auto } = await printingOf(db, restaurantId);
  const targets = all.filter((p) => p.routes.nfceDanfe);
  if (targets.length === 0 || !auto.nfce_danfe) return [];
  const danfe = await danfeOfAccount(db, restaurantId, accountId);
  if (!danfe) return [];
  return insertJobs(db, restaurantId, accountDanfeJobs(targets, danfe, danfe.title));
}

/** A table account's DANFE on `targets`. */
export const accountDanfeJobs = (targets: PrinterRow[], danfe: DanfeOfAccount, title: string): NewJob[] =>
  targets.map((printer) => ({ printer, kind: 'nfce_danfe', orderId: null, title, ticket: danfe.ticket }));

/**
 * A PDV sale whose note SEFAZ rejected or denied prints the receipt its DANFE was to replace, on the
 * printers that have not printed one for it, in the transaction that records SEFAZ's answer.
 */
export async function enqueueReceiptWithoutNote(db: DbOrTx, restaurantId: string, orderId: string) {
  if (!(await autoPrintOf(db, restaurantId)).pdv_receipt) return [];
  const [order] = await db
    .select({ deliveryType: orders.deliveryType, paymentData: orders.paymentData })
    .from(orders)
    .where(tenant(orders, restaurantId, eq(orders.id, orderId)));
  if (order?.deliveryType !== 'pdv' || order.paymentData?.offline) return [];
  const printed = await db
    .select({ printerId: printJobs.printerId })
    .from(printJobs)
    .where(tenant(printJobs, restaurantId, eq(printJobs.orderId, orderId), eq(printJobs.kind, 'pdv_receipt')));
  const targets = (await printersOf(db, restaurantId)).filter(
    (p) => p.routes.pdvReceipt && p.routes.nfceDanfe && !printed.some((j) => j.printerId === p.id),
  );
  return insertJobs(db, restaurantId, await receiptJobs(db, restaurantId, orderId, targets, (n) => `Venda #${n}`));
}

/** The closing report of a cash session, in the close's transaction. */
export async function enqueueCashClosing(
  db: DbOrTx,
  restaurantId: string,
  report: Omit<CashClosingTicket, 'restaurantName' | 'timezone'>,
): Promise<string[]> {
  const { printers: all, auto } = await printingOf(db, restaurantId);
  const targets = all.filter((p) => p.routes.cashClosing);
  if (targets.length === 0 || !auto.cash_closing) return [];
  const restaurant = await restaurantOf(db, restaurantId);
  const ticket = cashClosingTicket({ ...report, restaurantName: restaurant.name, timezone: restaurant.timezone });
  return insertJobs(
    db,
    restaurantId,
    targets.map((printer) => ({ printer, kind: 'cash_closing', orderId: null, title: 'Fechamento de caixa', ticket })),
  );
}
