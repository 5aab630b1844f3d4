import type { DbOrTx } from '@meucardapio/db/client';
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
  type CashClosingTicket,
  cancelledItemTicket,
  cashClosingTicket,
  counterCopies,
  DEFAULT_AUTO_PRINT,
  kitchenTicket,
  orderTicket,
  type PaperColumns,
  type PrinterCodepage,
  type PrintJobKind,
  pdvReceiptTicket,
  type Ticket,
  type TicketOrder,
  testTicket,
} from '@meucardapio/domain/printing';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { inTransaction, type ServiceCtx, type StaffCtx } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';
import { tabNumbersOf } from '../orders/order-view';

/*
 * Print jobs are created in the transaction of the change that causes them (the board's accept, the PDV
 * sale, the cash close): the change and its tickets commit together or not at all. Agents pick them up
 * through print-agent.service.ts.
 */

type PrinterRow = typeof printers.$inferSelect;
type NewJob = { printer: PrinterRow; kind: PrintJobKind; orderId: string | null; title: string; ticket: Ticket };

function render(printer: PrinterRow, kind: PrintJobKind, ticket: Ticket): string {
  const options: EscPosOptions = {
    columns: printer.columns as PaperColumns,
    codepage: printer.codepage as PrinterCodepage,
    cut: printer.cut,
    // The drawer opens for money changing hands at the counter, not for every kitchen ticket.
    drawer: printer.drawer && kind === 'pdv_receipt',
  };
  return Buffer.from(encodeTicket(ticket, options)).toString('base64');
}

async function insertJobs(db: DbOrTx, restaurantId: string, jobs: NewJob[]): Promise<string[]> {
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
        content: render(j.printer, j.kind, j.ticket),
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

const printersOf = (db: DbOrTx, restaurantId: string) =>
  db.select().from(printers).where(tenant(printers, restaurantId)).orderBy(asc(printers.name));

async function restaurantOf(db: DbOrTx, restaurantId: string) {
  const [row] = await db
    .select({ name: restaurants.name, timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row;
}

/** An order as its tickets print it (items cancelled after it was sent left out), with each item's station. */
async function ticketOrder(db: DbOrTx, restaurantId: string, orderId: string, timezone: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(tenant(orders, restaurantId, eq(orders.id, orderId)));
  if (!order) return null;
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
  const tabs = await tabNumbersOf(db, restaurantId, order.tableAccountId ? [order.tableAccountId] : []);
  const address = order.address
    ? [order.address, order.addressNumber, order.complement, order.neighborhood].filter(Boolean).join(', ')
    : null;
  const view: TicketOrder = {
    number: order.number,
    shortId: shortIdAdmin(order.id),
    deliveryType: order.deliveryType,
    tableNumber: order.tableNumber,
    round: order.round,
    tabNumber: order.tableAccountId ? (tabs.get(order.tableAccountId) ?? null) : null,
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

function ticketItem(item: typeof orderItems.$inferSelect): TicketOrder['items'][number] {
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

/** The PDV sale's receipt on the printers that print receipts, in the sale's transaction. */
export async function enqueuePdvReceipt(db: DbOrTx, restaurantId: string, orderId: string): Promise<string[]> {
  const targets = (await printersOf(db, restaurantId)).filter((p) => p.routes.pdvReceipt);
  if (targets.length === 0 || !(await autoPrintOf(db, restaurantId)).pdv_receipt) return [];
  const restaurant = await restaurantOf(db, restaurantId);
  const data = await ticketOrder(db, restaurantId, orderId, restaurant.timezone);
  if (!data) return [];
  const ticket = pdvReceiptTicket(restaurant.name, data.view);
  return insertJobs(
    db,
    restaurantId,
    targets.map((printer) => ({ printer, kind: 'pdv_receipt', orderId, title: `Venda #${data.view.number}`, ticket })),
  );
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

/** "Reimprimir" on an order's card: its counter copies again (one per printer that takes them). */
export async function reprintOrder(ctx: StaffCtx, orderId: string): Promise<{ jobs: number }> {
  return inTransaction(ctx, async ({ db }) => {
    const [order] = await db
      .select({ deliveryType: orders.deliveryType })
      .from(orders)
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, orderId)));
    if (!order) throw notFound('Pedido não encontrado', 'O pedido não existe ou foi excluído.');
    const restaurant = await restaurantOf(db, ctx.restaurantId);
    const data = await ticketOrder(db, ctx.restaurantId, orderId, restaurant.timezone);
    const kind: PrintJobKind = order.deliveryType === 'pdv' ? 'pdv_receipt' : 'order';
    const targets = (await printersOf(db, ctx.restaurantId)).filter((p) =>
      kind === 'pdv_receipt' ? p.routes.pdvReceipt : counterCopies(p.routes, order.deliveryType) > 0,
    );
    if (!data || targets.length === 0) throw noPrinter();
    const ticket =
      kind === 'pdv_receipt'
        ? pdvReceiptTicket(restaurant.name, data.view)
        : orderTicket(restaurant.name, data.view, data.pix);
    const ids = await insertJobs(
      db,
      ctx.restaurantId,
      targets.map((printer) => ({
        printer,
        kind,
        orderId,
        title: `Pedido #${data.view.number} (reimpressão)`,
        ticket,
      })),
    );
    return { jobs: ids.length };
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
