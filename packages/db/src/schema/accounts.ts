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
import { appUsers, restaurants } from './restaurants';

/** Profile templates offered when creating employees; shared by every restaurant. */
export const defaultProfileTypes = pgTable(
  'default_profile_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('default_profile_types_name_uq').on(t.name)],
);

export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    /** Largest PDV discount (% of the subtotal) given without approval; null = the type's default. */
    maxDiscountPercent: integer('max_discount_percent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_profiles_restaurant_idx').on(t.restaurantId, t.name),
    check('user_profiles_type_ck', sql`${t.type} in ('admin','counter','kitchen','waiter','cashier','custom')`),
    check(
      'user_profiles_discount_ck',
      sql`${t.maxDiscountPercent} is null or ${t.maxDiscountPercent} between 0 and 100`,
    ),
  ],
);

export const employees = pgTable(
  'employees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profileId: uuid('profile_id').references(() => userProfiles.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('employees_restaurant_idx').on(t.restaurantId, t.name),
    // Employees sign in with e-mail alone, so an e-mail names one employee across all restaurants.
    uniqueIndex('employees_email_uq').on(t.email),
  ],
);

/**
 * The e-mail of every owner and employee, once across the whole product (trimmed, lower-cased), so an address
 * names one staff account and sign-in and recovery can never reach another restaurant's. Its primary key makes
 * concurrent claims of one address fail in the database. Kept by triggers on app_users and employees (migration
 * staff-emails-claim) in the writing transaction, so no write path can skip it; a row goes with its account.
 */
export const staffEmails = pgTable(
  'staff_emails',
  {
    email: text('email').primaryKey(),
    appUserId: uuid('app_user_id').references(() => appUsers.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('staff_emails_app_user_uq').on(t.appUserId),
    uniqueIndex('staff_emails_employee_uq').on(t.employeeId),
    check('staff_emails_one_account_ck', sql`num_nonnulls(${t.appUserId}, ${t.employeeId}) = 1`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    cep: text('cep'),
    address: text('address'),
    number: text('number'),
    complement: text('complement'),
    neighborhood: text('neighborhood'),
    city: text('city'),
    state: text('state').default('SP'),
    birthDay: integer('birth_day'),
    birthMonth: integer('birth_month'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_email_uq').on(t.restaurantId, t.email),
    index('customers_phone_idx').on(t.restaurantId, t.phone),
    check('customers_birth_day_ck', sql`${t.birthDay} is null or ${t.birthDay} between 1 and 31`),
    check('customers_birth_month_ck', sql`${t.birthMonth} is null or ${t.birthMonth} between 1 and 12`),
  ],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    customerPhone: text('customer_phone'),
    name: text('name').notNull(),
    address: text('address').notNull(),
    number: text('number').notNull(),
    complement: text('complement'),
    neighborhood: text('neighborhood').notNull(),
    city: text('city'),
    state: text('state'),
    cep: text('cep').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_addresses_customer_idx').on(t.restaurantId, t.customerId, t.createdAt)],
);

/** Server-side sessions; only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').notNull(),
    appUserId: uuid('app_user_id').references(() => appUsers.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_expires_idx').on(t.expiresAt),
    check('sessions_kind_ck', sql`${t.kind} in ('owner','employee','customer')`),
  ],
);

/**
 * Throttling counters (sign-in, sign-up, recovery, reviews…), shared by every server instance: one row
 * per key, counted with an atomic upsert. `strikes` lengthens the next window of a key that hit its limit.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    strikes: integer('strikes').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind').notNull(),
  subjectId: uuid('subject_id').notNull(),
  restaurantId: uuid('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
