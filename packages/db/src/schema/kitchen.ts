import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants';

/** A kitchen station (Pizzas, Bebidas, Sobremesas…): products are assigned to one, the KDS filters by it. */
export const kitchenStations = pgTable(
  'kitchen_stations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kitchen_stations_restaurant_idx').on(t.restaurantId, t.sortOrder),
    uniqueIndex('kitchen_stations_name_uq').on(t.restaurantId, sql`lower(${t.name})`),
  ],
);

/** When the KDS timer of an order turns amber and red, in minutes since it was placed. */
export const kitchenSettings = pgTable(
  'kitchen_settings',
  {
    restaurantId: uuid('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    warnMinutes: integer('warn_minutes').notNull().default(15),
    lateMinutes: integer('late_minutes').notNull().default(25),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('kitchen_settings_minutes_ck', sql`${t.warnMinutes} >= 1 and ${t.lateMinutes} > ${t.warnMinutes}`)],
);
