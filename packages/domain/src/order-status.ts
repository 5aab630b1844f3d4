import { fail, MSG, type RuleFailure } from './messages';
import { lastDigits, onlyDigits } from './phone';

/** Stored order statuses (ARCHITECTURE §6.5): "Pronto"/"ready" is stored as confirmed. */
export const ORDER_STATUSES = [
  'pending',
  'preparing',
  'confirmed',
  'out_for_delivery',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Labels of one order's status, customer side and staff side alike. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pendente',
  preparing: 'Preparando',
  confirmed: 'Pronto',
  out_for_delivery: 'Saiu para Entrega',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
};

/** Plural labels of the staff order filter. */
export const ORDER_STATUS_FILTER_LABELS: Record<OrderStatus, string> = {
  pending: 'Pendentes',
  preparing: 'Preparando',
  confirmed: 'Prontos',
  out_for_delivery: 'Saiu para Entrega',
  delivered: 'Entregues',
  cancelled: 'Cancelados',
};

export type OrderFilter = 'all' | OrderStatus;
export const ORDER_FILTERS: readonly OrderFilter[] = ['all', ...ORDER_STATUSES];

/** Whether a value is a stored order status. */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * Reads a status from a request or a legacy row: 'ready' (the POS and old clients send it) becomes
 * 'confirmed'; anything unknown is null so the caller can answer "Dados inválidos".
 */
export function normalizeOrderStatus(value: string | null | undefined): OrderStatus | null {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'ready') return 'confirmed';
  return isOrderStatus(v) ? v : null;
}

/** The label of a status value (accepting 'ready'); unknown values are shown as they are. */
export function orderStatusLabel(value: string): string {
  const status = normalizeOrderStatus(value);
  return status ? ORDER_STATUS_LABELS[status] : value;
}

/** Empty text of the order list: 'Nenhum pedido encontrado', or 'Nenhum pedido {filter label}'. */
export function emptyOrdersText(filter: OrderFilter): string {
  return filter === 'all'
    ? 'Nenhum pedido encontrado'
    : `Nenhum pedido ${ORDER_STATUS_FILTER_LABELS[filter].toLowerCase()}`;
}

export const DELIVERY_TYPES = ['delivery', 'pickup', 'dine_in', 'pdv'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  delivery: 'Delivery',
  pickup: 'Retirada',
  dine_in: 'Mesa',
  pdv: 'PDV',
};

/** Whether a value is a stored delivery type. */
export function isDeliveryType(value: unknown): value is DeliveryType {
  return typeof value === 'string' && (DELIVERY_TYPES as readonly string[]).includes(value);
}

/** A customer may chat about an order until it is delivered. */
export function canChatAboutOrder(status: string): boolean {
  return normalizeOrderStatus(status) !== 'delivered';
}

/**
 * Whether the board shows "Chat Geral" (spec 3 §2: hidden when all orders are delivered). It reads the
 * unfiltered board (`undefined` while that is not known): an empty board, or the "Entregues" filter,
 * says nothing about whether every order was delivered, so the button stays.
 */
export function showsGeneralChat(unfilteredBoard: readonly { status: string }[] | undefined): boolean {
  if (!unfilteredBoard || unfilteredBoard.length === 0) return true;
  return unfilteredBoard.some((o) => canChatAboutOrder(o.status));
}

/**
 * What staff must provide to move an order to a status: a delivery person to send a delivery order
 * out, and the customer's last 4 phone digits to mark a LOCAL delivery order delivered (carrier
 * orders are confirmed by the carrier, so no digits).
 */
export function transitionRequirements(
  deliveryType: string,
  next: OrderStatus,
  isCarrier: boolean,
): { deliveryPerson: boolean; phoneDigits: boolean } {
  const delivery = deliveryType === 'delivery';
  return {
    deliveryPerson: delivery && next === 'out_for_delivery',
    phoneDigits: delivery && next === 'delivered' && !isCarrier,
  };
}

/**
 * Where an order may go next (the kitchen cannot jump ahead): pending → preparing, preparing →
 * ready (confirmed), ready → out for delivery (delivery orders only) or delivered, out for delivery
 * → delivered; any open order may be cancelled. Delivered and cancelled are final.
 */
const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['preparing', 'cancelled'],
  preparing: ['confirmed', 'cancelled'],
  confirmed: ['out_for_delivery', 'delivered', 'cancelled'],
  out_for_delivery: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

/** The statuses staff may move an order to from `status` (unknown statuses go nowhere). */
export function nextOrderStatuses(status: string, deliveryType: string): OrderStatus[] {
  const from = normalizeOrderStatus(status);
  if (!from) return [];
  return NEXT_STATUSES[from].filter((s) => s !== 'out_for_delivery' || deliveryType === 'delivery');
}

/** Whether an order may move from `from` to `to`; staying in the same status is not a move. */
export function checkStatusTransition(
  from: OrderStatus,
  to: OrderStatus,
  deliveryType: string,
): { ok: true } | RuleFailure {
  if (nextOrderStatuses(from, deliveryType).includes(to)) return { ok: true };
  const title = 'Mudança de status não permitida';
  if (NEXT_STATUSES[from].length === 0)
    return fail(
      'status_final',
      title,
      `Este pedido já está ${ORDER_STATUS_LABELS[from].toLowerCase()} e não muda mais de status.`,
    );
  if (to === 'out_for_delivery' && deliveryType !== 'delivery')
    return fail('invalid_transition', title, 'Só pedidos de delivery saem para entrega.');
  return fail(
    'invalid_transition',
    title,
    `O pedido está "${ORDER_STATUS_LABELS[from]}" e não pode passar para "${ORDER_STATUS_LABELS[to]}".`,
  );
}

/** Statuses of an order still in progress (not delivered, not cancelled). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'preparing', 'confirmed', 'out_for_delivery'];

/**
 * How many orders one customer may have in progress without an approved payment (cash orders are
 * paid on delivery, so they count until delivered): each one holds stock and maybe a coupon use.
 */
export const MAX_OPEN_UNPAID_ORDERS = 3;

/** Refusal of a new order when the customer already has the maximum of open unpaid orders. */
export function checkOpenUnpaidOrders(openUnpaid: number): { ok: true } | RuleFailure {
  if (openUnpaid < MAX_OPEN_UNPAID_ORDERS) return { ok: true };
  return fail(
    'too_many_open_orders',
    'Muitos pedidos em aberto',
    `Você já tem ${MAX_OPEN_UNPAID_ORDERS} pedidos em andamento ainda não pagos. Aguarde a entrega de um deles ou fale com o restaurante.`,
  );
}

/**
 * A card/PIX order the kitchen must not start yet: still pending and its hosted checkout not paid
 * (a PDV sale is paid at the counter). The board shows these apart as 'Aguardando pagamento'.
 */
export function isAwaitingPayment(o: {
  status: string;
  deliveryType: string;
  paymentStatus: string | null;
  paymentCheckout: boolean;
}): boolean {
  return o.status === 'pending' && o.deliveryType !== 'pdv' && o.paymentCheckout && o.paymentStatus !== 'approved';
}

/** Refusal when a delivery order is sent out without a delivery person. */
export function checkDeliveryPerson(deliveryEmployeeId: string | null | undefined): { ok: true } | RuleFailure {
  return deliveryEmployeeId
    ? { ok: true }
    : fail('delivery_person_required', MSG.selectDeliveryPerson, MSG.deliveryPersonRequired);
}

/** Order id as the storefront shows it: its first 8 characters. */
export function shortIdStorefront(id: string): string {
  return id.slice(0, 8);
}

/** Order id as the admin panel shows it: its last 8 characters. */
export function shortIdAdmin(id: string): string {
  return id.slice(-8);
}

export const PAYMENT_STATUSES = ['approved', 'failed', 'pending', 'checking', 'unknown'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payment badge: 'pagamento aprovado', 'pagamento pendente (pix)', 'verificando...' and so on. */
export function paymentStatusLabel(status: string | null | undefined, method?: string | null): string {
  switch (status) {
    case 'approved':
      return 'pagamento aprovado';
    case 'failed':
      return 'pagamento falhou';
    case 'pending':
      if (!method) return 'pagamento pendente';
      // 'PIX (QR Code)' would read 'pagamento pendente (PIX (QR Code))'.
      return method.includes('(') ? `pagamento pendente · ${method}` : `pagamento pendente (${method})`;
    case 'checking':
      return 'verificando...';
    default:
      return 'status desconhecido';
  }
}

/** The delivery confirmation input keeps digits only, at most 4. */
export function sanitizeDigitsInput(value: string): string {
  return onlyDigits(value).slice(0, 4);
}

/**
 * Checks the 4 digits typed to confirm a local delivery against the customer's phone:
 * empty → 'Digite os 4 últimos dígitos'; not exactly 4 digits → 'Formato inválido'; different →
 * 'Telefone incorreto'. A phone with fewer than 4 digits can never match.
 */
export function checkDeliveryDigits(input: string, phone: string | null | undefined): { ok: true } | RuleFailure {
  const typed = input.trim();
  if (typed === '') return fail('digits_required', MSG.digitsRequired);
  if (!/^\d{4}$/.test(typed)) return fail('digits_format', MSG.invalidFormat, MSG.digitsOnly);
  const expected = lastDigits(phone ?? '', 4);
  if (expected.length !== 4 || expected !== typed) return fail('digits_mismatch', MSG.wrongPhone, MSG.digitsMismatch);
  return { ok: true };
}
