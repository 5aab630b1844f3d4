import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import { orders } from './orders';
import { restaurants, sealedText } from './restaurants';

/**
 * A restaurant's link to an ordering app (iFood, an Open Delivery app, or the offline simulator): its
 * write-only credentials, the poller's lease and the health staff see.
 */
export const marketplaceConnections = pgTable(
  'marketplace_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The protocol spoken: 'simulator', 'open_delivery' or 'ifood'. */
    kind: text('kind').notNull(),
    /** The app whose orders come in, as the board names it: 'ifood', 'keeta', 'aiqfome', 'rappi', 'simulator'. */
    app: text('app').notNull(),
    merchantId: text('merchant_id').notNull(),
    /**
     * The credential the connection polls with, as a digest (the client id itself is sealed): iFood
     * connections sharing one are polled together, up to 100 merchants a request.
     */
    credentialGroup: text('credential_group'),
    baseUrl: text('base_url'),
    tokenUrl: text('token_url'),
    clientId: sealedText('client_id'),
    clientSecret: sealedText('client_secret'),
    autoConfirm: boolean('auto_confirm').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** The poller's claim: one instance polls a connection at a time, a dead poller's lease runs out. */
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
    eventsWaiting: integer('events_waiting').notNull().default(0),
    /** The menu version the app was last told about (`menuUpdated`); a different one is announced at the next poll. */
    menuVersionSent: text('menu_version_sent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_connections_app_uq').on(t.restaurantId, t.app),
    index('marketplace_connections_due_idx').on(t.nextPollAt),
    index('marketplace_connections_group_idx').on(t.credentialGroup),
    check('marketplace_connections_kind_ck', sql`${t.kind} in ('simulator','open_delivery','ifood')`),
  ],
);

/** Every event received from an app, kept once (its id) whatever number of times it is delivered. */
export const marketplaceEvents = pgTable(
  'marketplace_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    externalOrderId: text('external_order_id').notNull(),
    /** When the app says the event happened: events are applied in this order. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('marketplace_events_uq').on(t.connectionId, t.eventId),
    index('marketplace_events_order_idx').on(t.restaurantId, t.externalOrderId),
  ],
);

/**
 * A marketplace order's link to our order: which app, its id and short code there, and the time of
 * the last event applied (an older event never moves the order back).
 */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    /** The short code the app shows its customer and courier ("#4821"). */
    displayId: text('display_id').notNull(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    /** Until when the app accepts the confirmation; an unconfirmed order alarms on the board before it. */
    confirmBy: timestamp('confirm_by', { withTimezone: true }),
    /** A cancellation the app asked for and staff have not answered yet. */
    cancellationRequested: jsonb('cancellation_requested').$type<{ code: string; reason: string } | null>(),
    /** A scheduled order: the delivery window the customer chose and when its preparation starts. */
    scheduledStart: timestamp('scheduled_start', { withTimezone: true }),
    scheduledEnd: timestamp('scheduled_end', { withTimezone: true }),
    preparationStartAt: timestamp('preparation_start_at', { withTimezone: true }),
    /** An accepted scheduled order waits out of the kitchen until then (its tickets, the display, `startPreparation`). */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_orders_external_uq').on(t.connectionId, t.externalId),
    index('marketplace_orders_held_idx').on(t.heldUntil).where(sql`${t.heldUntil} is not null`),
  ],
);

/**
 * Status changes to send to the app: one row per order and action (never sent twice), claimed with
 * SKIP LOCKED and a lease, retried with backoff.
 */
export const marketplaceOutbox = pgTable(
  'marketplace_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    /** The order calls are made in: an order's later call waits for its earlier ones. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    claimToken: uuid('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When it failed for good: the order's card and Integrações show it from then on. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('marketplace_outbox_action_uq').on(t.orderId, t.action),
    index('marketplace_outbox_due_idx').on(t.status, t.dueAt),
    check('marketplace_outbox_status_ck', sql`${t.status} in ('pending','sending','sent','failed')`),
  ],
);

/** The key an ordering app sends (X-API-KEY) to read this restaurant's menu; only its hash is kept. */
export const menuApiKeys = pgTable(
  'menu_api_keys',
  {
    restaurantId: uuid('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    /** The first characters, so staff recognise the key they handed out. */
    keyPrefix: text('key_prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('menu_api_keys_hash_uq').on(t.keyHash)],
);

/**
 * The offline ordering app's side (the simulator): what an app keeps, kept in the database so a restart
 * or a second instance sees the same orders, events still to acknowledge and calls received.
 */
export const simulatorStates = pgTable('marketplace_sim_states', {
  connectionId: uuid('connection_id')
    .primaryKey()
    .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
  /** When the last order was made: the timer makes the next one `everyMs` later. */
  lastMadeAt: timestamp('last_made_at', { withTimezone: true }).notNull().defaultNow(),
  /** Orders made so far: iFood and Keeta take turns. */
  made: integer('made').notNull().default(0),
  /** The next call the restaurant makes is refused, as an app refuses a move it will never accept ("Simular falha"). */
  refuseNextCall: boolean('refuse_next_call').notNull().default(false),
});

export const simulatorOrders = pgTable(
  'marketplace_sim_orders',
  {
    id: uuid('id').primaryKey(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
    /** The order in Open Delivery's shape, its `lastEvent` kept current. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketplace_sim_orders_connection_idx').on(t.connectionId)],
);

export const simulatorEvents = pgTable(
  'marketplace_sim_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    type: text('type').notNull(),
    /** Its sequence on the connection: events are handed out in the order they happened. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
  },
  (t) => [index('marketplace_sim_events_pending_idx').on(t.connectionId, t.seq).where(sql`${t.ackedAt} is null`)],
);

export const simulatorCalls = pgTable(
  'marketplace_sim_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    displayId: text('display_id').notNull(),
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketplace_sim_calls_connection_idx').on(t.connectionId, t.id)],
);
