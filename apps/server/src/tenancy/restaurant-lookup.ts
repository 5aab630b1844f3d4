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

const bySlug = builtOnce((db) =>
  db
    .select()
    .from(restaurants)
    .where(eq(restaurants.slug, sql.placeholder('slug')))
    .limit(1),
);
const byId = builtOnce((db) =>
  db
    .select()
    .from(restaurants)
    .where(eq(restaurants.id, sql.placeholder('id')))
    .limit(1),
);

function found([row]: RestaurantRow[]): RestaurantRow {
  if (!row) throw restaurantNotFound();
  return row;
}

/**
 * The restaurant a public URL names (slugs are stored lower-case). The whole row: what a visitor
 * may see of it is chosen by whoever answers them.
 */
export function restaurantBySlug(db: DbOrTx, slug: string): Promise<RestaurantRow> {
  return bySlug(db, { slug: slug.trim().toLowerCase() }).then(found);
}

/** A restaurant by id: a signed-in user's own, or one a link names by id. */
export function restaurantById(db: DbOrTx, id: string): Promise<RestaurantRow> {
  return byId(db, { id }).then(found);
}
