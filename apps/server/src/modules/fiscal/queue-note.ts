import type { DbOrTx } from '@meucardapio/db/client';
import { step } from '@meucardapio/db/one-trip';
import { fiscalNoteHistory, fiscalNotes, orders, restaurants } from '@meucardapio/db/schema';
import { checkBuyerDocument } from '@meucardapio/domain/fiscal-rules';
import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '../../http/context';
import { tenant } from '../../http/tenant';

type QueueCtx = { db: DbOrTx; restaurantId: string; actor?: { name: string } | null };

/** The queued note's history line, as `format` writes it with its number and series. */
const QUEUED_MESSAGE = 'NFC-e nº %s (série %s) na fila de emissão';
const queuedMessage = (numero: unknown, serie: unknown) => sql`format(${QUEUED_MESSAGE}::text, ${numero}, ${serie})`;

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
 * Steps "sale_note…": the note of an order being written, queued by the order's own statement as
 * `queueOrderNote` queues it after (its number taken from the restaurant's row, which the order's lock
 * already holds, and its key to the order checked at the statement's end); nothing while the restaurant
 * has NFC-e off. Answers the note's id. For a sale, never a test order, whose buyer's CPF is known.
 */
export function saleNoteStep(ctx: QueueCtx, order: { id: string; total: number }, buyerCpf: string | null) {
  const buyer = checkBuyerDocument(buyerCpf);
  const numbered = sql.identifier('sale_note_number');
  const note = sql.identifier('sale_note');
  return step<{ id: string }>(
    [
      [
        'sale_note_number',
        sql`update ${restaurants} set ${sql.identifier(restaurants.nfceNumber.name)} = ${restaurants.nfceNumber} + 1
          where ${restaurants.id} = ${ctx.restaurantId} and ${restaurants.nfceEnabled}
          returning ${restaurants.nfceAmbiente} as ambiente, ${restaurants.nfceSerie} as serie, ${restaurants.nfceNumber} as numero`,
      ],
      [
        'sale_note',
        sql`insert into ${fiscalNotes} (restaurant_id, order_id, ambiente, serie, numero, referencia, buyer_cpf, total)
          select ${ctx.restaurantId}::uuid, ${order.id}::uuid, ambiente, serie, numero, ${order.id}, ${buyer.ok ? buyer.cpf : null}, ${order.total}::int
          from ${numbered} returning id, numero, serie`,
      ],
      [
        'sale_note_history',
        sql`insert into ${fiscalNoteHistory} (restaurant_id, note_id, status, message, actor_name)
          select ${ctx.restaurantId}::uuid, id, 'queued', ${queuedMessage(sql`numero`, sql`serie`)}, ${ctx.actor?.name ?? null}
          from ${note}`,
      ],
    ],
    sql`select id from ${note}`,
  );
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
    message: queuedMessage(sql`${numero}::int`, sql`${r.serie}::int`),
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
