import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { restaurants } from './restaurants';

/**
 * Every consent a customer gave or withdrew, never updated: the current answer is the newest row, and
 * the history proves when and under which text (`textVersion`) each was given.
 */
export const customerConsents = pgTable(
  'customer_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    granted: boolean('granted').notNull(),
    textVersion: text('text_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_consents_customer_idx').on(t.restaurantId, t.customerId, t.purpose, t.createdAt),
    check('customer_consents_purpose_ck', sql`${t.purpose} in ('marketing')`),
  ],
);

/** What customers asked under the LGPD (a copy of their data, their account deleted), for the owner to see. */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** LGPD art. 19: 15 days after the request. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('privacy_requests_restaurant_idx').on(t.restaurantId, t.createdAt),
    check('privacy_requests_kind_ck', sql`${t.kind} in ('export','deletion')`),
  ],
);
