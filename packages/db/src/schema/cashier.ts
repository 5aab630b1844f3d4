import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { employees } from './accounts';
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
    finalBalance: integer('final_balance'),
    status: text('status').notNull().default('open'),
    notes: text('notes'),
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
    check('cash_history_operation_ck', sql`${t.operationType} in ('opening','supply','withdrawal','closing')`),
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
