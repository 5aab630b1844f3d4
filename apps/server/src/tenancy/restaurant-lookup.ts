import { builtOnce } from '@meucardapio/db/built-once';
import type { DbOrTx } from '@meucardapio/db/client';
import { restaurants } from '@meucardapio/db/schema';
import { MSG } from '@meucardapio/domain/messages';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../http/errors';

export type RestaurantRow = typeof restaurants.$inferSelect;

/** The one answer for a restaurant that does not exist, whoever asked for it. */
export const restaurantNotFound = () =>
  new AppError(404, 'restaurant_not_found', MSG.restaurantNotFound, 'Verifique o link e tente novamente.');

/** The restaurant whose `column` holds the read's `value`, written once per key. */
const restaurantWhere = (column: typeof restaurants.id | typeof restaurants.slug) =>
  builtOnce((db) =>
    db
      .select()
      .from(restaurants)
      .where(eq(column, sql.placeholder('value')))
      .limit(1),
  );
const bySlug = restaurantWhere(restaurants.slug);
const byId = restaurantWhere(restaurants.id);

function found([row]: RestaurantRow[]): RestaurantRow {
  if (!row) throw restaurantNotFound();
  return row;
}

/**
 * The restaurant a public URL names (slugs are stored lower-case). The whole row: what a visitor
 * may see of it is chosen by whoever answers them.
 */
export function restaurantBySlug(db: DbOrTx, slug: string): Promise<RestaurantRow> {
  return bySlug(db, { value: slug.trim().toLowerCase() }).then(found);
}

/** A restaurant by id: a signed-in user's own, or one a link names by id. */
export function restaurantById(db: DbOrTx, id: string): Promise<RestaurantRow> {
  return byId(db, { value: id }).then(found);
}
