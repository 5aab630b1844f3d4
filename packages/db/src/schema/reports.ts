import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { restaurants } from './restaurants';

/*
 * Daily sales of settled orders (decision 084): one row per restaurant, local day and what the reports
 * split by, kept by the same transaction that settles an order or changes a settled one. An order
 * counts here while it is delivered, paid (or paid at the counter) and not a test; orders still on the
 * board are read live. The views `order_sales` and `order_product_sales` (migration 0028) say what one
 * order adds, and are what both the upkeep and a rebuild read.
 */
export const dailySales = pgTable(
  'daily_sales',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The day the order was placed, in the restaurant's time zone. */
    day: date('day', { mode: 'string' }).notNull(),
    deliveryType: text('delivery_type').notNull(),
    /** The ordering app the order came from; '' for our own channels. */
    source: text('source').notNull(),
    /** A payment method's name (a PDV sale's split payments each under their own); '' when none. */
    method: text('method').notNull(),
    /** Orders counted under this row (a sale paid two ways counts once, under its own method). */
    orders: integer('orders').notNull(),
    /** Σ of those orders' totals, in centavos. */
    total: integer('total').notNull(),
    /** Orders paid (in part) with `method`. */
    payments: integer('payments').notNull(),
    /** Σ paid with `method`, in centavos. */
    paid: integer('paid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.day, t.deliveryType, t.source, t.method] })],
);

/** The same orders' items by product and day, for the best sellers. */
export const dailyProductSales = pgTable(
  'daily_product_sales',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** The product's id, or 'name:' and the item's name for an item without one. */
    productKey: text('product_key').notNull(),
    productId: uuid('product_id'),
    /** The name in the most recent order counted here (`nameAt`, when that order was placed). */
    name: text('name').notNull(),
    nameAt: timestamp('name_at', { withTimezone: true }).notNull(),
    quantity: integer('quantity').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.day, t.productKey] })],
);

/**
 * Each customer's orders in one row, kept by a trigger on `orders` (migration 0032) whatever changes an
 * order, so the customers list reads a row per customer rather than every order of years: every order
 * counted, the totals of those not cancelled, and when the latest was placed.
 */
export const customerOrderTotals = pgTable(
  'customer_order_totals',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orders: integer('orders').notNull(),
    /** In centavos. */
    spent: bigint('spent', { mode: 'number' }).notNull(),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
  },
  (t) => [index('customer_order_totals_restaurant_idx').on(t.restaurantId)],
);
