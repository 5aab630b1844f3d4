import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Realtime event log. Written in the same transaction as the change it describes;
 * `audience` says who may receive it (see realtime/audience in the server).
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Staff permission needed to receive it; null = any staff member of the restaurant. */
    permission: text('permission'),
    /** The one customer who may receive it; null = no customer. */
    customerId: uuid('customer_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_restaurant_idx').on(t.restaurantId, t.id)],
);

/**
 * Uploaded files: what each is and whose. The bytes live in the configured file storage (disk or S3)
 * under the file's id; `data` holds them only for files stored before that (and the demo's seeded ones).
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_restaurant_idx').on(t.restaurantId, t.createdAt)],
);

/** WhatsApp messages; the simulator and the real provider both drain this outbox. */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id'),
    kind: text('kind').notNull(),
    phone: text('phone'),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Breaks ties of `created_at`, in the order the rows were written: messages queued by one transaction
     * share its time (and the embedded database's clock counts whole milliseconds).
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** While 'sending': the sender that claimed the row, and until when; an expired lease is claimed again. */
    claimToken: uuid('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    index('outbound_messages_restaurant_idx').on(t.restaurantId, t.createdAt),
    // One notification of each kind per order, however many times it is requested.
    uniqueIndex('outbound_messages_order_kind_uq').on(t.restaurantId, t.orderId, t.kind),
    // What a sender's claim looks for, without reading every message ever sent.
    index('outbound_messages_due_idx').on(t.createdAt, t.seq).where(sql`${t.status} in ('pending', 'sending')`),
    check('outbound_messages_status_ck', sql`${t.status} in ('pending','sending','sent','failed')`),
  ],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  restaurantId: uuid('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type EventRow = typeof events.$inferSelect;
