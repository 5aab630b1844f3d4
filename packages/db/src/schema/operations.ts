import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { restaurants } from './restaurants';

export const neighborhoods = pgTable(
  'neighborhoods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Centavos. */
    deliveryFee: integer('delivery_fee').notNull().default(0),
    cepPattern: text('cep_pattern'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('neighborhoods_restaurant_idx').on(t.restaurantId, t.name),
    check('neighborhoods_fee_ck', sql`${t.deliveryFee} >= 0`),
  ],
);

export const deliveryStates = pgTable(
  'delivery_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    cities: jsonb('cities').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('delivery_states_code_uq').on(t.restaurantId, t.code)],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    icon: text('icon'),
    active: boolean('active').notNull().default(true),
    requiresChange: boolean('requires_change').notNull().default(false),
    infinitepayEnabled: boolean('infinitepay_enabled').notNull().default(false),
    maxInstallments: integer('max_installments').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_methods_restaurant_idx').on(t.restaurantId, t.name),
    check('payment_methods_installments_ck', sql`${t.maxInstallments} between 1 and 12`),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    type: text('type').notNull().default('percent'),
    /** Whole percent for 'percent', centavos for 'fixed'. */
    value: integer('value').notNull().default(0),
    /** Centavos. */
    minTotal: integer('min_total').notNull().default(0),
    usageLimit: integer('usage_limit'),
    usesPerCustomer: integer('uses_per_customer').notNull().default(1),
    usesCount: integer('uses_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(t.restaurantId, t.code),
    check('coupons_type_ck', sql`${t.type} in ('percent','fixed')`),
    check('coupons_value_ck', sql`${t.value} >= 0 and (${t.type} <> 'percent' or ${t.value} <= 100)`),
    check('coupons_min_total_ck', sql`${t.minTotal} >= 0`),
    check('coupons_usage_limit_ck', sql`${t.usageLimit} is null or ${t.usageLimit} >= 0`),
    check('coupons_uses_ck', sql`${t.usesCount} >= 0 and ${t.usesPerCustomer} >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    approved: boolean('approved').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_restaurant_idx').on(t.restaurantId, t.approved, t.createdAt),
    check('reviews_rating_ck', sql`${t.rating} between 1 and 5`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id'),
    senderType: text('sender_type').notNull(),
    senderId: text('sender_id'),
    senderName: text('sender_name').notNull(),
    recipientType: text('recipient_type'),
    recipientId: text('recipient_id'),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_restaurant_idx').on(t.restaurantId, t.createdAt),
    index('chat_messages_order_idx').on(t.restaurantId, t.orderId, t.createdAt),
    check('chat_messages_sender_ck', sql`${t.senderType} in ('customer','admin','employee')`),
    check('chat_messages_length_ck', sql`length(${t.message}) between 1 and 2000`),
  ],
);
