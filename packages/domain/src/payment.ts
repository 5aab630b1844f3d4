import { normalizeText } from './delivery';
import { fail, MSG, type RuleFailure } from './messages';
import { formatBRL } from './money';

export const PAYMENT_TYPES = ['credit_card', 'debit_card', 'pix', 'cash'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  credit_card: 'Cartão de Crédito',
  debit_card: 'Cartão de Débito',
  pix: 'PIX',
  cash: 'Dinheiro',
};

/** A payment method as the rules need it (a configured row or a fallback). */
export type PaymentMethodLike = {
  id: string;
  name: string;
  type?: PaymentType;
  icon?: string | null;
  active?: boolean;
  requiresChange?: boolean;
  /** Paid through the card provider's hosted checkout (card and pix). */
  infinitepayEnabled?: boolean;
  maxInstallments?: number;
};

/**
 * Offered at checkout when the restaurant configured no active method: credit card, debit card and
 * pix through the card provider, and cash (with change).
 */
export const FALLBACK_PAYMENT_METHODS: readonly PaymentMethodLike[] = [
  {
    id: 'credit_card',
    name: 'Cartão de Crédito',
    type: 'credit_card',
    icon: 'card',
    infinitepayEnabled: true,
    maxInstallments: 12,
  },
  {
    id: 'debit_card',
    name: 'Cartão de Débito',
    type: 'debit_card',
    icon: 'card',
    infinitepayEnabled: true,
    maxInstallments: 1,
  },
  { id: 'pix', name: 'PIX', type: 'pix', icon: 'pix', infinitepayEnabled: true, maxInstallments: 1 },
  {
    id: 'cash',
    name: 'Dinheiro',
    type: 'cash',
    icon: 'money',
    requiresChange: true,
    infinitepayEnabled: false,
    maxInstallments: 1,
  },
];

/** The rows "Criar Padrões" inserts: Dinheiro (needs change), PIX, Cartão de Débito, Cartão de Crédito. */
export const DEFAULT_PAYMENT_METHODS = [
  { name: 'Dinheiro', icon: '💵', requiresChange: true, infinitepayEnabled: false, maxInstallments: 1, active: true },
  { name: 'PIX', icon: '💠', requiresChange: false, infinitepayEnabled: false, maxInstallments: 1, active: true },
  {
    name: 'Cartão de Débito',
    icon: '💳',
    requiresChange: false,
    infinitepayEnabled: false,
    maxInstallments: 1,
    active: true,
  },
  {
    name: 'Cartão de Crédito',
    icon: '💳',
    requiresChange: false,
    infinitepayEnabled: false,
    maxInstallments: 1,
    active: true,
  },
] as const;

/** The active configured methods, or the fallback list when there is none. */
export function checkoutPaymentMethods<M extends PaymentMethodLike>(
  methods: readonly M[],
): readonly (M | PaymentMethodLike)[] {
  const active = methods.filter((m) => m.active !== false);
  return active.length > 0 ? active : FALLBACK_PAYMENT_METHODS;
}

/** Whether paying with this method goes through the card provider's hosted checkout. */
export function isCardProviderMethod(method: Pick<PaymentMethodLike, 'infinitepayEnabled'>): boolean {
  return method.infinitepayEnabled === true;
}

/**
 * The payment type a method's free-text name stands for ('Cartão de Crédito' → credit_card), or null.
 * Names are what restaurants typed, so matching is accent- and case-insensitive.
 */
export function paymentTypeOf(name: string | null | undefined): PaymentType | null {
  const n = normalizeText(name ?? '');
  if (!n) return null;
  if (n.includes('pix')) return 'pix';
  if (n.includes('debito') || n === 'debit_card') return 'debit_card';
  if (n.includes('credito') || n === 'credit_card' || n.includes('cartao')) return 'credit_card';
  if (n.includes('dinheiro') || n === 'cash') return 'cash';
  return null;
}

const GROUP_LABELS: Record<PaymentType, string> = {
  pix: 'PIX',
  credit_card: 'Crédito',
  debit_card: 'Débito',
  cash: 'Dinheiro',
};

/**
 * Report grouping of a payment method: PIX, Crédito, Débito, Dinheiro, or 'Não informado' when
 * missing. Other names (e.g. 'Vale-refeição') stay their own group.
 */
export function paymentGroupLabel(name: string | null | undefined): string {
  if (!name || name.trim() === '') return 'Não informado';
  const type = paymentTypeOf(name);
  return type ? GROUP_LABELS[type] : name.trim();
}

/**
 * The checkout offers ONE way to pay by PIX. With the restaurant's own key, "PIX (QR Code)" takes the
 * place of every other PIX method (the "PIX" row "Criar Padrões" adds, or a provider's PIX), where the
 * first of them stood; without a key the list is left as it is.
 */
export function onePixChoice<M extends { name: string; type?: PaymentType | null }>(
  methods: readonly M[],
  localPix: M | null,
): M[] {
  if (!localPix) return [...methods];
  const isPix = (m: M) => (m.type ?? paymentTypeOf(m.name)) === 'pix';
  const at = methods.findIndex(isPix);
  const others = methods.filter((m) => !isPix(m));
  const index = at < 0 ? others.length : methods.slice(0, at).filter((m) => !isPix(m)).length;
  return [...others.slice(0, index), localPix, ...others.slice(index)];
}

/**
 * Methods offered at the POS: card-provider methods only when their name says pix (card payments at
 * the counter go through the card machine, not a hosted checkout); the others always.
 */
export function posPaymentMethods<M extends PaymentMethodLike>(methods: readonly M[]): M[] {
  return methods.filter(
    (m) => m.active !== false && (!isCardProviderMethod(m) || normalizeText(m.name).includes('pix')),
  );
}

/**
 * Change for a cash payment: received must be above zero and at least the total, else
 * 'Valor insuficiente' / 'O valor recebido deve ser pelo menos R$ X.'; change = received − total.
 */
export function cashChange(
  total: number,
  received: number | null | undefined,
): { ok: true; change: number } | RuleFailure {
  if (received === null || received === undefined || !Number.isFinite(received) || received <= 0 || received < total)
    return fail(
      'insufficient_amount',
      MSG.insufficientAmount,
      `O valor recebido deve ser pelo menos ${formatBRL(total)}.`,
    );
  return { ok: true, change: received - total };
}

/** Discount at the POS: between 0 and the subtotal, so the total never goes below zero. */
export function clampDiscount(discount: number, subtotal: number): number {
  if (!Number.isFinite(discount) || discount <= 0) return 0;
  return Math.min(discount, Math.max(0, subtotal));
}

/** The discount as a percent of the subtotal with one decimal, pt-BR: '12,5%'. */
export function discountPercentLabel(discount: number, subtotal: number): string {
  const pct = subtotal > 0 ? (clampDiscount(discount, subtotal) * 100) / subtotal : 0;
  return `${pct.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

export type SplitPayment = { methodId: string; amount: number; received?: number; change?: number };

/** What is still to pay after the payments added so far (never below zero). */
export function remainingToPay(total: number, payments: readonly Pick<SplitPayment, 'amount'>[]): number {
  return Math.max(0, total - payments.reduce((sum, p) => sum + p.amount, 0));
}

/**
 * Validates one payment added in the POS payment dialog: a method, an amount above zero and not above
 * what remains; a method that gives change needs received ≥ amount, and change = received − amount.
 */
export function validateSplitPayment(p: {
  methodId: string | null | undefined;
  amount: number | null | undefined;
  remaining: number;
  requiresChange?: boolean;
  received?: number | null;
}): { ok: true; change: number } | RuleFailure {
  if (!p.methodId) return fail('method_required', MSG.selectPaymentMethod);
  if (p.amount === null || p.amount === undefined || !(p.amount > 0))
    return fail('amount_not_positive', MSG.amountMustBePositive);
  if (p.amount > p.remaining) return fail('amount_above_remaining', MSG.amountAboveRemaining);
  if (!p.requiresChange) return { ok: true, change: 0 };
  if (p.received === null || p.received === undefined || p.received < p.amount)
    return fail('received_insufficient', MSG.receivedInsufficient);
  return { ok: true, change: p.received - p.amount };
}

/** Whether the POS sale may be confirmed: at least one payment and nothing left to pay. */
export function checkPaymentsCover(
  total: number,
  payments: readonly Pick<SplitPayment, 'amount'>[],
): { ok: true } | RuleFailure {
  if (payments.length === 0) return fail('payment_required', MSG.addOnePayment);
  if (remainingToPay(total, payments) > 0) return fail('total_not_covered', MSG.totalNotCovered);
  return { ok: true };
}

/** A cash withdrawal (sangria) needs an amount and a reason, and the amount must be above zero. */
export function validateWithdrawal(w: {
  amount: number | null | undefined;
  reason: string | null | undefined;
}): { ok: true } | RuleFailure {
  if (w.amount === null || w.amount === undefined || Number.isNaN(w.amount) || !w.reason?.trim())
    return fail('fields_required', MSG.requiredFieldsShort);
  if (!(w.amount > 0)) return fail('invalid_amount', MSG.invalidAmount);
  return { ok: true };
}
