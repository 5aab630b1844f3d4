import type { DbOrTx } from '@meucardapio/db/client';
import { rowFromJson } from '@meucardapio/db/json-rows';
import { step } from '@meucardapio/db/one-trip';
import {
  fiscalNotes,
  kitchenStations,
  orderItems,
  orders,
  printers,
  printJobs,
  products,
} from '@meucardapio/db/schema';
import {
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
import { and, eq, inArray } from 'drizzle-orm';
import { tenant } from '../../http/tenant';
import { type DanfeOfAccount, type DanfeOfOrder, danfeOfAccount, danfeOfOrder } from './danfe-source';
import {
  autoPrintOf,
  insertJobs,
  type NewJob,
  type PrinterRow,
  printersOf,
  restaurantOf,
  ticketItem,
  ticketOrder,
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
  const all = await printersOf(db, restaurantId);
  if (all.length === 0 || !(await autoPrintOf(db, restaurantId)).kitchen) return [];
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
  const restaurant = await restaurantOf(db, restaurantId);
  const data = await ticketOrder(db, restaurantId, row.item.orderId, restaurant.timezone);
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
 * The tickets of an order the restaurant accepted (or a table's round, sent straight to the kitchen): the
 * counter copies (N per channel) and, per kitchen station routed to a printer, a ticket with that
 * station's items. Called in the accept's (or the round's) transaction; `known`: the restaurant's
 * printers, where the caller read them already.
 */
export async function enqueueAcceptedOrder(
  db: DbOrTx,
  restaurantId: string,
  orderId: string,
  known?: readonly PrinterRow[],
): Promise<string[]> {
  const all = known ?? (await printersOf(db, restaurantId));
  if (all.length === 0) return [];
  const auto = await autoPrintOf(db, restaurantId);
  const kinds = (['order', 'kitchen'] as const).filter((k) => auto[k]);
  if (kinds.length === 0) return [];
  const restaurant = await restaurantOf(db, restaurantId);
  const data = await ticketOrder(db, restaurantId, orderId, restaurant.timezone);
  if (!data) return [];
  const jobs: NewJob[] = [];
  if (kinds.includes('order')) {
    for (const printer of all) {
      const copies = counterCopies(printer.routes, data.view.deliveryType);
      const ticket = orderTicket(restaurant.name, data.view, data.pix);
      for (let i = 0; i < copies; i++) {
        jobs.push({ printer, kind: 'order', orderId, title: `Pedido #${data.view.number}`, ticket });
      }
    }
  }
  if (kinds.includes('kitchen')) {
    const stationIds = [...new Set(data.stations.filter((s): s is string => !!s))];
    const names = stationIds.length
      ? await db
          .select({ id: kitchenStations.id, name: kitchenStations.name })
          .from(kitchenStations)
          .where(tenant(kitchenStations, restaurantId, inArray(kitchenStations.id, stationIds)))
      : [];
    for (const station of names) {
      const items = data.view.items.filter((_, i) => data.stations[i] === station.id);
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
  return insertJobs(db, restaurantId, jobs);
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
  const restaurant = await restaurantOf(db, restaurantId);
  const data = await ticketOrder(db, restaurantId, orderId, restaurant.timezone);
  if (!data) return [];
  const ticket = pdvReceiptTicket(restaurant.name, data.view);
  return targets.map((printer) => ({ printer, kind: 'pdv_receipt', orderId, title: title(data.view.number), ticket }));
}

const saleHasNote = async (db: DbOrTx, restaurantId: string, orderId: string) =>
  (
    await db
      .select({ id: fiscalNotes.id })
      .from(fiscalNotes)
      .where(tenant(fiscalNotes, restaurantId, eq(fiscalNotes.orderId, orderId)))
      .limit(1)
  ).length > 0;

/** Step "printers": the restaurant's printers (`printersOf`), for a read that shares its round trip with others. */
export const printersStep = (db: DbOrTx, restaurantId: string) =>
  step<Record<string, unknown>>([], printersOf(db, restaurantId).getSQL());

/** The printers `printersStep` answered, as rows. */
export const printersAnswered = (answered: readonly Record<string, unknown>[]): PrinterRow[] =>
  answered.map((json) => rowFromJson(printers, json));

/** Of the printers `printersStep` answered, those that print the PDV's receipts. */
export const pdvReceiptPrinters = (answered: readonly Record<string, unknown>[]): PrinterRow[] =>
  printersAnswered(answered).filter((p) => p.routes.pdvReceipt);

/**
 * The PDV sale's receipt on `routed` (the printers that print receipts, read before the sale's order),
 * in the sale's transaction (after its note was queued): a printer routed to the DANFE too leaves the
 * sale to its DANFE (decision 079). Most sales happen where no printer takes receipts, and then nothing
 * is read here.
 */
export async function enqueuePdvReceipt(
  db: DbOrTx,
  restaurantId: string,
  orderId: string,
  routed: readonly PrinterRow[],
): Promise<string[]> {
  if (routed.length === 0) return [];
  const auto = await autoPrintOf(db, restaurantId);
  if (!auto.pdv_receipt) return [];
  const hasNote = await saleHasNote(db, restaurantId, orderId);
  const targets = routed.filter((p) => !receiptLeftToDanfe(p.routes, auto, hasNote));
  return insertJobs(db, restaurantId, await receiptJobs(db, restaurantId, orderId, targets, (n) => `Venda #${n}`));
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
  const targets = (await printersOf(db, restaurantId)).filter((p) => p.routes.nfceDanfe);
  if (targets.length === 0 || !(await autoPrintOf(db, restaurantId)).nfce_danfe) return [];
  const danfe = await danfeOfOrder(db, restaurantId, orderId);
  if (!danfe || !danfePrintsByItself(danfe.order)) return [];
  return insertJobs(db, restaurantId, danfeJobs(targets, orderId, danfe, danfe.title));
}

/**
 * A closed table account's DANFE (decision 087), on the printers routed to it, in the authorisation's
 * transaction like an order's: the table has just paid, so its customer is still to get it.
 */
export async function enqueueAccountDanfe(db: DbOrTx, restaurantId: string, accountId: string): Promise<string[]> {
  const targets = (await printersOf(db, restaurantId)).filter((p) => p.routes.nfceDanfe);
  if (targets.length === 0 || !(await autoPrintOf(db, restaurantId)).nfce_danfe) return [];
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
  const targets = (await printersOf(db, restaurantId)).filter((p) => p.routes.cashClosing);
  if (targets.length === 0 || !(await autoPrintOf(db, restaurantId)).cash_closing) return [];
  const restaurant = await restaurantOf(db, restaurantId);
  const ticket = cashClosingTicket({ ...report, restaurantName: restaurant.name, timezone: restaurant.timezone });
  return insertJobs(
    db,
    restaurantId,
    targets.map((printer) => ({ printer, kind: 'cash_closing', orderId: null, title: 'Fechamento de caixa', ticket })),
  );
}
