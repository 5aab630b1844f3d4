/**
 * Payments through the card provider's hosted checkout: whose handle it uses, which orders it collects
 * for and how much, what its return page and verification say, and whether that pays the order.
 */
import { formatBRL } from './money';
import { isLocalPixOrder } from './order-pix';
import { paymentTypeOf } from './payment';

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
