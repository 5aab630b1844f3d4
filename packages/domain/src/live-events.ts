import type { ChatEventPayload } from './chat';
import type { HoursRow } from './hours';

/*
 * Every live event the server writes to its event log and streams to staff and customers (Server-Sent
 * Events): its name and the shape of its data. The server's `appendEvent` takes only these names with
 * these payloads, and the web's `useEvents` hands each handler the payload of the event it listens to,
 * so a field one screen reads is one the writer must send.
 */

/**
 * A new order, whichever door it came through (storefront, PDV, …): what the board and its bell read.
 * No total and no customer name: kitchen screens and cashier-only users (who close the drawer blind)
 * receive it too; screens that show them fetch the order with their own permission.
 */
export type OrderCreatedEvent = {
  orderId: string;
  number: number;
  status: string;
  deliveryType: string;
  /** A card/PIX order not paid yet: the kitchen is not called until an `order.updated` says `paid`. */
  awaitingPayment: boolean;
};

/** An order changed: status, delivery person, payment. Only the fields that changed travel. */
export type OrderUpdatedEvent = {
  orderId: string;
  /** The same id, for clients that read `id`. */
  id: string;
  number: number;
  status?: string;
  previousStatus?: string;
  deliveryEmployeeId?: string | null;
  paymentStatus?: string | null;
  /** The order has just become one the kitchen can make (its card/PIX payment was confirmed). */
  paid?: boolean;
};

export type CashierSessionEvent =
  | { sessionId: string; status: 'open' | 'closed' }
  | { sessionId: string; movement: 'withdrawal' | 'supply' };

export type WhatsAppFailedEvent = {
  orderId: string;
  number: number | null;
  shortId: string;
  error: string;
  willRetry: boolean;
};

export type ReviewEvent =
  | { reviewId: string; rating: number; approved: boolean }
  | { reviewId: string; approved: true }
  | { reviewId: string; deleted: true };

/**
 * Printing changed: a job was queued, printed or refused, a printer's state or the printers themselves
 * changed. Boards reload their printer strip; waiting print agents look for work.
 */
export type PrintUpdatedEvent = { printerId: string | null; jobId?: string; status?: string };

/** A table account changed (opened, a round, a payment, the bill asked for, closed, moved, joined). */
export type TableAccountEvent = { accountId: string; kind: 'table' | 'tab'; number: number; status: string };

export type LiveEventMap = {
  'order.created': OrderCreatedEvent;
  'order.updated': OrderUpdatedEvent;
  /** A PDV sale: the order it created, as `order.created` tells it. */
  'cashier.sale': OrderCreatedEvent;
  'cashier.session': CashierSessionEvent;
  'cashier.reserved': { id: string };
  'kitchen.updated': Record<string, never>;
  'chat.message': ChatEventPayload;
  'whatsapp.failed': WhatsAppFailedEvent;
  'review.created': ReviewEvent;
  'review.updated': ReviewEvent;
  'hours.updated': { hours: HoursRow[] };
  'print.updated': PrintUpdatedEvent;
  /** An ordering-app connection started or stopped working (the board shows it). */
  'marketplace.health': { connectionId: string; app: string; healthy: boolean; error: string | null };
  /** A call to an ordering app failed for good (the app was not told of a move): staff must act there. */
  'marketplace.call_failed': { orderId: string; number: number; app: string; action: string; message: string };
  'table.account': TableAccountEvent;
};

export type LiveEventType = keyof LiveEventMap;
