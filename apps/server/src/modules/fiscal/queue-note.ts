import type { DbOrTx } from '@meucardapio/db/client';
import { fiscalNoteHistory, fiscalNotes, orders, restaurants } from '@meucardapio/db/schema';
import { checkBuyerDocument } from '@meucardapio/domain/fiscal-rules';
import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '../../http/context';
import { tenant } from '../../http/tenant';

type QueueCtx = { db: DbOrTx; restaurantId: string; actor?: { name: string } | null };

/** What a note stands for: one order, or a table account's whole bill (all its rounds, its payments). */
type Sale = { orderId: string; tableAccountId?: never } | { tableAccountId: string; orderId?: never };

/**
 * THE entry other modules call to give a sale its NFC-e: "queue this order's note". Call it inside the
 * transaction that writes the sale, so a committed sale always has its note row and the worker
 * (fiscal-worker.ts) sends it whatever happens to this instance afterwards. Safe to call any number of
 * times for one sale (one note per order or account); does nothing while the restaurant has NFC-e off. Answers the
 * note's id, or null when none is issued.
 *
 * The number (nNF) is taken here, under the restaurant row's lock, so two sales never share one and a
 * note that fails keeps its number for its re-emission instead of leaving a gap.
 */
export async function queueOrderNote(
  ctx: QueueCtx,
  orderId: string,
  options: { buyerCpf?: string | null } = {},
): Promise<string | null> {
  return inTransaction(ctx, async (tx) => {
    const [order] = await tx.db
      .select({ total: orders.total, paymentData: orders.paymentData, isTest: orders.isTest })
      .from(orders)
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, orderId)))
      .limit(1);
    // A test order is never a sale.
    if (!order || order.isTest) return null;
    const given = options.buyerCpf ?? order.paymentData?.customer_cpf;
    return queueNote(tx, { orderId }, order.total, typeof given === 'string' ? given : null);
  });
}

/**
 * A closed table account's note: its standing items across rounds, its discount, its service charge and
 * couvert (as other charges) and its payments. Called in the closing transaction with the bill's total.
 */
export async function queueAccountNote(
  ctx: QueueCtx,
  accountId: string,
  total: number,
  options: { buyerCpf?: string | null } = {},
): Promise<string | null> {
  return inTransaction(ctx, (tx) => queueNote(tx, { tableAccountId: accountId }, total, options.buyerCpf ?? null));
}

async function queueNote(tx: QueueCtx, sale: Sale, total: number, buyerCpf: string | null): Promise<string | null> {
  const [r] = await tx.db
    .select({
      enabled: restaurants.nfceEnabled,
      ambiente: restaurants.nfceAmbiente,
      serie: restaurants.nfceSerie,
      number: restaurants.nfceNumber,
    })
    .from(restaurants)
    .where(eq(restaurants.id, tx.restaurantId))
    .for('update');
  if (!r?.enabled) return null;
  const [existing] = await tx.db
    .select({ id: fiscalNotes.id })
    .from(fiscalNotes)
    .where(
      tenant(
        fiscalNotes,
        tx.restaurantId,
        sale.orderId
          ? eq(fiscalNotes.orderId, sale.orderId)
          : eq(fiscalNotes.tableAccountId, sale.tableAccountId as string),
      ),
    )
    .limit(1);
  if (existing) return existing.id;
  const buyer = checkBuyerDocument(buyerCpf);
  const numero = r.number + 1;
  await tx.db
    .update(restaurants)
    .set({ nfceNumber: sql`${restaurants.nfceNumber} + 1` })
    .where(eq(restaurants.id, tx.restaurantId));
  const saleId = (sale.orderId ?? sale.tableAccountId) as string;
  const [note] = await tx.db
    .insert(fiscalNotes)
    .values({
      restaurantId: tx.restaurantId,
      orderId: sale.orderId ?? null,
      tableAccountId: sale.tableAccountId ?? null,
      ambiente: r.ambiente,
      serie: r.serie,
      numero,
      referencia: saleId,
      buyerCpf: buyer.ok ? buyer.cpf : null,
      total,
    })
    .returning({ id: fiscalNotes.id });
  await tx.db.insert(fiscalNoteHistory).values({
    restaurantId: tx.restaurantId,
    noteId: note.id,
    status: 'queued',
    message: `NFC-e nº ${numero} (série ${r.serie}) na fila de emissão`,
    actorName: tx.actor?.name ?? null,
  });
  return note.id;
}

/**
 * A storefront order's note, when the restaurant issues one at this moment of the order ("on delivery" or
 * "on payment" in Configurações → Fiscal). Called in the transaction that records the moment.
 */
export async function queueStorefrontNote(
  ctx: QueueCtx,
  order: { id: string; deliveryType: string; isTest: boolean },
  moment: 'delivered' | 'paid',
): Promise<void> {
  if (order.deliveryType === 'pdv' || order.isTest) return;
  const [r] = await ctx.db
    .select({ mode: restaurants.nfceStorefrontMode })
    .from(restaurants)
    .where(eq(restaurants.id, ctx.restaurantId))
    .limit(1);
  if (r?.mode === (moment === 'delivered' ? 'on_delivery' : 'on_payment')) await queueOrderNote(ctx, order.id);
}
