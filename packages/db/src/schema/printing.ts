import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants';

/** The shapes `printing.ts` of packages/domain validates before they are written. */
type PrinterRoutes = {
  order: { delivery: number; pickup: number; dine_in: number };
  stations: string[];
  pdvReceipt: boolean;
  nfceDanfe: boolean;
  cashClosing: boolean;
};
type AutoPrint = Record<'order' | 'kitchen' | 'pdv_receipt' | 'nfce_danfe' | 'cash_closing', boolean>;

/**
 * A computer running the print agent: it holds a token of which only the SHA-256 is kept here, shown
 * once when created; revoking it refuses the agent at its next request (decision 060).
 */
export const printAgents = pgTable(
  'print_agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The USB and serial device paths the agent last found on its computer (`/dev/usb/lp0`, `COM3`). */
    devices: jsonb('devices').$type<string[]>().notNull().default([]),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('print_agents_restaurant_idx').on(t.restaurantId, t.createdAt)],
);

/** A thermal printer, its paper and what it prints; configured here so reinstalling the agent loses nothing. */
export const printers = pgTable(
  'printers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `host:port` of a network printer, or the device path on the agent's computer. */
    connection: text('connection').notNull(),
    /** Only this agent serves it (a USB printer); null = any agent of the restaurant. */
    agentId: uuid('agent_id').references(() => printAgents.id, { onDelete: 'set null' }),
    columns: integer('columns').notNull().default(48),
    codepage: text('codepage').notNull().default('cp860'),
    cut: boolean('cut').notNull().default(true),
    drawer: boolean('drawer').notNull().default(false),
    routes: jsonb('routes').$type<PrinterRoutes>().notNull(),
    /** What its agent last reported: online, offline (unreachable) or error, with the printer's words. */
    status: text('status').notNull().default('unknown'),
    statusMessage: text('status_message'),
    statusAt: timestamp('status_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('printers_restaurant_idx').on(t.restaurantId, t.name),
    check('printers_columns_ck', sql`${t.columns} in (32, 48)`),
    check('printers_codepage_ck', sql`${t.codepage} in ('cp860','cp850')`),
  ],
);

/** "Imprimir automaticamente" per kind of job; a restaurant without a row prints everything. */
export const printSettings = pgTable('print_settings', {
  restaurantId: uuid('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  auto: jsonb('auto').$type<AutoPrint>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One ticket for one printer: queued → sent (claimed by an agent, with a lease) → printed, or failed
 * (the printer refused it; tried again at `retry_at`). The bytes are rendered when the job is created,
 * in the transaction of the change that causes it.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    printerId: uuid('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    orderId: uuid('order_id'),
    title: text('title').notNull(),
    /** The ESC/POS bytes, base64. */
    content: text('content').notNull(),
    status: text('status').notNull().default('queued'),
    agentId: uuid('agent_id'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Breaks ties of `created_at`, in the order the rows were written: an order's tickets for one printer
     * (its copy and the kitchen's) are written by one statement and share its time.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    printedAt: timestamp('printed_at', { withTimezone: true }),
  },
  (t) => [
    index('print_jobs_due_idx').on(t.restaurantId, t.status, t.createdAt, t.seq),
    index('print_jobs_order_idx').on(t.restaurantId, t.orderId),
    check('print_jobs_status_ck', sql`${t.status} in ('queued','sent','printed','failed')`),
    check('print_jobs_kind_ck', sql`${t.kind} in ('order','kitchen','pdv_receipt','nfce_danfe','cash_closing','test')`),
  ],
);
