import { DEFAULT_TIMEZONE, localDateString } from './hours';
import { fail, MSG, type RuleFailure } from './messages';
import { formatBRL } from './money';

export const COUPON_TYPES = ['percent', 'fixed'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export const COUPON_TYPE_LABELS: Record<CouponType, string> = {
  percent: 'Percentual',
  fixed: 'Valor fixo',
};

/**
 * A coupon as the rules need it. `value` is a whole percent for 'percent' and centavos for 'fixed';
 * `minTotal` is centavos. `usageLimit` null means unlimited total uses.
 */
export type Coupon = {
  code: string;
  type: CouponType;
  value: number;
  minTotal: number;
  active: boolean;
  validFrom: Date | string;
  validTo: Date | string | null;
  usageLimit: number | null;
  usesCount: number;
  /** Null or 0 means no per-customer limit (0 would otherwise make the coupon unusable by anyone). */
  usesPerCustomer: number | null;
};

export type CouponContext = {
  /** Cart subtotal in centavos (before delivery fee). */
  subtotal: number;
  now: Date;
  /** How many orders of this customer already used the coupon; unknown customers count 0. */
  usesByCustomer?: number;
};

export type CouponOk = { ok: true; code: string; discount: number };

/** Trims and upper-cases a coupon code: codes match case-insensitively and are stored upper-case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Finds a coupon by code, ignoring case and surrounding spaces. */
export function findCouponByCode<C extends { code: string }>(coupons: readonly C[], code: string): C | undefined {
  const wanted = normalizeCouponCode(code);
  if (wanted === '') return undefined;
  return coupons.find((c) => normalizeCouponCode(c.code) === wanted);
}

function toDate(v: Date | string): Date {
  return v instanceof Date ? v : new Date(v);
}

/**
 * The discount of a coupon on a subtotal, in centavos, never more than the subtotal.
 * Percent: subtotal × value / 100 rounded half up to the centavo (R$ 10,05 at 10% → R$ 1,01),
 * because the customer should never be charged a fraction and half a centavo favours the customer.
 * Fixed: the coupon value, capped at the subtotal so a total never goes negative.
 */
export function couponDiscount(coupon: Pick<Coupon, 'type' | 'value'>, subtotal: number): number {
  if (subtotal <= 0 || coupon.value <= 0) return 0;
  const raw = coupon.type === 'percent' ? Math.round((subtotal * coupon.value) / 100) : coupon.value;
  return Math.min(raw, subtotal);
}

/**
 * Checks a coupon for an order and gives its discount. In order: it must exist, be active, have
 * started (valid_from ≤ now) and not ended (valid_to null or ≥ now) — all failing with
 * 'Cupom inválido' / 'Cupom não encontrado ou expirado.' as the spec's lookup only sees valid coupons;
 * then the total usage limit and the per-customer limit (our addition, ARCHITECTURE §6.6); then the
 * minimum subtotal ('Valor mínimo não atingido').
 */
export function evaluateCoupon(coupon: Coupon | null | undefined, ctx: CouponContext): CouponOk | RuleFailure {
  if (!coupon?.active) return fail('coupon_not_found', MSG.invalidCoupon, MSG.couponNotFound);
  const now = ctx.now.getTime();
  const from = toDate(coupon.validFrom).getTime();
  if (Number.isNaN(from) || from > now) return fail('coupon_not_found', MSG.invalidCoupon, MSG.couponNotFound);
  if (coupon.validTo !== null) {
    const to = toDate(coupon.validTo).getTime();
    if (Number.isNaN(to) || to < now) return fail('coupon_not_found', MSG.invalidCoupon, MSG.couponNotFound);
  }
  if (coupon.usageLimit !== null && coupon.usesCount >= coupon.usageLimit)
    return fail('coupon_usage_limit', MSG.invalidCoupon, MSG.couponUsageLimitReached);
  const perCustomer = coupon.usesPerCustomer ?? 0;
  if (perCustomer > 0 && (ctx.usesByCustomer ?? 0) >= perCustomer)
    return fail('coupon_customer_limit', MSG.invalidCoupon, MSG.couponCustomerLimitReached);
  if (ctx.subtotal < coupon.minTotal)
    return fail(
      'coupon_min_total',
      MSG.couponMinNotReached,
      `O pedido precisa somar pelo menos ${formatBRL(coupon.minTotal)} para usar este cupom.`,
    );
  return { ok: true, code: normalizeCouponCode(coupon.code), discount: couponDiscount(coupon, ctx.subtotal) };
}

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * The "Gerar" button's code: `${round(value)}OFF` for a percent coupon, `SAVE${value}` for a fixed
 * one (value in reais as typed in the form, e.g. 10 → 'SAVE10'), otherwise — no positive value yet —
 * 'CUPOM' plus 6 random upper-case letters or digits. `random` returns [0, 1) like Math.random and is
 * injected so tests are deterministic.
 */
export function generateCouponCode(type: CouponType, value: number, random: () => number = Math.random): string {
  if (Number.isFinite(value) && value > 0) {
    if (type === 'percent') return `${Math.round(value)}OFF`;
    if (type === 'fixed') return normalizeCouponCode(`SAVE${value}`);
  }
  let suffix = '';
  for (let i = 0; i < 6; i++) {
    const index = Math.min(CODE_ALPHABET.length - 1, Math.floor(random() * CODE_ALPHABET.length));
    suffix += CODE_ALPHABET[index];
  }
  return `CUPOM${suffix}`;
}

export type CouponDraft = {
  code: string;
  type: CouponType;
  value: number;
  minTotal: number;
  usesPerCustomer: number;
  usageLimit: number | null;
  active: boolean;
  /** 'YYYY-MM-DD', the restaurant's local date. */
  validFrom: string;
  validTo: string | null;
};

/**
 * A new coupon form: percent, value 0, min_total 0, one use per customer, unlimited total uses,
 * active, valid from today (the restaurant's local date, not UTC's).
 */
export function couponDefaults(now: Date = new Date(), timeZone: string = DEFAULT_TIMEZONE): CouponDraft {
  return {
    code: '',
    type: 'percent',
    value: 0,
    minTotal: 0,
    usesPerCustomer: 1,
    usageLimit: null,
    active: true,
    validFrom: localDateString(now, timeZone),
    validTo: null,
  };
}

/** An empty usage-limit or end-date field is saved as null (unlimited / no end). */
export function blankToNull<T>(value: T | '' | null | undefined): T | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  return value as T;
}

/** The "uses" column: 'used / limit', with ∞ for unlimited. */
export function couponUsesLabel(usesCount: number, usageLimit: number | null): string {
  return `${usesCount} / ${usageLimit ?? '∞'}`;
}
