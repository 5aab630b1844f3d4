import type { DbOrTx } from '@meucardapio/db/client';
import { fiscalNoteHistory, fiscalNotes, orders, restaurants } from '@meucardapio/db/schema';
import { checkBuyerDocument } from '@meucardapio/domain/fiscal-rules';
import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '../../http/context';
import { tenant } from '../../http/tenant';

/**
 * THE entry other modules call to give a sale its NFC-e: "queue this order's note". Call it inside the
 * transaction that writes the sale, so a committed sale always has its note row and the worker
 * (fiscal-worker.ts) sends it whatever happens to this instance afterwards. Safe to call any number of
 * times for one order (one note per order); does nothing while the restaurant has NFC-e off. Answers the
 * note's id, or null when none is issued.
 *
 * The number (nNF) is taken here, under the restaurant row's lock, so two sales never share one and a
 * note that fails keeps its number for its re-emission instead of leaving a gap.
 */
type QueueCtx = { db: DbOrTx; restaurantId: string; actor?: { name: string } | null };

export async function queueOrderNote(
  ctx: QueueCtx,
  orderId: string,
  options: { buyerCpf?: string | null } = {},
): Promise<string | null> {
  return inTransaction(ctx, async (tx) => {
    const [r] = await tx.db
      .select({
        enabled: restaurants.nfceEnabled,
        ambiente: restaurants.nfceAmbiente,
        serie: restaurants.nfceSerie,
        number: restaurants.nfceNumber,
      })
      .from(restaurants)
      .where(eq(restaurants.id, ctx.restaurantId))
      .for('update');
    if (!r?.enabled) return null;
    const [existing] = await tx.db
      .select({ id: fiscalNotes.id })
      .from(fiscalNotes)
      .where(tenant(fiscalNotes, ctx.restaurantId, eq(fiscalNotes.orderId, orderId)))
      .limit(1);
    if (existing) return existing.id;
    const [order] = await tx.db
      .select({ total: orders.total, paymentData: orders.paymentData, isTest: orders.isTest })
      .from(orders)
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, orderId)))
      .limit(1);
    // A test order is never a sale.
    if (!order || order.isTest) return null;
    const given = options.buyerCpf ?? order.paymentData?.customer_cpf;
    const buyer = checkBuyerDocument(typeof given === 'string' ? given : null);
    const numero = r.number + 1;
    await tx.db
      .update(restaurants)
      .set({ nfceNumber: sql`${restaurants.nfceNumber} + 1` })
      .where(eq(restaurants.id, ctx.restaurantId));
    const [note] = await tx.db
      .insert(fiscalNotes)
      .values({
        restaurantId: ctx.restaurantId,
        orderId,
        ambiente: r.ambiente,
        serie: r.serie,
        numero,
        referencia: orderId,
        buyerCpf: buyer.ok ? buyer.cpf : null,
        total: order.total,
      })
      .returning({ id: fiscalNotes.id });
    await tx.db.insert(fiscalNoteHistory).values({
      restaurantId: ctx.restaurantId,
      noteId: note.id,
      status: 'queued',
      message: `NFC-e nº ${numero} (série ${r.serie}) na fila de emissão`,
      actorName: ctx.actor?.name ?? null,
    });
    return note.id;
  });
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
