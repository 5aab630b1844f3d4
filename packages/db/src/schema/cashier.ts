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
import { employees } from './accounts';
import { orders, tableAccounts } from './orders';
import { restaurants } from './restaurants';

export const cashRegisterSessions = pgTable(
  'cash_register_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    employeeName: text('employee_name').notNull(),
    openingDate: timestamp('opening_date', { withTimezone: true }).notNull().defaultNow(),
    closingTime: timestamp('closing_time', { withTimezone: true }),
    /** All amounts in centavos. */
    initialAmount: integer('initial_amount').notNull().default(0),
    totalSales: integer('total_sales').notNull().default(0),
    totalWithdrawals: integer('total_withdrawals').notNull().default(0),
    /** Suprimentos (cash added during the shift). */
    totalSupplies: integer('total_supplies').notNull().default(0),
    /** Sales paid in cash, the part of total_sales that sits in the drawer. */
    cashSales: integer('cash_sales').notNull().default(0),
    /** Discounts given in the session's sales, stored at closing like the other totals. */
    totalDiscounts: integer('total_discounts').notNull().default(0),
    /** At closing: initial + cash sales + suprimentos − sangrias (what the drawer should hold). */
    finalBalance: integer('final_balance'),
    status: text('status').notNull().default('open'),
    notes: text('notes'),
    /** Closed by a cashier-only user who counted without seeing the expected figures. */
    blindClose: boolean('blind_close').notNull().default(false),
    /** Notes and coins counted at closing: quantity per denomination in centavos ('20000' … '5'). */
    countedDenominations: jsonb('counted_denominations').$type<Record<string, number>>(),
    /** Σ counted − expected over every payment group ("quebra de caixa"); null when nothing was counted. */
    totalDifference: integer('total_difference'),
  },
  (t) => [
    index('cash_sessions_restaurant_idx').on(t.restaurantId, t.openingDate),
    // At most one open cash session per restaurant.
    uniqueIndex('cash_sessions_open_uq').on(t.restaurantId).where(sql`${t.status} = 'open'`),
    check('cash_sessions_status_ck', sql`${t.status} in ('open','closed')`),
    check('cash_sessions_initial_ck', sql`${t.initialAmount} >= 0`),
  ],
);

export const cashWithdrawals = pgTable(
  'cash_withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => cashRegisterSessions.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    employeeName: text('employee_name').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cash_withdrawals_restaurant_idx').on(t.restaurantId, t.createdAt),
    check('cash_withdrawals_amount_ck', sql`${t.amount} > 0`),
  ],
);

export const cashRegisterHistory = pgTable(
  'cash_register_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => cashRegisterSessions.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    employeeName: text('employee_name').notNull(),
    operationType: text('operation_type').notNull(),
    amount: integer('amount').notNull().default(0),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cash_history_restaurant_idx').on(t.restaurantId, t.createdAt),
    check(
      'cash_history_operation_ck',
      sql`${t.operationType} in ('opening','supply','withdrawal','closing','late_sale')`,
    ),
  ],
);

/** PDV sales parked with "Reservar", kept on the server so a closed tab loses nothing. */
export const reservedSales = pgTable(
  'reserved_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    customerName: text('customer_name'),
    items: jsonb('items').$type<unknown[]>().notNull().default([]),
    subtotal: integer('subtotal').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reserved_sales_restaurant_idx').on(t.restaurantId, t.createdAt)],
);

/** Expected, counted and difference per payment group of a closed session (conciliation, blind close). */
export const cashCloseCounts = pgTable(
  'cash_close_counts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => cashRegisterSessions.id, { onDelete: 'cascade' }),
    /** Report group: PIX, Crédito, Débito, Dinheiro, Não informado or a custom method name. */
    method: text('method').notNull(),
    expected: integer('expected').notNull(),
    counted: integer('counted').notNull(),
    difference: integer('difference').notNull(),
  },
  (t) => [uniqueIndex('cash_close_counts_uq').on(t.restaurantId, t.sessionId, t.method)],
);

/** The payments list of a PDV sale, tied to the cash session it was taken in. */
export const cashSalePayments = pgTable(
  'cash_sale_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => cashRegisterSessions.id, { onDelete: 'set null' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A payment method id, or a fallback method key ('cash', 'pix', …). */
    methodId: text('method_id').notNull(),
    methodName: text('method_name').notNull(),
    /** Order of the payment in the sale's list, as the cashier added them. */
    position: integer('position').notNull().default(0),
    amount: integer('amount').notNull(),
    installments: integer('installments').notNull().default(1),
    receivedAmount: integer('received_amount'),
    changeAmount: integer('change_amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cash_sale_payments_session_idx').on(t.restaurantId, t.sessionId),
    index('cash_sale_payments_order_idx').on(t.restaurantId, t.orderId),
    check('cash_sale_payments_amount_ck', sql`${t.amount} > 0 and ${t.changeAmount} >= 0`),
  ],
);

/**
 * The discount of a PDV sale: who gave it, who approved it when it was above the giver's limit (their
 * password typed on the terminal) and why. One row per discounted sale, tied to its cash session.
 */
export const cashSaleDiscounts = pgTable(
  'cash_sale_discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => cashRegisterSessions.id, { onDelete: 'set null' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subtotal: integer('subtotal').notNull(),
    amount: integer('amount').notNull(),
    givenById: uuid('given_by_id').references(() => employees.id, { onDelete: 'set null' }),
    givenByName: text('given_by_name').notNull(),
    /** Null when the discount was within the giver's own limit. */
    approvedById: uuid('approved_by_id').references(() => employees.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cash_sale_discounts_order_uq').on(t.restaurantId, t.orderId),
    index('cash_sale_discounts_session_idx').on(t.restaurantId, t.sessionId),
    check('cash_sale_discounts_amount_ck', sql`${t.amount} > 0 and ${t.amount} <= ${t.subtotal}`),
  ],
);

/**
 * A payment of a table account (one part of the bill), taken in the open cash session like a PDV sale's
 * payment; the account closes when they cover its bill. The key makes a retried payment count once.
 */
export const tableAccountPayments = pgTable(
  'table_account_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tableAccounts.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => cashRegisterSessions.id, { onDelete: 'set null' }),
    methodId: text('method_id').notNull(),
    methodName: text('method_name').notNull(),
    amount: integer('amount').notNull(),
    installments: integer('installments').notNull().default(1),
    receivedAmount: integer('received_amount'),
    changeAmount: integer('change_amount').notNull().default(0),
    /** The PIX copia-e-cola shown for this part, when paid by the restaurant's own PIX QR. */
    pixBrCode: text('pix_br_code'),
    employeeName: text('employee_name').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('table_account_payments_account_idx').on(t.restaurantId, t.accountId),
    index('table_account_payments_session_idx').on(t.restaurantId, t.sessionId),
    index('table_account_payments_created_idx').on(t.restaurantId, t.createdAt),
    uniqueIndex('table_account_payments_key_uq').on(t.restaurantId, t.idempotencyKey),
    check('table_account_payments_amount_ck', sql`${t.amount} > 0 and ${t.changeAmount} >= 0`),
  ],
);
