import type { DbOrTx } from '@meucardapio/db/client';
import { reservedSales } from '@meucardapio/db/schema';
import { checkCartNotEmpty, pdvTotals } from '@meucardapio/domain/cashier';
import type { reserveSaleSchema } from '@meucardapio/domain/cashier-api';
import type { PdvItemInputStored, ReservedSaleView } from '@meucardapio/domain/cashier-views';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffCtx } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';
import { priceCart } from '../orders/place/place-order';

/** Reserved (parked) PDV sales, kept on the server per restaurant so a reload or another terminal sees them. */

type ReservedRow = typeof reservedSales.$inferSelect;
const reservedNotFound = () => notFound('Venda não encontrada', 'A venda reservada já foi retomada ou removida.');

function reservedView(r: ReservedRow, employeeName: string | null): ReservedSaleView {
  return {
    id: r.id,
    customerName: r.customerName,
    items: r.items as PdvItemInputStored[],
    subtotal: r.subtotal,
    discount: r.discount,
    total: r.total,
    employeeName,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listReservedSales(ctx: StaffCtx): Promise<ReservedSaleView[]> {
  const rows = await ctx.db
    .select()
    .from(reservedSales)
    .where(tenant(reservedSales, ctx.restaurantId))
    .orderBy(desc(reservedSales.createdAt), desc(reservedSales.id));
  return rows.map((r) => reservedView(r, null));
}

/** Reservar: the cart priced as now (for display; finalization prices it again) and kept per restaurant. */
export async function reserveSale(ctx: StaffCtx, input: z.output<typeof reserveSaleSchema>) {
  const cart = checkCartNotEmpty(input.items);
  if (!cart.ok) throw badRequest(cart.title, 'Adicione produtos antes de reservar a venda.', cart.code);
  const lines = await priceCart(
    ctx,
    input.items.map((i) => ({ ...i, notes: i.notes ?? null })),
  );
  const items: PdvItemInputStored[] = input.items.map((i, n) => ({
    ...i,
    name: lines[n].product.name,
    unitPrice: lines[n].unitPrice,
    totalPrice: lines[n].totalPrice,
  }));
  const totals = pdvTotals(
    lines.map((l) => ({ total: l.totalPrice })),
    input.discount,
  );
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(reservedSales)
      .values({
        ...(input.id ? { id: input.id } : {}),
        restaurantId: ctx.restaurantId,
        employeeId: ctx.actor.kind === 'employee' ? ctx.actor.id : null,
        customerName: input.customerName,
        items,
        subtotal: totals.subtotal,
        discount: totals.discount,
        total: totals.total,
      })
      .onConflictDoNothing({ target: reservedSales.id })
      .returning();
    if (inserted) {
      await announceReservedChange(tx, ctx.restaurantId, inserted.id);
      return inserted;
    }
    // A terminal sending its reservation again (the answer was lost): the first one stands.
    const [kept] = await tx
      .select()
      .from(reservedSales)
      .where(eq(reservedSales.id, input.id ?? ''));
    if (kept?.restaurantId !== ctx.restaurantId) throw conflict('Identificador em uso', 'Reserve a venda de novo.');
    return kept;
  });
  return reservedView(row, ctx.actor.name);
}

/** Every terminal's "Vendas reservadas" list follows a reserve, resume or delete on any other one at once. */
function announceReservedChange(tx: DbOrTx, restaurantId: string, id: string) {
  return appendEvent(tx, { restaurantId, type: 'cashier.reserved', permission: 'manage_cashier', payload: { id } });
}

/** Continuar Venda: removes it from the list and answers it, atomically, so two terminals cannot both resume it. */
export async function restoreReservedSale(ctx: StaffCtx, id: string): Promise<ReservedSaleView> {
  const row = await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(reservedSales)
      .where(tenant(reservedSales, ctx.restaurantId, eq(reservedSales.id, id)))
      .returning();
    if (!deleted) throw reservedNotFound();
    await announceReservedChange(tx, ctx.restaurantId, id);
    return deleted;
  });
  return reservedView(row, null);
}

export async function deleteReservedSale(ctx: StaffCtx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(reservedSales)
      .where(tenant(reservedSales, ctx.restaurantId, eq(reservedSales.id, id)))
      .returning({ id: reservedSales.id });
    if (rows.length === 0) throw reservedNotFound();
    await announceReservedChange(tx, ctx.restaurantId, id);
  });
}
