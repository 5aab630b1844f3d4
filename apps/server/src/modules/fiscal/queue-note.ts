import type { DbOrTx } from '@meucardapio/db/client';
import { runStep, step } from '@meucardapio/db/one-trip';
import { fiscalNoteHistory, fiscalNotes, orders, restaurants } from '@meucardapio/db/schema';
import { checkBuyerDocument } from '@meucardapio/domain/fiscal-rules';
import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '../../http/context';
import { tenant } from '../../http/tenant';

type QueueCtx = { db: DbOrTx; restaurantId: string; actor?: { name: string } | null };

/** The queued note's history line, as `format` writes it with its number and series. */
const QUEUED_MESSAGE = 'NFC-e nº %s (série %s) na fila de emissão';

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
 * Steps "sale_note…": a sale's note numbered and queued in one statement: its number taken from the
 * restaurant's row (which the caller's lock already holds), the note and its history line inserted from
 * it, its key to the order or account checked at the statement's end; nothing while the restaurant has
 * NFC-e off. Answers the note's id. A PDV sale's order statement carries it (decision 130); `queueNote`
 * runs it alone.
 */
export function saleNoteStep(ctx: QueueCtx, sale: Sale, total: number, buyerCpf: string | null) {
  const buyer = checkBuyerDocument(buyerCpf);
  const saleId = (sale.orderId ?? sale.tableAccountId) as string;
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
        sql`insert into ${fiscalNotes} (restaurant_id, order_id, table_account_id, ambiente, serie, numero, referencia, buyer_cpf, total)
          select ${ctx.restaurantId}::uuid, ${sale.orderId ?? null}::uuid, ${sale.tableAccountId ?? null}::uuid, ambiente, serie,
            numero, ${saleId}, ${buyer.ok ? buyer.cpf : null}, ${total}::int
          from ${numbered} returning id, numero, serie`,
      ],
      [
        'sale_note_history',
        sql`insert into ${fiscalNoteHistory} (restaurant_id, note_id, status, message, actor_name)
          select ${ctx.restaurantId}::uuid, id, 'queued', format(${QUEUED_MESSAGE}::text, numero, serie), ${ctx.actor?.name ?? null}
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
  // The restaurant's row first: two asks for one sale's note wait here, and the second finds the first's.
  const [r] = await tx.db
    .select({ enabled: restaurants.nfceEnabled })
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
  const [note] = await runStep(tx.db, saleNoteStep(tx, sale, total, buyerCpf));
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
