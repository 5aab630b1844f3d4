import type { DbOrTx } from '@meucardapio/db/client';
import { orders, printers, printJobs, tableAccounts } from '@meucardapio/db/schema';
import { seesOrder } from '@meucardapio/domain/permissions';
import {
  counterCopies,
  orderTicket,
  type PaperColumns,
  type PrinterCodepage,
  testTicket,
} from '@meucardapio/domain/printing';
import { eq } from 'drizzle-orm';
import { inTransaction, type StaffCtx } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';
import { danfeOfAccount, danfeOfOrder } from './danfe-source';
import { insertJobs, type NewJob, printersOf, ticketOrder } from './job-rows';
import { accountDanfeJobs, danfeJobs, receiptJobs } from './print-jobs.service';

/*
 * What staff print on demand: "Reimprimir" on an order's card or a closed table account, a failed or
 * printed job again, the settings' test page.
 */

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
  const data = await ticketOrder(db, restaurantId, orderId);
  if (!data) return [];
  const ticket = orderTicket(data.restaurantName, data.view, data.pix);
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

/** "Reimprimir DANFE" on a closed table account: its authorised note's DANFE again, on the printers routed to it. */
export async function reprintAccountDanfe(ctx: StaffCtx, accountId: string): Promise<{ jobs: number }> {
  return inTransaction(ctx, async ({ db }) => {
    const [account] = await db
      .select({ id: tableAccounts.id })
      .from(tableAccounts)
      .where(tenant(tableAccounts, ctx.restaurantId, eq(tableAccounts.id, accountId)));
    if (!account) throw notFound('Conta não encontrada', 'A conta não existe ou foi excluída.');
    const danfe = await danfeOfAccount(db, ctx.restaurantId, accountId);
    if (!danfe) {
      throw new AppError(
        409,
        'note_not_authorised',
        'NFC-e não autorizada',
        'A DANFE só pode ser impressa depois que a NFC-e da conta for autorizada.',
      );
    }
    const targets = (await printersOf(db, ctx.restaurantId)).filter((p) => p.routes.nfceDanfe);
    if (targets.length === 0) {
      throw new AppError(
        409,
        'no_printer',
        'Nenhuma impressora para a DANFE',
        'Cadastre uma impressora em Configurações → Impressoras e marque "DANFE NFC-e".',
      );
    }
    const jobs = accountDanfeJobs(targets, danfe, `${danfe.title} (reimpressão)`);
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
export async function retryJob(ctx: StaffCtx, jobId: string): Promise<{ id: string }> {
  return inTransaction(ctx, async ({ db }) => {
    const [job] = await db
      .select()
      .from(printJobs)
      .where(tenant(printJobs, ctx.restaurantId, eq(printJobs.id, jobId)))
      .for('update');
    const order = job?.orderId
      ? (
          await db
            .select({ deliveryType: orders.deliveryType, deliveryEmployeeId: orders.deliveryEmployeeId })
            .from(orders)
            .where(tenant(orders, ctx.restaurantId, eq(orders.id, job.orderId)))
        )[0]
      : undefined;
    // A job of an order this person does not reach on the board is not theirs to print again (decision 098).
    if (!job || (order && !seesOrder(ctx.actor.rules, ctx.actor.id, order))) {
      throw notFound('Impressão não encontrada', 'A impressão não existe ou foi excluída.');
    }
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
