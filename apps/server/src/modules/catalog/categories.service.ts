import { categories, restaurants } from '@meucardapio/db/schema';
import { asc, count, eq } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';

export type CategoryView = { id: string; name: string; order: number };

const categoryNotFound = () => notFound('Categoria não encontrada', 'A categoria não existe ou foi excluída.');

const columns = { id: categories.id, name: categories.name, order: categories.sortOrder };

/** Categories by display order (lower first), then name. */
export async function listCategories(ctx: StaffCtx): Promise<CategoryView[]> {
  return ctx.db
    .select(columns)
    .from(categories)
    .where(tenant(categories, ctx.restaurantId))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** A new category goes last by default: its order is the current number of categories. */
export async function createCategory(ctx: StaffCtx, input: { name: string; order?: number }): Promise<CategoryView> {
  return ctx.db.transaction(async (tx) => {
    // Lock the restaurant so two concurrent creations do not both read the same count.
    await tx.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, ctx.restaurantId)).for('update');
    let order = input.order;
    if (order === undefined) {
      const [{ n }] = await tx.select({ n: count() }).from(categories).where(tenant(categories, ctx.restaurantId));
      order = Number(n);
    }
    const [row] = await tx
      .insert(categories)
      .values({ restaurantId: ctx.restaurantId, name: input.name, sortOrder: order })
      .returning(columns);
    return row;
  });
}

export async function updateCategory(
  ctx: StaffCtx,
  id: string,
  input: { name: string; order?: number },
): Promise<CategoryView> {
  const [row] = await ctx.db
    .update(categories)
    .set({ name: input.name, ...(input.order === undefined ? {} : { sortOrder: input.order }) })
    .where(tenant(categories, ctx.restaurantId, eq(categories.id, id)))
    .returning(columns);
  if (!row) throw categoryNotFound();
  return row;
}

/** Deletes a category; its products stay, without a category (foreign key ON DELETE SET NULL). */
export async function deleteCategory(ctx: StaffCtx, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(categories)
    .where(tenant(categories, ctx.restaurantId, eq(categories.id, id)))
    .returning({ id: categories.id });
  if (rows.length === 0) throw categoryNotFound();
}
