import { normalizeText } from './delivery';
import { fail, MSG, type RuleFailure } from './messages';
import { formatBRL } from './money';
import { isLocalPixOrder } from './order-pix';

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

/**
 * The card provider's handle for a restaurant: its app_client_referrer, or null while it is not
 * configured. Unlike the spec, the slug or the name are never used instead: a guessed handle sends the
 * customer to a checkout that pays someone else or nobody, so online payment waits for the setting
 * ('Configuração necessária').
 */
export function providerHandle(r: { appClientReferrer?: string | null }): string | null {
  return r.appClientReferrer?.trim() || null;
}

/**
 * The return page's parameters that say how a payment was made (spec 1 lists them with the others):
 * authorisation code, card brand, the provider's account ids, handle and merchant document, and its test
 * flag. They are kept with the order's payment data for staff and refunds, each as the short code it is:
 * a value of another shape or longer is left out, so a confirmation is never refused over a detail.
 */
const RETURN_DETAILS = {
  aut: /^[A-Za-z0-9-]{1,40}$/,
  card_brand: /^[A-Za-z0-9 _.-]{1,30}$/,
  user_id: /^[A-Za-z0-9_.:@-]{1,100}$/,
  access_id: /^[A-Za-z0-9_.:@-]{1,100}$/,
  handle: /^[$A-Za-z0-9_.-]{1,100}$/,
  merchant_document: /^[0-9./-]{11,18}$/,
  test: /^(true|false)$/,
} as const;

export type PaymentReturnDetailName = keyof typeof RETURN_DETAILS;
export type PaymentReturnDetails = Partial<Record<PaymentReturnDetailName, string>>;
export const PAYMENT_RETURN_DETAIL_NAMES = Object.keys(RETURN_DETAILS) as PaymentReturnDetailName[];

/** The well-formed return details among `raw` (trimmed); unknown names and malformed values are dropped. */
export function paymentReturnDetails(raw: Readonly<Record<string, unknown>> | null | undefined): PaymentReturnDetails {
  const out: PaymentReturnDetails = {};
  for (const name of PAYMENT_RETURN_DETAIL_NAMES) {
    const value = raw?.[name];
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (RETURN_DETAILS[name].test(trimmed)) out[name] = trimmed;
  }
  return out;
}

/**
 * Whether an order was created to be paid through the hosted checkout: its link was produced when it
 * was placed (`infinitepay_checkout`, `true` on imported storefront orders; a PDV sale only with a
 * real link). Cash and card-on-delivery orders never get one, so no provider answer can mark them paid.
 */
export function isOnlineCheckoutOrder(o: {
  deliveryType: string;
  paymentData: Record<string, unknown> | null | undefined;
}): boolean {
  const link = o.paymentData?.infinitepay_checkout;
  if (typeof link === 'string') return link !== '';
  return link === true && o.deliveryType !== 'pdv';
}

/** The transaction id and provider slug a checkout left on an order (field names vary by where they came from). */
export function checkoutRefs(data: Record<string, unknown>): { transactionNsu: string | null; slug: string | null } {
  const pick = (...keys: string[]) => {
    for (const k of keys) {
      const v = data[k];
      if (typeof v === 'string' && v.trim() !== '') return v.trim();
    }
    return null;
  };
  return {
    transactionNsu: pick('transactionNsu', 'transaction_nsu', 'transactionId', 'transaction_id'),
    slug: pick('slug', 'checkoutSlug', 'checkout_slug'),
  };
}

/**
 * A card/PIX order paid through the hosted checkout: the only kind staff may ask the provider about.
 * Not a PDV sale, not a local PIX order (staff confirm those), not cash.
 */
export function isCheckoutOrder(o: {
  paymentMethod: string | null;
  paymentStatus: string | null;
  paymentData: Record<string, unknown> | null;
  deliveryType: string;
}): boolean {
  if (o.deliveryType === 'pdv' || isLocalPixOrder(o)) return false;
  const type = paymentTypeOf(o.paymentMethod);
  if (!type || type === 'cash') return false;
  const data = o.paymentData ?? {};
  return (
    o.paymentStatus !== null ||
    data.infinitepay_checkout === true ||
    data.infinitepayCheckout === true ||
    checkoutRefs(data).transactionNsu !== null
  );
}

/**
 * What the hosted checkout must collect for an order: the whole total, or for a PDV sale split between
 * the provider and other payments, only the provider's part (`provider_amount`, set by the server).
 */
export function providerAmountDue(o: {
  deliveryType: string;
  total: number;
  paymentData: Record<string, unknown> | null | undefined;
}): number {
  const part = o.paymentData?.provider_amount;
  if (o.deliveryType === 'pdv' && Number.isInteger(part) && (part as number) > 0 && (part as number) <= o.total)
    return part as number;
  return o.total;
}

/** What the card provider's verification said; amounts in centavos. */
export type ProviderAnswer = {
  success?: boolean | null;
  paid?: boolean | null;
  /** What the buyer paid (may be above the order amount: installment interest). */
  paidAmount?: number | null;
  /** The amount the checkout charged. */
  amount?: number | null;
  currency?: string | null;
};

export type PaymentVerdict =
  | { status: 'approved' | 'failed' | 'pending' }
  | { status: 'rejected'; reason: 'not_online' | 'currency' | 'amount'; warning: string };

const CHECK_WITH_PROVIDER = 'O pedido não foi marcado como pago: confira com a operadora antes de preparar.';

/** What the customer reads when a payment was received but does not match the order. */
export const PAYMENT_MISMATCH_CUSTOMER_TEXT =
  'O pagamento recebido não confere com o pedido, por isso ele não foi aprovado. O restaurante foi avisado.';

/**
 * Judges the provider's answer against the order: no answer → pending; not paid → failed; paid is
 * approved only for an order created for an online payment, in reais, and when every amount the
 * provider reports covers the order total (a buyer who edited the checkout link's prices pays less).
 * A paid answer without any amount cannot be checked, so it is rejected too. `warning` is the pt-BR
 * text staff see.
 */
export function judgeProviderPayment(
  order: { total: number; online: boolean },
  answer: ProviderAnswer | null | undefined,
): PaymentVerdict {
  if (answer?.success !== true) return { status: 'pending' };
  if (answer.paid !== true) return { status: 'failed' };
  if (!order.online)
    return {
      status: 'rejected',
      reason: 'not_online',
      warning: `A operadora informou um pagamento online para um pedido que não foi feito para pagamento online. ${CHECK_WITH_PROVIDER}`,
    };
  const currency = answer.currency?.trim().toUpperCase();
  if (currency && currency !== 'BRL')
    return {
      status: 'rejected',
      reason: 'currency',
      warning: `A operadora informou um pagamento em outra moeda (${currency.slice(0, 10)}). ${CHECK_WITH_PROVIDER}`,
    };
  const amounts = [answer.paidAmount, answer.amount].filter(
    (a): a is number => typeof a === 'number' && Number.isFinite(a),
  );
  if (amounts.length === 0)
    return {
      status: 'rejected',
      reason: 'amount',
      warning: `A operadora não informou o valor pago. ${CHECK_WITH_PROVIDER}`,
    };
  const paid = Math.min(...amounts);
  if (paid < order.total)
    return {
      status: 'rejected',
      reason: 'amount',
      warning: `Valor pago (${formatBRL(paid)}) menor que o total do pedido (${formatBRL(order.total)}). ${CHECK_WITH_PROVIDER}`,
    };
  return { status: 'approved' };
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
