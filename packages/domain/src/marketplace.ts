import { z } from 'zod';
import type { OrderStatus } from './order-status';

/**
 * Orders from ordering apps (iFood, Open Delivery apps such as Keeta, aiqfome, Rappi) on the one board:
 * how a channel is named and coloured, how the app's events move our order, and which calls to the app
 * each staff move makes.
 */

export const MARKETPLACE_APPS = ['ifood', 'keeta', 'aiqfome', 'rappi', 'simulator'] as const;
export type MarketplaceApp = (typeof MARKETPLACE_APPS)[number];
export const CONNECTION_KINDS = ['simulator', 'open_delivery', 'ifood'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

/** Where an order came from, as cards, tickets and reports name it; null (our own) is "Próprio". */
export type OrderChannelName = 'ifood' | 'keeta' | 'aiqfome' | 'rappi' | null;

/** Each channel's name and its brand colour (background, text on it). */
export const CHANNEL_STYLE: Record<string, { label: string; background: string; color: string }> = {
  ifood: { label: 'iFood', background: '#EA1D2C', color: '#FFFFFF' },
  keeta: { label: 'Keeta', background: '#FFD100', color: '#1A1A1A' },
  aiqfome: { label: 'aiqfome', background: '#7B1FA2', color: '#FFFFFF' },
  rappi: { label: 'Rappi', background: '#FF441F', color: '#FFFFFF' },
  own: { label: 'Próprio', background: '#1F2937', color: '#FFFFFF' },
};

export function channelStyle(channel: string | null | undefined) {
  return CHANNEL_STYLE[channel ?? 'own'] ?? { label: channel ?? 'Próprio', background: '#475569', color: '#FFFFFF' };
}

export const channelLabel = (channel: string | null | undefined) => channelStyle(channel).label;

/** The apps a restaurant may connect, with the protocol each speaks and the label of the settings screen. */
export const CONNECTABLE_APPS: { app: MarketplaceApp; label: string; kinds: ConnectionKind[] }[] = [
  { app: 'simulator', label: 'Simulador (iFood e Keeta de demonstração)', kinds: ['simulator'] },
  { app: 'ifood', label: 'iFood', kinds: ['ifood'] },
  { app: 'keeta', label: 'Keeta (Open Delivery)', kinds: ['open_delivery'] },
  { app: 'aiqfome', label: 'aiqfome (Open Delivery)', kinds: ['open_delivery'] },
  { app: 'rappi', label: 'Rappi (Open Delivery)', kinds: ['open_delivery'] },
];

/** The events of both protocols, in one vocabulary (Open Delivery's, with both spellings of the prose). */
export type MarketplaceEventType =
  | 'CREATED'
  | 'CONFIRMED'
  | 'PREPARATION_STARTED'
  | 'READY_FOR_PICKUP'
  | 'DISPATCHED'
  | 'DELIVERED'
  | 'CONCLUDED'
  | 'CANCELLATION_REQUESTED'
  | 'CANCELLATION_DENIED'
  | 'CANCELLED'
  | 'OTHER';

/** Reads an event type of either protocol (Open Delivery and iFood codes) into the one vocabulary. */
export function normalizeEventType(raw: string): MarketplaceEventType {
  switch (raw) {
    case 'CREATED':
    case 'PLC':
    case 'PLACED':
      return 'CREATED';
    case 'CONFIRMED':
    case 'CFM':
      return 'CONFIRMED';
    case 'PRS':
    case 'PREPARATION_STARTED':
      return 'PREPARATION_STARTED';
    case 'READY_FOR_PICKUP':
    case 'RTP':
    case 'READY_TO_PICKUP':
      return 'READY_FOR_PICKUP';
    case 'DISPATCHED':
    case 'DSP':
      return 'DISPATCHED';
    case 'DELIVERED':
      return 'DELIVERED';
    case 'CONCLUDED':
    case 'CON':
      return 'CONCLUDED';
    case 'CANCELLATION_REQUESTED':
    case 'ORDER_CANCELLATION_REQUEST':
    case 'ORDER_CANCELLATION_REQUESTED':
    case 'CAR':
      return 'CANCELLATION_REQUESTED';
    case 'CANCELLATION_REQUEST_DENIED':
    case 'CANCELLED_DENIED':
    case 'CANCELLATION_DENIED':
    case 'CARF':
      return 'CANCELLATION_DENIED';
    case 'CANCELLED':
    case 'CAN':
      return 'CANCELLED';
    default:
      return 'OTHER';
  }
}

/** How far along an order is; the app's events only ever move it forward. */
const RANK: Record<OrderStatus, number> = {
  pending: 0,
  preparing: 1,
  confirmed: 2,
  out_for_delivery: 3,
  delivered: 4,
  cancelled: 5,
};

const EVENT_STATUS: Partial<Record<MarketplaceEventType, OrderStatus>> = {
  CONFIRMED: 'preparing',
  PREPARATION_STARTED: 'preparing',
  READY_FOR_PICKUP: 'confirmed',
  DISPATCHED: 'out_for_delivery',
  DELIVERED: 'delivered',
  CONCLUDED: 'delivered',
  CANCELLED: 'cancelled',
};

export type EventEffect =
  | { kind: 'status'; status: OrderStatus }
  | { kind: 'cancellation_requested' }
  | { kind: 'cancellation_denied' }
  | { kind: 'none' };

/**
 * What an app's event does to our order in `current`: a status only forward (a late CONFIRMED after
 * DISPATCHED changes nothing; delivered and cancelled are final), a cancellation request only while
 * the order is open.
 */
export function eventEffect(current: string, type: MarketplaceEventType): EventEffect {
  const from = current as OrderStatus;
  const final = from === 'delivered' || from === 'cancelled';
  if (type === 'CANCELLATION_REQUESTED') return final ? { kind: 'none' } : { kind: 'cancellation_requested' };
  if (type === 'CANCELLATION_DENIED') return { kind: 'cancellation_denied' };
  const to = EVENT_STATUS[type];
  if (!to || final) return { kind: 'none' };
  return RANK[to] > (RANK[from] ?? 0) ? { kind: 'status', status: to } : { kind: 'none' };
}

/** Sorts events as the apps ask: by when they happened, then by id for a stable order. */
export function byOccurrence<T extends { createdAt: string; id: string }>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * Splits the connections due for a poll into polls: those of one credential group (iFood merchants
 * sharing one app credential) go together, at most `max` a poll; a connection without a group polls
 * alone. Order is kept within a group.
 */
export function pollGroups<T>(items: readonly T[], groupOf: (item: T) => string | null, max: number): T[][] {
  const polls: T[][] = [];
  const open = new Map<string, T[]>();
  for (const item of items) {
    const group = groupOf(item);
    if (group === null) {
      polls.push([item]);
      continue;
    }
    let poll = open.get(group);
    if (!poll || poll.length >= Math.max(1, max)) {
      poll = [];
      open.set(group, poll);
      polls.push(poll);
    }
    poll.push(item);
  }
  return polls;
}

/** The calls to the app a staff move makes (Open Delivery names; the iFood client maps them). */
export type MarketplaceAction =
  | 'confirm'
  | 'startPreparation'
  | 'readyForPickup'
  | 'dispatch'
  | 'delivered'
  | 'requestCancellation'
  | 'acceptCancellation'
  | 'denyCancellation';

/**
 * Which calls a move from `from` to `to` owes the app, in order. Moving from "Pendente" is accepting
 * the order; a jump (pending → ready) still confirms first. Open Delivery apps are told "delivered"
 * only when the restaurant delivers.
 */
export function actionsForMove(from: string, to: OrderStatus): MarketplaceAction[] {
  if (to === 'cancelled') return ['requestCancellation'];
  const steps: [OrderStatus, MarketplaceAction[]][] = [
    ['preparing', ['confirm', 'startPreparation']],
    ['confirmed', ['readyForPickup']],
    ['out_for_delivery', ['dispatch']],
    ['delivered', ['delivered']],
  ];
  const fromRank = RANK[from as OrderStatus] ?? 0;
  return steps.filter(([s]) => RANK[s] > fromRank && RANK[s] <= RANK[to]).flatMap(([, a]) => a);
}

/** What each call tells the app, as staff read it in "Não foi possível avisar o iFood …". */
const ACTION_TOLD: Record<MarketplaceAction, string> = {
  confirm: 'do aceite do pedido',
  startPreparation: 'do início do preparo',
  readyForPickup: 'que o pedido está pronto',
  dispatch: 'que o pedido saiu para entrega',
  delivered: 'da entrega do pedido',
  requestCancellation: 'do cancelamento',
  acceptCancellation: 'do aceite do cancelamento',
  denyCancellation: 'da recusa do cancelamento',
};

/**
 * The alert of a call the app will never receive (retries exhausted, or refused for good): what the
 * app was not told, and why.
 */
export function failedCallText(channel: string | null | undefined, action: string, error: string | null): string {
  const told = ACTION_TOLD[action as MarketplaceAction];
  const head = `Não foi possível avisar o ${channelLabel(channel)}${told ? ` ${told}` : ''}`;
  return error?.trim() ? `${head}: ${error.trim()}` : `${head}.`;
}

/**
 * What a move of an app's order does about the kitchen and the app, given its schedule:
 * - a scheduled order accepted before its preparation starts is confirmed to the app but waits out of
 *   the kitchen until then (`holdUntil`): no tickets, no kitchen display, no `startPreparation`;
 * - a held order moved on by staff before then skips the wait: the app hears `startPreparation` first;
 * - anything else is the plain move (`actionsForMove`).
 * `printsTickets` says whether the move is the order's way into the kitchen (its tickets print now).
 */
export function appOrderMove(
  from: string,
  to: OrderStatus,
  schedule: { preparationStartAt: Date | null; heldUntil: Date | null },
  now: Date,
): { actions: MarketplaceAction[]; holdUntil: Date | null; printsTickets: boolean } {
  const accepting = from === 'pending' && to !== 'cancelled';
  if (to === 'cancelled') return { actions: actionsForMove(from, to), holdUntil: null, printsTickets: false };
  if (accepting && to === 'preparing' && schedule.preparationStartAt && schedule.preparationStartAt > now)
    return { actions: ['confirm'], holdUntil: schedule.preparationStartAt, printsTickets: false };
  if (schedule.heldUntil && from === 'preparing')
    return { actions: ['startPreparation', ...actionsForMove(from, to)], holdUntil: null, printsTickets: false };
  return { actions: actionsForMove(from, to), holdUntil: schedule.heldUntil, printsTickets: accepting };
}

/** Open Delivery's cancellation reason codes, as staff choose them. */
export const CANCELLATION_REASONS = [
  { code: 'UNAVAILABLE_ITEM', label: 'Item indisponível' },
  { code: 'RESTAURANT_WITHOUT_DELIVERY_PERSON', label: 'Sem entregador disponível' },
  { code: 'OUTSIDE_DELIVERY_HOURS', label: 'Fora do horário de funcionamento' },
  { code: 'ORDER_OUTSIDE_THE_DELIVERY_AREA', label: 'Endereço fora da área de entrega' },
  { code: 'INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT', label: 'Dificuldades internas do restaurante' },
  { code: 'OUTDATED_MENU', label: 'Cardápio desatualizado' },
  { code: 'SYSTEMIC_ISSUES', label: 'Problemas no sistema' },
  { code: 'DUPLICATE_APPLICATION', label: 'Pedido duplicado' },
  { code: 'BLOCKED_CUSTOMER', label: 'Cliente bloqueado' },
  { code: 'RISK_AREA', label: 'Área de risco' },
  { code: 'OTHER_CANCELLATION_REASON', label: 'Outro motivo' },
] as const;
export type CancellationCode = (typeof CANCELLATION_REASONS)[number]['code'];
export const DEFAULT_CANCELLATION_CODE: CancellationCode = 'INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT';

export function cancellationCodeOf(value: string | null | undefined): CancellationCode {
  return CANCELLATION_REASONS.find((r) => r.code === value)?.code ?? DEFAULT_CANCELLATION_CODE;
}

/** A connection is unhealthy when its last poll failed or no poll succeeded for this long. */
export const CONNECTION_STALE_MS = 60_000;

export function connectionHealthy(
  c: { enabled: boolean; lastSuccessAt: string | null; lastErrorAt: string | null },
  now: number,
): boolean {
  if (!c.enabled) return true;
  const ok = c.lastSuccessAt ? Date.parse(c.lastSuccessAt) : 0;
  const err = c.lastErrorAt ? Date.parse(c.lastErrorAt) : 0;
  if (err > ok) return false;
  return ok > 0 && now - ok < CONNECTION_STALE_MS;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'Texto muito longo.')
    .optional()
    .transform((v) => v || undefined);
const optionalUrl = z
  .string()
  .trim()
  .max(500)
  .optional()
  .transform((v) => v || undefined)
  .refine(
    (v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v),
    'Informe um endereço começando com http:// ou https://.',
  );

/**
 * PUT /api/admin/integrations body: one connection per app. Credentials are write-only: left empty
 * on an update, the stored ones are kept.
 */
export const connectionInputSchema = z.object({
  app: z.enum(MARKETPLACE_APPS, { message: 'Escolha o aplicativo.' }),
  merchantId: optionalText(100),
  baseUrl: optionalUrl,
  tokenUrl: optionalUrl,
  clientId: optionalText(300),
  clientSecret: optionalText(500),
  autoConfirm: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type ConnectionInput = z.output<typeof connectionInputSchema>;

/** A connection as the settings screen shows it: never its credentials, only whether they are set. */
export type ConnectionView = {
  id: string;
  kind: ConnectionKind;
  app: MarketplaceApp;
  merchantId: string;
  baseUrl: string | null;
  tokenUrl: string | null;
  hasCredentials: boolean;
  autoConfirm: boolean;
  enabled: boolean;
  lastPollAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  eventsWaiting: number;
  failedCalls: number;
  /** The latest call that failed for good, as staff read it. */
  lastFailedCall: { text: string; at: string } | null;
};

/** POST /api/admin/orders/:id/app-cancellation body: staff answer an app's cancellation request. */
export const appCancellationAnswerSchema = z.object({ accept: z.boolean({ message: 'Responda sim ou não.' }) });
