import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { customers, employees } from './accounts';
import { products } from './catalog';
import { coupons } from './operations';
import { restaurants } from './restaurants';

export type OrderItemOption = { name: string; price?: number; quantity?: number; type?: string };

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** Per-restaurant sequential number people call out. */
    number: integer('number').notNull(),
    ownerId: uuid('owner_id'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone'),
    customerEmail: text('customer_email'),
    deliveryType: text('delivery_type').notNull(),
    tableNumber: integer('table_number'),
    address: text('address'),
    addressNumber: text('address_number'),
    complement: text('complement'),
    neighborhood: text('neighborhood'),
    city: text('city'),
    state: text('state'),
    cep: text('cep'),
    paymentMethod: text('payment_method'),
    paymentStatus: text('payment_status'),
    paymentStatusCheckedAt: timestamp('payment_status_checked_at', { withTimezone: true }),
    paymentCheckoutVerified: boolean('payment_checkout_verified').notNull().default(false),
    paymentData: jsonb('payment_data').$type<Record<string, unknown>>().notNull().default({}),
    installments: integer('installments'),
    shippingOption: jsonb('shipping_option').$type<Record<string, unknown>>(),
    note: text('note'),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    subtotal: integer('subtotal').notNull(),
    deliveryFee: integer('delivery_fee').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull(),
    status: text('status').notNull().default('pending'),
    deliveryEmployeeId: uuid('delivery_employee_id').references(() => employees.id, { onDelete: 'set null' }),
    /** A freelance courier without a login who took a delivery order out (instead of an employee). */
    courierId: uuid('courier_id').references(() => couriers.id, { onDelete: 'set null' }),
    /** A test order placed from the owner's preview: on the board, never in reports, dashboard or stock. */
    isTest: boolean('is_test').notNull().default(false),
    /** Where the order came from: null for our own (storefront, PDV, tables), else the app ('ifood', 'keeta', …). */
    channel: text('channel'),
    idempotencyKey: text('idempotency_key'),
    /** A round of a table account (comanda): the account it belongs to and its round number there. */
    tableAccountId: uuid('table_account_id').references((): AnyPgColumn => tableAccounts.id, { onDelete: 'set null' }),
    round: integer('round'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.restaurantId, t.number),
    index('orders_table_account_idx').on(t.restaurantId, t.tableAccountId),
    uniqueIndex('orders_idempotency_uq').on(t.restaurantId, t.idempotencyKey),
    index('orders_created_idx').on(t.restaurantId, t.createdAt),
    index('orders_status_idx').on(t.restaurantId, t.status),
    // A customer's orders newest first; with status and total in it, the customers list's figures are
    // read from the index alone over years of history.
    index('orders_customer_idx').on(t.restaurantId, t.customerId, t.createdAt, t.status, t.total),
    // A customer's orders still open and unpaid (OPEN_ORDER_STATUSES, counted under the restaurant's lock by
    // mc_lock_for_order): a few entries, where the index above holds the customer's whole history.
    index('orders_open_unpaid_idx')
      .on(t.restaurantId, t.customerId)
      .where(
        sql`${t.status} in ('pending','preparing','confirmed','out_for_delivery') and (${t.paymentStatus} is null or ${t.paymentStatus} <> 'approved')`,
      ),
    check(
      'orders_status_ck',
      sql`${t.status} in ('pending','preparing','confirmed','out_for_delivery','delivered','cancelled')`,
    ),
    check('orders_delivery_type_ck', sql`${t.deliveryType} in ('delivery','pickup','dine_in','pdv')`),
    check(
      'orders_payment_status_ck',
      sql`${t.paymentStatus} is null or ${t.paymentStatus} in ('approved','failed','pending','checking','unknown')`,
    ),
    check(
      'orders_amounts_ck',
      sql`${t.subtotal} >= 0 and ${t.deliveryFee} >= 0 and ${t.discount} >= 0 and ${t.total} >= 0`,
    ),
  ],
);

/** Delivery people without a login (freelance motoboys): a name and a phone to call them by. */
export const couriers = pgTable(
  'couriers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('couriers_restaurant_idx').on(t.restaurantId, t.name)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    totalPrice: integer('total_price').notNull(),
    variation: jsonb('variation').$type<OrderItemOption | null>(),
    addons: jsonb('addons').$type<OrderItemOption[]>().notNull().default([]),
    colors: jsonb('colors').$type<OrderItemOption[]>().notNull().default([]),
    pizzaFlavors: jsonb('pizza_flavors').$type<OrderItemOption[]>().notNull().default([]),
    notes: text('notes'),
    /** The table account the item is billed to: its round's account, or the one it was transferred to. */
    tableAccountId: uuid('table_account_id').references((): AnyPgColumn => tableAccounts.id, { onDelete: 'set null' }),
    /** An item cancelled after it was sent to the kitchen: out of the bill, shown to the kitchen with why. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelledByName: text('cancelled_by_name'),
  },
  (t) => [
    index('order_items_order_idx').on(t.restaurantId, t.orderId),
    index('order_items_table_account_idx').on(t.restaurantId, t.tableAccountId),
    check('order_items_quantity_ck', sql`${t.quantity} > 0`),
    check('order_items_prices_ck', sql`${t.unitPrice} >= 0 and ${t.totalPrice} >= 0`),
  ],
);

export const orderHistory = pgTable(
  'order_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    employeeId: uuid('employee_id'),
    employeeName: text('employee_name'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_history_order_idx').on(t.restaurantId, t.orderId, t.createdAt)],
);

/** Card/PIX checkout verifications and provider callbacks (the spec's infinitepay_transactions). */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    transactionId: text('transaction_id'),
    response: jsonb('response').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_transactions_order_idx').on(t.restaurantId, t.orderId)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_redemptions_coupon_idx').on(t.restaurantId, t.couponId, t.customerId)],
);

/**
 * A table account (comanda): a table or a numbered tab open for a whole meal. Rounds are orders that
 * point at it; it is paid in parts (table_account_payments) and closed when they cover the bill. A table
 * without an open account is free; at most one open account per table or tab number.
 */
export const tableAccounts = pgTable(
  'table_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('table'),
    number: integer('number').notNull(),
    status: text('status').notNull().default('occupied'),
    people: integer('people').notNull().default(1),
    /** Copied from the restaurant's settings at opening; changed per account. */
    servicePercent: integer('service_percent').notNull().default(10),
    /** Set when the service charge was removed, with why. */
    serviceRemovedReason: text('service_removed_reason'),
    couvertPerPerson: integer('couvert_per_person').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    /** Who gave the discount, who approved it above the giver's limit (the PDV's rule), and why. */
    discountGivenByName: text('discount_given_by_name'),
    discountApprovedByName: text('discount_approved_by_name'),
    discountReason: text('discount_reason'),
    /** Rounds sent so far: the next round's number is this plus one (read and written under the row's lock). */
    rounds: integer('rounds').notNull().default(0),
    openedByName: text('opened_by_name').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    billRequestedAt: timestamp('bill_requested_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByName: text('closed_by_name'),
    /** Joined into another table's account: its items and payments moved there. */
    joinedIntoId: uuid('joined_into_id').references((): AnyPgColumn => tableAccounts.id, { onDelete: 'set null' }),
    /** At closing: the bill's total and service charge, and the cash session it was closed in. */
    total: integer('total'),
    serviceCharge: integer('service_charge'),
    closedSessionId: uuid('closed_session_id'),
  },
  (t) => [
    uniqueIndex('table_accounts_open_uq').on(t.restaurantId, t.kind, t.number).where(sql`${t.status} <> 'closed'`),
    index('table_accounts_closed_idx').on(t.restaurantId, t.closedAt),
    index('table_accounts_session_idx').on(t.restaurantId, t.closedSessionId),
    check('table_accounts_kind_ck', sql`${t.kind} in ('table','tab')`),
    check('table_accounts_status_ck', sql`${t.status} in ('occupied','billing','closed')`),
    check(
      'table_accounts_amounts_ck',
      sql`${t.people} >= 1 and ${t.servicePercent} between 0 and 20 and ${t.couvertPerPerson} >= 0 and ${t.discount} >= 0`,
    ),
  ],
);

/** The restaurant's table-account settings: service charge percentage and couvert per person. */
export const tableAccountSettings = pgTable(
  'table_account_settings',
  {
    restaurantId: uuid('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    servicePercent: integer('service_percent').notNull().default(10),
    couvertPerPerson: integer('couvert_per_person').notNull().default(0),
  },
  (t) => [check('table_account_settings_ck', sql`${t.servicePercent} between 0 and 20 and ${t.couvertPerPerson} >= 0`)],
);
