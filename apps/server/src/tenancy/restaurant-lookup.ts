import type { DbOrTx } from '@meucardapio/db/client';
import { restaurants } from '@meucardapio/db/schema';
import { MSG } from '@meucardapio/domain/messages';
import { eq, type SQL } from 'drizzle-orm';
import { AppError } from '../http/errors';

export type RestaurantRow = typeof restaurants.$inferSelect;

/** The one answer for a restaurant that does not exist, whoever asked for it. */
export const restaurantNotFound = () =>
  new AppError(404, 'restaurant_not_found', MSG.restaurantNotFound, 'Verifique o link e tente novamente.');

async function restaurantWhere(db: DbOrTx, where: SQL): Promise<RestaurantRow> {
  const [row] = await db.select().from(restaurants).where(where).limit(1);
  if (!row) throw restaurantNotFound();
  return row;
}

/**
 * The restaurant a public URL names (slugs are stored lower-case). The whole row: what a visitor
 * may see of it is chosen by whoever answers them.
 */
export function restaurantBySlug(db: DbOrTx, slug: string): Promise<RestaurantRow> {
  return restaurantWhere(db, eq(restaurants.slug, slug.trim().toLowerCase()));
}

/** A restaurant by id: a signed-in user's own, or one a link names by id. */
export function restaurantById(db: DbOrTx, id: string): Promise<RestaurantRow> {
  return restaurantWhere(db, eq(restaurants.id, id));
}
