import { couriers } from '@meucardapio/db/schema';
import type { CourierInput, CourierView } from '@meucardapio/domain/couriers';
import { asc, eq } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';

/*
 * Delivery people without a login. Removing one only retires it: orders it carried keep its name.
 */

const courierNotFound = () => notFound('Entregador não encontrado', 'Recarregue a página e tente novamente.');

const view = (r: typeof couriers.$inferSelect): CourierView => ({ id: r.id, name: r.name, phone: r.phone });

/** The restaurant's active couriers by name. */
export async function listCouriers(ctx: Pick<StaffCtx, 'db' | 'restaurantId'>): Promise<CourierView[]> {
  const rows = await ctx.db
    .select()
    .from(couriers)
    .where(tenant(couriers, ctx.restaurantId, eq(couriers.active, true)))
    .orderBy(asc(couriers.name), asc(couriers.id));
  return rows.map(view);
}

export async function createCourier(ctx: StaffCtx, input: CourierInput): Promise<CourierView> {
  const [row] = await ctx.db
    .insert(couriers)
    .values({ restaurantId: ctx.restaurantId, ...input })
    .returning();
  return view(row);
}

export async function retireCourier(ctx: StaffCtx, id: string): Promise<void> {
  const [row] = await ctx.db
    .update(couriers)
    .set({ active: false })
    .where(tenant(couriers, ctx.restaurantId, eq(couriers.id, id), eq(couriers.active, true)))
    .returning({ id: couriers.id });
  if (!row) throw courierNotFound();
}
