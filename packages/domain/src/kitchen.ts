/**
 * Kitchen display (KDS) contract and rules: request schemas shared by the web forms and the server
 * routes, answer shapes, the timer colours and what one station sees of an order.
 *
 *   GET    /admin/kitchen/board?station=<id>|all    manage_kitchen         KitchenBoard (preparing orders, oldest first)
 *   POST   /admin/kitchen/orders/:id/ready          manage_kitchen         KitchenReadyResult ("Pronto": preparing → confirmed)
 *   GET    /admin/kitchen/stations                  kitchen or products    KitchenStation[]
 *   POST   /admin/kitchen/stations                  products               StationInput → 201 KitchenStation
 *   PUT    /admin/kitchen/stations/:id              products               StationInput → KitchenStation
 *   DELETE /admin/kitchen/stations/:id              products               204 (its products go back to no station)
 *   GET    /admin/kitchen/settings                  kitchen or settings    KitchenThresholds
 *   PUT    /admin/kitchen/settings                  manage_settings        KitchenThresholds → KitchenThresholds
 */
import { z } from 'zod';
import type { OrderItemView } from './order-views';

export type KitchenThresholds = { warnMinutes: number; lateMinutes: number };

/** Amber after 15 minutes, red after 25, until the owner says otherwise. */
export const DEFAULT_KITCHEN_THRESHOLDS: KitchenThresholds = { warnMinutes: 15, lateMinutes: 25 };

/** The longest threshold accepted: half a day. */
export const MAX_KITCHEN_MINUTES = 720;

export type KitchenTimerLevel = 'ok' | 'warn' | 'late';

/** The colour of an order's timer: amber from `warnMinutes` on, red from `lateMinutes` on. */
export function kitchenTimerLevel(elapsedMs: number, t: KitchenThresholds): KitchenTimerLevel {
  const minutes = elapsedMs / 60_000;
  if (minutes >= t.lateMinutes) return 'late';
  if (minutes >= t.warnMinutes) return 'warn';
  return 'ok';
}

/** Time since an order was placed, as the cook reads it: "0:45", "12:05", "1:02:30" (never negative). */
export function kitchenElapsedLabel(elapsedMs: number): string {
  const total = Math.max(0, Math.floor(elapsedMs / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

export type KitchenStation = { id: string; name: string; sortOrder: number; productCount: number };

/** An order line as the kitchen reads it: no prices. */
export type KitchenItem = Omit<OrderItemView, 'productId' | 'unitPrice' | 'totalPrice'> & {
  /** The station of the product now; null when it has none (or the product was deleted). */
  stationId: string | null;
  /** Cancelled after it was sent (a table's item): shown struck out, with why, so the cook stops. */
  cancelled: { reason: string } | null;
};

export type KitchenOrder = {
  id: string;
  number: number;
  deliveryType: string;
  tableNumber: number | null;
  /** The round of a table account ("Mesa 12 · rodada 3"); null for any other order. */
  round: number | null;
  /** A tab's round: the comanda's number ("Comanda 7 · rodada 1"); null otherwise. */
  tabNumber: number | null;
  /** Null for a kitchen-only profile (isKitchenOnly). */
  customerName: string | null;
  note: string | null;
  /** When it was placed (ISO): the timer counts from here. */
  createdAt: string;
  /** The ordering app it came from and its short code there (null for our own orders). */
  channel: string | null;
  channelCode: string | null;
  /** The items the station shown prepares (all of them under "Todas"). */
  items: KitchenItem[];
  /** Items of the same order that other stations prepare. */
  otherItems: number;
};

export type KitchenBoard = {
  orders: KitchenOrder[];
  stations: KitchenStation[];
  thresholds: KitchenThresholds;
  /** The server's clock, so tablets with a wrong clock still count the right minutes. */
  now: string;
};

export type KitchenReadyResult = { id: string; number: number; status: string };

/**
 * Whether an order's live event may change what the kitchen shows: an order born in preparation, or
 * one entering, leaving or changing while in it. An update that does not tell both sides of its status
 * (a cancelled line, an app's cancellation) is taken as one that may.
 */
export function kitchenMaySeeChange(
  event:
    | { type: 'order.created'; status: string }
    | { type: 'order.updated'; status?: string; previousStatus?: string },
): boolean {
  if (event.type === 'order.created') return event.status === 'preparing';
  if (event.status === undefined || event.previousStatus === undefined) return true;
  return event.status === 'preparing' || event.previousStatus === 'preparing';
}

/**
 * What one station sees of an order: its own items, and how many belong to other stations. Under
 * "Todas" (null) everything is shown; an order with nothing for the station is not shown at all.
 */
export function stationView<T extends { stationId: string | null }>(
  items: readonly T[],
  stationId: string | null,
): { items: T[]; otherItems: number } | null {
  if (stationId === null) return { items: [...items], otherItems: 0 };
  const mine = items.filter((i) => i.stationId === stationId);
  if (mine.length === 0) return null;
  return { items: mine, otherItems: items.length - mine.length };
}

export const stationInput = z.object({
  name: z
    .string({ error: 'Informe o nome da estação.' })
    .trim()
    .min(1, 'Informe o nome da estação.')
    .max(60, 'Use no máximo 60 caracteres.'),
  sortOrder: z.number({ error: 'Ordem inválida.' }).int('Ordem inválida.').min(0).max(10_000).optional(),
});
export type StationInput = z.infer<typeof stationInput>;

const minutes = z
  .number({ error: 'Informe os minutos.' })
  .int('Use minutos inteiros.')
  .min(1, 'Use pelo menos 1 minuto.')
  .max(MAX_KITCHEN_MINUTES, `Use no máximo ${MAX_KITCHEN_MINUTES} minutos.`);

/** Thresholds make sense when amber comes at least a minute in and red strictly later. */
export const kitchenThresholdsInput = z
  .object({ warnMinutes: minutes, lateMinutes: minutes })
  .refine((t) => t.lateMinutes > t.warnMinutes, {
    message: 'O tempo do alerta vermelho deve ser maior que o do amarelo.',
    path: ['lateMinutes'],
  });
