import type { DbOrTx } from '@meucardapio/db/client';
import {
  fiscalNotes,
  kitchenStations,
  orderItems,
  orders,
  printers,
  printJobs,
  products,
} from '@meucardapio/db/schema';
import { seesOrder } from '@meucardapio/domain/permissions';
import {
  type CashClosingTicket,
  cancelledItemTicket,
  cashClosingTicket,
  counterCopies,
  danfePrintsByItself,
  kitchenTicket,
  orderTicket,
  type PaperColumns,
  type PrinterCodepage,
  pdvReceiptTicket,
  receiptLeftToDanfe,
  testTicket,
} from '@meucardapio/domain/printing';
import { and, eq, inArray } from 'drizzle-orm';
import { inTransaction, type ServiceCtx, type StaffCtx } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';
import { type DanfeOfOrder, danfeOfAccount, danfeOfOrder } from './danfe-source';
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
 * station's items. Called in the accept's (or the round's) transaction.
 */
export async function enqueueAcceptedOrder(db: DbOrTx, restaurantId: string, orderId: string): Promise<string[]> {
  const all = await printersOf(db, restaurantId);
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

async function receiptJobs(
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

/**
 * The PDV sale's receipt on the printers that print receipts, in the sale's transaction (after its note
 * was queued): a printer routed to the DANFE too leaves the sale to its DANFE (decision 079).
 */
export async function enqueuePdvReceipt(db: DbOrTx, restaurantId: string, orderId: string): Promise<string[]> {
  // The printers first: most sales happen where no printer takes receipts, and then nothing else is read.
  const routed = (await printersOf(db, restaurantId)).filter((p) => p.routes.pdvReceipt);
  if (routed.length === 0) return [];
  const auto = await autoPrintOf(db, restaurantId);
  if (!auto.pdv_receipt) return [];
  const hasNote = await saleHasNote(db, restaurantId, orderId);
  const targets = routed.filter((p) => !receiptLeftToDanfe(p.routes, auto, hasNote));
  return insertJobs(db, restaurantId, await receiptJobs(db, restaurantId, orderId, targets, (n) => `Venda #${n}`));
}

const danfeJobs = (targets: PrinterRow[], orderId: string, danfe: DanfeOfOrder, title: string): NewJob[] =>
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
  return insertJobs(
    db,
    restaurantId,
    targets.map((printer) => ({
      printer,
      kind: 'nfce_danfe',
      orderId: null,
      title: danfe.title,
      ticket: danfe.ticket,
    })),
  );
}

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

const noPrinter = () =>
  new AppError(
    409,
    'no_printer',
    'Nenhuma impressora para este pedido',
    'Cadastre uma impressora em Configurações → Impressoras e escolha o que ela imprime.',
  );

/**
 * A PDV sale again: its DANFE on the printers routed to it once the note is authorised, its receipt on
 * the other receipt printers.
 */
async function saleReprintJobs(db: DbOrTx, restaurantId: string, orderId: string): Promise<NewJob[]> {
  const all = await printersOf(db, restaurantId);
  const danfe = await danfeOfOrder(db, restaurantId, orderId);
  const danfePrinters = danfe ? all.filter((p) => p.routes.nfceDanfe) : [];
  const receiptPrinters = all.filter((p) => p.routes.pdvReceipt && !danfePrinters.includes(p));
  const title = (label: string) => `${label} (reimpressão)`;
  return [
    ...(danfe ? danfeJobs(danfePrinters, orderId, danfe, title(danfe.title)) : []),
    ...(await receiptJobs(db, restaurantId, orderId, receiptPrinters, (n) => title(`Venda #${n}`))),
  ];
}

/** An order's counter copies again (one per printer that takes them). */
async function counterReprintJobs(db: DbOrTx, restaurantId: string, orderId: string, deliveryType: string) {
  const targets = (await printersOf(db, restaurantId)).filter((p) => counterCopies(p.routes, deliveryType) > 0);
  if (targets.length === 0) return [];
  const restaurant = await restaurantOf(db, restaurantId);
  const data = await ticketOrder(db, restaurantId, orderId, restaurant.timezone);
  if (!data) return [];
  const ticket = orderTicket(restaurant.name, data.view, data.pix);
  return targets.map(
    (printer): NewJob => ({
      printer,
      kind: 'order',
      orderId,
      title: `Pedido #${data.view.number} (reimpressão)`,
      ticket,
    }),
  );
}

/** "Reimprimir" on an order's card: a PDV sale's DANFE or receipt, another order's counter copies. */
export async function reprintOrder(ctx: StaffCtx, orderId: string): Promise<{ jobs: number }> {
  return inTransaction(ctx, async ({ db }) => {
    const [order] = await db
      .select({ deliveryType: orders.deliveryType, deliveryEmployeeId: orders.deliveryEmployeeId })
      .from(orders)
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, orderId)));
    // Only an order this person reaches on the board (a delivery person's own, no PDV sale for a cashier-only profile).
    if (!order || !seesOrder(ctx.actor.rules, ctx.actor.id, order)) {
      throw notFound('Pedido não encontrado', 'O pedido não existe ou foi excluído.');
    }
    const jobs =
      order.deliveryType === 'pdv'
        ? await saleReprintJobs(db, ctx.restaurantId, orderId)
        : await counterReprintJobs(db, ctx.restaurantId, orderId, order.deliveryType);
    if (jobs.length === 0) throw noPrinter();
    return { jobs: (await insertJobs(db, ctx.restaurantId, jobs)).length };
  });
}

/** "Imprimir página de teste" from the settings. */
export async function printTestPage(ctx: StaffCtx, printerId: string): Promise<{ id: string }> {
  return inTransaction(ctx, async ({ db }) => {
    const [printer] = await db
      .select()
      .from(printers)
      .where(tenant(printers, ctx.restaurantId, eq(printers.id, printerId)));
    if (!printer) throw notFound('Impressora não encontrada', 'A impressora não existe ou foi excluída.');
    const ticket = testTicket(printer.name, printer.columns as PaperColumns, printer.codepage as PrinterCodepage);
    const [id] = await insertJobs(db, ctx.restaurantId, [
      { printer, kind: 'test', orderId: null, title: 'Página de teste', ticket },
    ]);
    return { id };
  });
}

/**
 * "Reimprimir" on a failed job: the same job goes back to the queue at once (it was never printed, so
 * this prints it once); a printed job is copied, since asking again is asking for another print.
 */
export async function retryJob(ctx: ServiceCtx, jobId: string): Promise<{ id: string }> {
  return inTransaction(ctx, async ({ db }) => {
    const [job] = await db
      .select()
      .from(printJobs)
      .where(tenant(printJobs, ctx.restaurantId, eq(printJobs.id, jobId)))
      .for('update');
    if (!job) throw notFound('Impressão não encontrada', 'A impressão não existe ou foi excluída.');
    let id = job.id;
    if (job.status === 'failed') {
      await db
        .update(printJobs)
        .set({ status: 'queued', retryAt: null, agentId: null, leaseUntil: null })
        .where(eq(printJobs.id, job.id));
    } else if (job.status === 'printed') {
      const [copy] = await db
        .insert(printJobs)
        .values({
          restaurantId: ctx.restaurantId,
          printerId: job.printerId,
          kind: job.kind,
          orderId: job.orderId,
          title: job.title,
          content: job.content,
        })
        .returning({ id: printJobs.id });
      id = copy.id;
    }
    await appendEvent(db, {
      restaurantId: ctx.restaurantId,
      type: 'print.updated',
      permission: 'manage_orders',
      payload: { printerId: job.printerId, jobId: id, status: 'queued' },
    });
    return { id };
  });
}
