import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders, tableAccounts } from './orders';
import { restaurants } from './restaurants';

/**
 * The NFC-e of a sale (an order, or a table account's whole bill), from the moment the sale commits (the row is written in the sale's transaction)
 * to its authorisation or cancellation. The row is also the emission queue: a worker claims it with
 * `FOR UPDATE SKIP LOCKED` and a lease, talks to the provider outside any transaction, and records.
 *
 * status: queued (to send, or to send again after an error), processing (sent, the provider said
 * pendente: polled), authorized, rejected (SEFAZ refused it: waits for staff to fix and "Reemitir"),
 * denied, cancelling (cancellation asked, to send), cancelled.
 */
export const fiscalNotes = pgTable(
  'fiscal_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The sale: an order (PDV sale, storefront order), or a table account closed with all its rounds. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    tableAccountId: uuid('table_account_id').references(() => tableAccounts.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    ambiente: text('ambiente').notNull(),
    serie: integer('serie').notNull(),
    numero: integer('numero').notNull(),
    /** 1 for the first emission; a re-emission after a rejection sends the next one under a new referencia. */
    emission: integer('emission').notNull().default(1),
    /** Sent as `referencia`: the sale id (then `<id>-<emission>`), so a retried POST finds the same note. */
    referencia: text('referencia').notNull(),
    buyerCpf: text('buyer_cpf'),
    /** Centavos. */
    total: integer('total').notNull(),
    providerId: text('provider_id'),
    chave: text('chave'),
    protocolo: text('protocolo'),
    xml: text('xml'),
    qrCodeUrl: text('qr_code_url'),
    /** The state's "consulte pela chave de acesso em" address. */
    consultaUrl: text('consulta_url'),
    sefazCode: integer('sefaz_code'),
    sefazReason: text('sefaz_reason'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    /** Sends and polls since the last state change: the backoff's step. */
    polls: integer('polls').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimToken: text('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    cancelJustificativa: text('cancel_justificativa'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fiscal_notes_order_uq').on(t.restaurantId, t.orderId),
    uniqueIndex('fiscal_notes_account_uq').on(t.restaurantId, t.tableAccountId),
    check('fiscal_notes_sale_ck', sql`num_nonnulls(${t.orderId}, ${t.tableAccountId}) = 1`),
    uniqueIndex('fiscal_notes_number_uq').on(t.restaurantId, t.ambiente, t.serie, t.numero),
    index('fiscal_notes_restaurant_idx').on(t.restaurantId, t.createdAt),
    index('fiscal_notes_status_idx').on(t.restaurantId, t.status),
    index('fiscal_notes_chave_idx').on(t.restaurantId, t.chave),
    // The worker's scan: only rows that still have work, by when it is due.
    index('fiscal_notes_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued','processing','cancelling')`),
    check(
      'fiscal_notes_status_ck',
      sql`${t.status} in ('queued','processing','authorized','rejected','denied','cancelling','cancelled')`,
    ),
    check('fiscal_notes_ambiente_ck', sql`${t.ambiente} in ('homologacao','producao')`),
  ],
);

/** Each step of a note, for the "Notas fiscais" screen's history. */
export const fiscalNoteHistory = pgTable(
  'fiscal_note_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    noteId: uuid('note_id')
      .notNull()
      .references(() => fiscalNotes.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    message: text('message').notNull(),
    actorName: text('actor_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fiscal_note_history_note_idx').on(t.restaurantId, t.noteId, t.createdAt)],
);
