import { fail, type RuleFailure } from './messages';
import { formatBRL } from './money';
import { DELIVERY_TYPE_LABELS, type DeliveryType } from './order-status';

/*
 * Table accounts (comandas): a table or a numbered tab stays open for the whole meal, rounds are added
 * to it, and it is paid at the end, in parts. These are its rules: which operation each status allows,
 * the bill (service charge, couvert) and how it is split, to the centavo.
 */

// ─── Status and operations ───────────────────────────────────────────────────────────────────────

/** `free` is a table without an open account; the other three are an account's own statuses. */
export const ACCOUNT_STATUSES = ['free', 'occupied', 'billing', 'closed'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  free: 'Livre',
  occupied: 'Ocupada',
  billing: 'Em pagamento',
  closed: 'Fechada',
};

export const ACCOUNT_OPERATIONS = [
  'open',
  'add_round',
  'cancel_item',
  'transfer',
  'join',
  'request_bill',
  'reopen',
  'set_service_charge',
  'discount',
  'pay',
  'close',
] as const;
export type AccountOperation = (typeof ACCOUNT_OPERATIONS)[number];

/**
 * The one table of what each status allows. Ordering, cancelling and moving items happen while the
 * table is occupied; once the bill is asked for, only payments, the service-charge choice, a discount
 * and closing (or going back to ordering) remain; a closed account allows nothing.
 */
export const ALLOWED_OPERATIONS: Record<AccountStatus, readonly AccountOperation[]> = {
  free: ['open'],
  occupied: [
    'add_round',
    'cancel_item',
    'transfer',
    'join',
    'request_bill',
    'set_service_charge',
    'discount',
    'pay',
    'close',
  ],
  billing: ['reopen', 'set_service_charge', 'discount', 'pay', 'close'],
  closed: [],
};

const OPERATION_REFUSED: Record<AccountStatus, string> = {
  free: 'Abra a mesa antes de lançar pedidos ou pagamentos.',
  occupied: 'A mesa já está aberta.',
  billing: 'A conta foi pedida: volte a mesa para "Ocupada" para lançar ou mover itens.',
  closed: 'A conta já foi fechada.',
};

export function isOperationAllowed(status: AccountStatus, op: AccountOperation): boolean {
  return ALLOWED_OPERATIONS[status].includes(op);
}

/** The operation in this status, or the pt-BR reason it is refused. */
export function checkOperation(status: AccountStatus, op: AccountOperation): { ok: true } | RuleFailure {
  return isOperationAllowed(status, op)
    ? { ok: true }
    : fail('account_operation_refused', 'Operação não permitida', OPERATION_REFUSED[status]);
}

/** What status an account moves to after an allowed operation. */
export function statusAfter(status: AccountStatus, op: AccountOperation): AccountStatus {
  if (op === 'open') return 'occupied';
  if (op === 'request_bill') return 'billing';
  if (op === 'reopen') return 'occupied';
  if (op === 'close') return 'closed';
  return status;
}

/** "Mesa 12" or "Comanda 7": how screens and the kitchen name an account. */
export type AccountKind = 'table' | 'tab';
export function accountLabel(kind: AccountKind, number: number): string {
  return `${kind === 'table' ? 'Mesa' : 'Comanda'} ${number}`;
}

/** "Mesa 12 · rodada 3": how the board and the kitchen display mark a round. */
export function roundLabel(kind: AccountKind, number: number, round: number): string {
  return `${accountLabel(kind, number)} · rodada ${round}`;
}

/**
 * How the board, the kitchen and the tickets name a dine-in order: "Mesa 12 · rodada 3", "Mesa 12",
 * "Comanda 7 · rodada 1" (a tab's round: `tabNumber`), "Rodada 2" when the tab is gone.
 */
export function tableOrderLabel(
  tableNumber: number | null,
  round: number | null,
  tabNumber: number | null = null,
): string | null {
  if (tabNumber !== null) return round !== null ? roundLabel('tab', tabNumber, round) : accountLabel('tab', tabNumber);
  if (tableNumber !== null && round !== null) return roundLabel('table', tableNumber, round);
  if (tableNumber !== null) return `Mesa ${tableNumber}`;
  return round !== null ? `Rodada ${round}` : null;
}

/** The kind badge of an order on the board: "Comanda" for a tab's round, its delivery type otherwise. */
export function orderKindLabel(deliveryType: string, tabNumber: number | null): string {
  if (deliveryType === 'dine_in' && tabNumber !== null) return 'Comanda';
  return DELIVERY_TYPE_LABELS[deliveryType as DeliveryType] ?? deliveryType;
}

// ─── The bill ────────────────────────────────────────────────────────────────────────────────────

export const DEFAULT_SERVICE_PERCENT = 10;
export const MAX_SERVICE_PERCENT = 20;

export type BillInput = {
  /** Σ of the account's items still standing (cancelled items excluded). */
  itemsTotal: number;
  discount: number;
  /** Percentage of the service charge (10 by default), applied on the discounted items. */
  servicePercent: number;
  /** The customer declined it (the law makes it optional): removed with a reason. */
  serviceRemoved: boolean;
  couvertPerPerson: number;
  people: number;
};

export type Bill = {
  itemsTotal: number;
  discount: number;
  serviceCharge: number;
  couvert: number;
  total: number;
};

/**
 * The bill: items − discount, plus the service charge on that discounted amount (rounded to the
 * centavo, half up), plus the couvert per person. The couvert is not subject to the service charge.
 */
export function billOf(input: BillInput): Bill {
  const discount = Math.min(Math.max(0, input.discount), input.itemsTotal);
  const base = input.itemsTotal - discount;
  const serviceCharge = input.serviceRemoved ? 0 : Math.round((base * input.servicePercent) / 100);
  const couvert = input.couvertPerPerson * Math.max(0, input.people);
  return { itemsTotal: input.itemsTotal, discount, serviceCharge, couvert, total: base + serviceCharge + couvert };
}

export function checkServicePercent(percent: number): { ok: true } | RuleFailure {
  return Number.isInteger(percent) && percent >= 0 && percent <= MAX_SERVICE_PERCENT
    ? { ok: true }
    : fail(
        'invalid_service_percent',
        'Taxa de serviço inválida',
        `Use um percentual inteiro de 0 a ${MAX_SERVICE_PERCENT}.`,
      );
}

/** Removing the service charge needs a reason (it is shown to the owner next to the staff's share). */
export function checkServiceRemoval(reason: string | null | undefined): { ok: true; reason: string } | RuleFailure {
  const r = reason?.trim() ?? '';
  return r.length >= 3
    ? { ok: true, reason: r }
    : fail('service_reason_required', 'Informe o motivo', 'Diga por que a taxa de serviço foi retirada.');
}

/** Cancelling an item already sent to the kitchen needs a reason, printed for the kitchen. */
export function checkCancelReason(reason: string | null | undefined): { ok: true; reason: string } | RuleFailure {
  const r = reason?.trim() ?? '';
  return r.length >= 3
    ? { ok: true, reason: r }
    : fail('cancel_reason_required', 'Informe o motivo', 'O motivo do cancelamento é mostrado à cozinha.');
}

/**
 * A discount on the account: at most its items, and never so much that the bill falls below what was
 * already paid (the parts taken stay taken). Answers the bill with it. Who may give how much is the
 * PDV's rule (cashier-discounts.ts).
 */
export function checkAccountDiscount(input: BillInput, paid: number): { ok: true; bill: Bill } | RuleFailure {
  const d = input.discount;
  if (!Number.isInteger(d) || d < 0 || d > input.itemsTotal)
    return fail(
      'invalid_discount',
      'Desconto inválido',
      `O desconto vai de R$ 0,00 até o valor dos itens (${formatBRL(input.itemsTotal)}).`,
    );
  const bill = billOf(input);
  if (bill.total < paid)
    return fail(
      'discount_below_paid',
      'Desconto maior que o restante',
      `Já foram pagos ${formatBRL(paid)}: com este desconto a conta ficaria em ${formatBRL(bill.total)}.`,
    );
  return { ok: true, bill };
}

// ─── Payments against the bill ──────────────────────────────────────────────────────────────────

export function remainingOf(total: number, paid: number): number {
  return Math.max(0, total - paid);
}

/** Closing needs the payments to cover the whole bill. */
export function checkCanClose(total: number, paid: number): { ok: true } | RuleFailure {
  return paid >= total
    ? { ok: true }
    : fail('account_not_paid', 'Conta não quitada', `Faltam ${formatBRL(total - paid)} para fechar a conta.`);
}

// ─── Splits ─────────────────────────────────────────────────────────────────────────────────────

/** Equal parts; the centavos that do not divide go one each to the first parts (100,00 / 3 → 33,34 + 33,33 + 33,33). */
export function splitEqually(total: number, people: number): number[] {
  const n = Math.max(1, Math.floor(people));
  const base = Math.floor(total / n);
  const rest = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < rest ? 1 : 0));
}

/**
 * `total` shared in proportion to `weights` (the centavos left by rounding down go one each to the
 * largest fractions, earliest first), so the parts always add up to the total.
 */
export function splitProportionally(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + Math.max(0, w), 0);
  if (weights.length === 0) return [];
  if (sum === 0) return splitEqually(total, weights.length);
  const exact = weights.map((w) => (total * Math.max(0, w)) / sum);
  const parts = exact.map(Math.floor);
  let rest = total - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    parts[i] += 1;
    rest -= 1;
  }
  return parts;
}

/**
 * Split by items: each person pays the items they had, and the discount, service charge and couvert are
 * shared in proportion to those items, so the parts add up to the bill's total.
 */
export function splitByItems(bill: Pick<Bill, 'total'>, itemsPerPerson: readonly (readonly number[])[]): number[] {
  return splitProportionally(
    bill.total,
    itemsPerPerson.map((items) => items.reduce((s, v) => s + v, 0)),
  );
}

/** Custom amounts: every part above zero, and together exactly what is left to pay. */
export function checkCustomSplit(remaining: number, parts: readonly number[]): { ok: true } | RuleFailure {
  if (parts.length === 0 || parts.some((p) => !Number.isInteger(p) || p <= 0))
    return fail('invalid_split', 'Divisão inválida', 'Cada parte deve ter um valor maior que zero.');
  const sum = parts.reduce((s, p) => s + p, 0);
  if (sum !== remaining)
    return fail(
      'split_mismatch',
      'Divisão inválida',
      `As partes somam ${formatBRL(sum)}, mas faltam ${formatBRL(remaining)}.`,
    );
  return { ok: true };
}

// ─── Turnover ────────────────────────────────────────────────────────────────────────────────────

export type ClosedAccountFigures = { openedAt: Date; closedAt: Date; people: number; total: number };

/** Table turnover: how many accounts closed, minutes occupied on average, average ticket per person. */
export function tableTurnover(accounts: readonly ClosedAccountFigures[]): {
  accounts: number;
  averageMinutes: number;
  averageTicketPerPerson: number;
} {
  if (accounts.length === 0) return { accounts: 0, averageMinutes: 0, averageTicketPerPerson: 0 };
  const minutes = accounts.reduce((s, a) => s + (a.closedAt.getTime() - a.openedAt.getTime()) / 60000, 0);
  const people = accounts.reduce((s, a) => s + Math.max(1, a.people), 0);
  const total = accounts.reduce((s, a) => s + a.total, 0);
  return {
    accounts: accounts.length,
    averageMinutes: Math.round(minutes / accounts.length),
    averageTicketPerPerson: Math.round(total / people),
  };
}
