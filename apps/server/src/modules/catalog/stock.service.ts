import type { DbOrTx } from '@meucardapio/db/client';
import { runStep, type Step, step } from '@meucardapio/db/one-trip';
import { products, stockHistory } from '@meucardapio/db/schema';
import { stockLeftText } from '@meucardapio/domain/cart';
import { MSG } from '@meucardapio/domain/messages';
import { returnStockEntry, saleMovement, stockChangeEntry, stockNoteWith } from '@meucardapio/domain/stock';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { inTransaction, type StaffCtx } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { stockActorName, stockMovementColumns } from './products.service';

/** Products for the stock screen's picker and grid (the grid shows the stock-controlled ones). */
export async function listStockProducts(ctx: StaffCtx) {
  return ctx.db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      controleEstoque: products.controleEstoque,
      estoque: products.estoque,
      estoqueMinimo: products.estoqueMinimo,
    })
    .from(products)
    .where(tenant(products, ctx.restaurantId))
    .orderBy(asc(products.name));
}

/**
 * Writes the history row of a change the stock screen made (the UPDATE returned `row`; `before` is its stock
 * before), under the staff member's name with their note, and answers with the product and the row.
 */
async function recordStockChange(
  tx: DbOrTx,
  ctx: StaffCtx,
  row: { id: string; name: string; estoque: number },
  before: number,
  staffNote: string | null,
) {
  // The screen's quantities are positive, so there is always a change.
  const change = stockChangeEntry(before, row.estoque)!;
  const [entry] = await tx
    .insert(stockHistory)
    .values({
      restaurantId: ctx.restaurantId,
      productId: row.id,
      ...change,
      employeeName: stockActorName(ctx.actor),
      notes: stockNoteWith(change.notes, staffNote),
    })
    .returning();
  return {
    product: { id: row.id, name: row.name, estoque: row.estoque },
    entry: { ...entry, productName: row.name },
  };
}

/**
 * Adds `quantity` units with one atomic UPDATE (no read-then-write), so concurrent entries on the same
 * product all count; the history row records the before/after the UPDATE returned.
 */
export async function registerStockEntry(
  ctx: StaffCtx,
  input: { productId: string; quantity: number; notes: string | null },
) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ estoque: sql`${products.estoque} + ${input.quantity}`, updatedAt: new Date() })
      .where(tenant(products, ctx.restaurantId, eq(products.id, input.productId)))
      .returning({ id: products.id, name: products.name, estoque: products.estoque });
    if (!row) throw notFound('Produto não encontrado', MSG.incompleteData);
    return recordStockChange(tx, ctx, row, row.estoque - input.quantity, input.notes);
  });
}

/**
 * Takes a loss or correction out of stock: one conditional UPDATE (WHERE estoque >= n), so stock never
 * goes below zero even against a sale at the same moment; the history row is an 'adjustment' noted
 * "Ajuste de estoque: -n - {reason}" under the staff member's name.
 */
export async function registerStockAdjustment(
  ctx: StaffCtx,
  input: { productId: string; quantity: number; reason: string },
) {
  return inTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx
      .update(products)
      .set({ estoque: sql`${products.estoque} - ${input.quantity}`, updatedAt: new Date() })
      .where(
        tenant(products, ctx.restaurantId, eq(products.id, input.productId), gte(products.estoque, input.quantity)),
      )
      .returning({ id: products.id, name: products.name, estoque: products.estoque });
    if (!row) {
      const [current] = await tx
        .select({ name: products.name, estoque: products.estoque })
        .from(products)
        .where(tenant(products, ctx.restaurantId, eq(products.id, input.productId)));
      if (!current) throw notFound('Produto não encontrado', 'Escolha um produto deste restaurante.');
      throw new AppError(
        409,
        'insufficient_stock',
        MSG.insufficientStock,
        `${current.name}: ${stockLeftText(current.estoque)}`,
      );
    }
    return recordStockChange(tx, ctx, row, row.estoque + input.quantity, input.reason);
  });
}

/** The last 50 entries and adjustments made on the stock screen, newest first, with product names. */
export async function recentStockEntries(ctx: StaffCtx) {
  return ctx.db
    .select({ ...stockMovementColumns, productId: stockHistory.productId, productName: products.name })
    .from(stockHistory)
    .innerJoin(products, and(eq(products.id, stockHistory.productId), eq(products.restaurantId, ctx.restaurantId)))
    .where(tenant(stockHistory, ctx.restaurantId, inArray(stockHistory.operationType, ['register', 'adjustment'])))
    .orderBy(desc(stockHistory.createdAt), desc(stockHistory.quantityAfter))
    .limit(50);
}

/**
 * The units a sale takes out of stock, as one step per stock-controlled product in product-id order
 * (so concurrent sales never deadlock): a conditional UPDATE (WHERE estoque >= n), so two sales of the
 * last unit cannot both succeed, and its 'sale' history row with the order it belongs to, written only
 * if the UPDATE took the units. When it took none, the statement itself fails (`mc_stock_refused`,
 * migration 0049), which the sale answers as 409 through `stockRefusal`. With `mayGoNegative` (a sale
 * that already happened offline) the decrement is unconditional and may leave stock below zero. Each
 * step's answer goes to `stockTaken`.
 */
export function saleStockSteps(
  restaurantId: string,
  sold: { productId: string; quantity: number; controleEstoque: boolean }[],
  entry: { orderId: string; employeeName: string; note: string },
  opts: { mayGoNegative: boolean } = { mayGoNegative: false },
): SaleStockStep[] {
  const use = new Map<string, number>();
  for (const s of sold) if (s.controleEstoque) use.set(s.productId, (use.get(s.productId) ?? 0) + s.quantity);
  return [...use.keys()].sort().map((productId) => {
    const quantity = use.get(productId)!;
    const { operationType, quantityChanged, notes } = saleMovement(quantity, entry.note);
    return {
      restaurantId,
      productId,
      quantity,
      step: step<{ estoque: number; name: string }>(
        [
          [
            'taken',
            sql`update ${products} set estoque = estoque - ${quantity}, updated_at = now()
              where restaurant_id = ${restaurantId} and id = ${productId}
                ${opts.mayGoNegative ? sql`` : sql`and estoque >= ${quantity}`}
              returning estoque, name`,
          ],
          [
            'logged',
            sql`insert into ${stockHistory} (restaurant_id, product_id, operation_type, quantity_before, quantity_after,
                quantity_changed, employee_name, notes, order_id)
              select ${restaurantId}, ${productId}, ${operationType}, estoque + ${quantity}, estoque, ${quantityChanged},
                ${entry.employeeName}, ${notes}, ${entry.orderId}
              from taken`,
          ],
        ],
        sql`select estoque, name from taken
          union all select 0, mc_stock_refused(${restaurantId}, ${productId}) where not exists (select 1 from taken)`,
      ),
    };
  });
}

export type SaleStockStep = {
  restaurantId: string;
  productId: string;
  quantity: number;
  step: Step<{ estoque: number; name: string }>;
};

/** What a sale's step took: its stock before and after (the step fails when it took nothing). */
export function stockTaken(taken: SaleStockStep, answer: readonly { estoque: number; name: string }[]) {
  const { productId, quantity } = taken;
  const [row] = answer;
  if (!row) throw new Error(`a sale's stock step answered no row for ${productId}`);
  const after = Number(row.estoque);
  return { productId, name: row.name, before: after + quantity, quantity, after };
}

/**
 * The refusal a sale's stock step raised (SQLSTATE MC409, with the product's name and what is left) as
 * the 409 "Estoque insuficiente" the sale answers; any other error as it is.
 */
export function stockRefusal(err: unknown): unknown {
  const raised = ((err as { cause?: unknown }).cause ?? err) as { code?: string; detail?: string } | undefined;
  if (raised?.code !== 'MC409' || !raised.detail) return err;
  const { name, left } = JSON.parse(raised.detail) as { name: string; left: number };
  return new AppError(409, 'insufficient_stock', MSG.insufficientStock, `${name}: ${stockLeftText(left)}`);
}

/** Takes a sale's units one product after another, in the steps' order, inside the caller's transaction. */
export async function takeSaleStock(tx: DbOrTx, steps: readonly SaleStockStep[]) {
  const changes: ReturnType<typeof stockTaken>[] = [];
  for (const taken of steps) {
    const answer = await runStep(tx, taken.step).catch((err) => {
      throw stockRefusal(err);
    });
    changes.push(stockTaken(taken, answer));
  }
  return changes;
}

/**
 * Puts back, per product, what an order's sales took minus what was already returned (read from the
 * stock history rows of this order, so a product whose stock control changed since is still right);
 * with `only`, at most that many units of one product (a cancelled item). Products in id order, as
 * order creation takes them, so the two never wait on each other in a cycle.
 */
export async function returnOrderStock(
  tx: DbOrTx,
  restaurantId: string,
  order: { id: string; number: number },
  employeeName: string,
  only?: { productId: string; quantity: number },
) {
  const held = await tx
    .select({
      productId: stockHistory.productId,
      quantity: sql<number>`sum(case when ${stockHistory.operationType} = 'sale'
        then ${stockHistory.quantityChanged} else -${stockHistory.quantityChanged} end)::int`,
    })
    .from(stockHistory)
    .where(
      tenant(
        stockHistory,
        restaurantId,
        eq(stockHistory.orderId, order.id),
        only ? eq(stockHistory.productId, only.productId) : undefined,
      ),
    )
    .groupBy(stockHistory.productId)
    .orderBy(asc(stockHistory.productId));
  for (const h of held) {
    const quantity = only ? Math.min(only.quantity, h.quantity) : h.quantity;
    if (!(quantity > 0)) continue;
    const [row] = await tx
      .update(products)
      .set({ estoque: sql`${products.estoque} + ${quantity}`, updatedAt: new Date() })
      .where(tenant(products, restaurantId, eq(products.id, h.productId)))
      .returning({ estoque: products.estoque });
    if (!row) continue;
    await tx.insert(stockHistory).values({
      restaurantId,
      productId: h.productId,
      orderId: order.id,
      employeeName,
      ...returnStockEntry(row.estoque - quantity, quantity, order.number, only ? 'item' : 'order'),
    });
  }
}
