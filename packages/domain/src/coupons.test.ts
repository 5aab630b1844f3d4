import { describe, expect, it } from 'vitest';
import {
  blankToNull,
  type Coupon,
  couponDefaults,
  couponDiscount,
  couponUsesLabel,
  evaluateCoupon,
  findCouponByCode,
  generateCouponCode,
  normalizeCouponCode,
} from './coupons';

const NOW = new Date('2025-06-15T15:00:00Z');

function coupon(over: Partial<Coupon> = {}): Coupon {
  return {
    code: 'PROMO10',
    type: 'percent',
    value: 10,
    minTotal: 0,
    active: true,
    validFrom: '2025-06-01T00:00:00Z',
    validTo: null,
    usageLimit: null,
    usesCount: 0,
    usesPerCustomer: 1,
    ...over,
  };
}

const NOT_FOUND = {
  ok: false,
  code: 'coupon_not_found',
  title: 'Cupom inválido',
  description: 'Cupom não encontrado ou expirado.',
};

describe('normalizeCouponCode / findCouponByCode', () => {
  it('trims and upper-cases', () => {
    expect(normalizeCouponCode('  promo10 ')).toBe('PROMO10');
  });
  it('finds a coupon case-insensitively', () => {
    const list = [coupon({ code: 'FRETE' }), coupon({ code: 'Promo10' })];
    expect(findCouponByCode(list, ' promo10')?.code).toBe('Promo10');
    expect(findCouponByCode(list, 'nada')).toBeUndefined();
    expect(findCouponByCode(list, '   ')).toBeUndefined();
  });
});

describe('couponDiscount', () => {
  it('computes a percent of the subtotal', () => {
    expect(couponDiscount({ type: 'percent', value: 10 }, 5000)).toBe(500);
    expect(couponDiscount({ type: 'percent', value: 15 }, 3990)).toBe(599); // 598.5 → 599
  });
  it('rounds a percent discount half up to the centavo', () => {
    expect(couponDiscount({ type: 'percent', value: 10 }, 1005)).toBe(101); // 100.5
    expect(couponDiscount({ type: 'percent', value: 10 }, 1004)).toBe(100); // 100.4
    expect(couponDiscount({ type: 'percent', value: 33 }, 1001)).toBe(330); // 330.33
  });
  it('gives a fixed value capped at the subtotal', () => {
    expect(couponDiscount({ type: 'fixed', value: 1000 }, 5000)).toBe(1000);
    expect(couponDiscount({ type: 'fixed', value: 1000 }, 600)).toBe(600);
  });
  it('never exceeds the subtotal and is 0 for nothing to discount', () => {
    expect(couponDiscount({ type: 'percent', value: 150 }, 1000)).toBe(1000);
    expect(couponDiscount({ type: 'percent', value: 0 }, 1000)).toBe(0);
    expect(couponDiscount({ type: 'fixed', value: 500 }, 0)).toBe(0);
  });
});

describe('evaluateCoupon', () => {
  it('accepts a valid coupon and returns its discount and normalised code', () => {
    expect(evaluateCoupon(coupon({ code: 'promo10' }), { subtotal: 8000, now: NOW })).toEqual({
      ok: true,
      code: 'PROMO10',
      discount: 800,
    });
  });

  it('fails a missing coupon with the spec texts', () => {
    expect(evaluateCoupon(null, { subtotal: 8000, now: NOW })).toEqual(NOT_FOUND);
    expect(evaluateCoupon(undefined, { subtotal: 8000, now: NOW })).toEqual(NOT_FOUND);
  });

  it('fails an inactive coupon', () => {
    expect(evaluateCoupon(coupon({ active: false }), { subtotal: 8000, now: NOW })).toEqual(NOT_FOUND);
  });

  it('fails before valid_from and accepts exactly at valid_from', () => {
    expect(evaluateCoupon(coupon({ validFrom: '2025-06-15T15:00:01Z' }), { subtotal: 8000, now: NOW })).toEqual(
      NOT_FOUND,
    );
    expect(evaluateCoupon(coupon({ validFrom: NOW }), { subtotal: 8000, now: NOW }).ok).toBe(true);
  });

  it('fails after valid_to, accepts at valid_to, and accepts a null valid_to', () => {
    expect(evaluateCoupon(coupon({ validTo: '2025-06-15T14:59:59Z' }), { subtotal: 8000, now: NOW })).toEqual(
      NOT_FOUND,
    );
    expect(evaluateCoupon(coupon({ validTo: new Date(NOW) }), { subtotal: 8000, now: NOW }).ok).toBe(true);
    expect(evaluateCoupon(coupon({ validTo: null }), { subtotal: 8000, now: NOW }).ok).toBe(true);
  });

  it('fails unparsable dates', () => {
    expect(evaluateCoupon(coupon({ validFrom: 'garbage' }), { subtotal: 8000, now: NOW })).toEqual(NOT_FOUND);
    expect(evaluateCoupon(coupon({ validTo: 'garbage' }), { subtotal: 8000, now: NOW })).toEqual(NOT_FOUND);
  });

  it('enforces the total usage limit (null = unlimited)', () => {
    expect(evaluateCoupon(coupon({ usageLimit: 10, usesCount: 10 }), { subtotal: 8000, now: NOW })).toEqual({
      ok: false,
      code: 'coupon_usage_limit',
      title: 'Cupom inválido',
      description: 'Este cupom atingiu o limite de usos.',
    });
    expect(evaluateCoupon(coupon({ usageLimit: 10, usesCount: 9 }), { subtotal: 8000, now: NOW }).ok).toBe(true);
    expect(evaluateCoupon(coupon({ usageLimit: null, usesCount: 10_000 }), { subtotal: 8000, now: NOW }).ok).toBe(true);
    expect(evaluateCoupon(coupon({ usageLimit: 0 }), { subtotal: 8000, now: NOW }).ok).toBe(false);
  });

  it('enforces uses per customer', () => {
    expect(evaluateCoupon(coupon({ usesPerCustomer: 1 }), { subtotal: 8000, now: NOW, usesByCustomer: 1 })).toEqual({
      ok: false,
      code: 'coupon_customer_limit',
      title: 'Cupom inválido',
      description: 'Você já usou este cupom o número máximo de vezes.',
    });
    expect(evaluateCoupon(coupon({ usesPerCustomer: 2 }), { subtotal: 8000, now: NOW, usesByCustomer: 1 }).ok).toBe(
      true,
    );
    expect(evaluateCoupon(coupon({ usesPerCustomer: 1 }), { subtotal: 8000, now: NOW }).ok).toBe(true);
  });

  it('treats a per-customer limit of 0 or null as no limit', () => {
    expect(evaluateCoupon(coupon({ usesPerCustomer: 0 }), { subtotal: 8000, now: NOW, usesByCustomer: 50 }).ok).toBe(
      true,
    );
    expect(evaluateCoupon(coupon({ usesPerCustomer: null }), { subtotal: 8000, now: NOW, usesByCustomer: 50 }).ok).toBe(
      true,
    );
  });

  it('requires the minimum subtotal', () => {
    const c = coupon({ minTotal: 3000 });
    expect(evaluateCoupon(c, { subtotal: 2999, now: NOW })).toEqual({
      ok: false,
      code: 'coupon_min_total',
      title: 'Valor mínimo não atingido',
      description: 'O pedido precisa somar pelo menos R$ 30,00 para usar este cupom.',
    });
    expect(evaluateCoupon(c, { subtotal: 3000, now: NOW })).toMatchObject({ ok: true, discount: 300 });
  });

  it('gives a fixed discount capped at the subtotal', () => {
    expect(evaluateCoupon(coupon({ type: 'fixed', value: 1500 }), { subtotal: 1000, now: NOW })).toMatchObject({
      ok: true,
      discount: 1000,
    });
  });
});

describe('generateCouponCode', () => {
  it('names a percent coupon after its rounded value', () => {
    expect(generateCouponCode('percent', 10)).toBe('10OFF');
    expect(generateCouponCode('percent', 12.6)).toBe('13OFF');
    expect(generateCouponCode('percent', 12.4)).toBe('12OFF');
  });

  it('names a fixed coupon after its value in reais as typed', () => {
    expect(generateCouponCode('fixed', 10)).toBe('SAVE10');
    expect(generateCouponCode('fixed', 12.5)).toBe('SAVE12.5');
  });

  it('uses CUPOM + 6 random upper-case alphanumerics without a value', () => {
    const seq = [0, 0.999, 0.5, 0.1, 0.72, 0.97];
    let i = 0;
    const code = generateCouponCode('percent', 0, () => seq[i++]);
    // floor(r × 36) indexes A–Z0–9: 0 → A, 35 → 9, 18 → S, 3 → D, 25 → Z, 34 → 8
    expect(code).toBe('CUPOMA9SDZ8');
    expect(generateCouponCode('fixed', Number.NaN)).toMatch(/^CUPOM[A-Z0-9]{6}$/);
    expect(generateCouponCode('fixed', -5)).toMatch(/^CUPOM[A-Z0-9]{6}$/);
  });

  it('never indexes past the alphabet even if random returns 1', () => {
    expect(generateCouponCode('percent', 0, () => 1)).toBe('CUPOM999999');
  });
});

describe('couponDefaults', () => {
  it('is percent, value 0, min 0, one use per customer, unlimited, active, valid from today', () => {
    expect(couponDefaults(new Date('2025-06-15T12:00:00Z'))).toEqual({
      code: '',
      type: 'percent',
      value: 0,
      minTotal: 0,
      usesPerCustomer: 1,
      usageLimit: null,
      active: true,
      validFrom: '2025-06-15',
      validTo: null,
    });
  });

  it("uses the restaurant's local date, not UTC's", () => {
    // 01:30 UTC on the 16th is still the 15th in São Paulo (UTC−3).
    expect(couponDefaults(new Date('2025-06-16T01:30:00Z'), 'America/Sao_Paulo').validFrom).toBe('2025-06-15');
    expect(couponDefaults(new Date('2025-06-16T01:30:00Z'), 'Europe/Lisbon').validFrom).toBe('2025-06-16');
  });
});

describe('blankToNull / couponUsesLabel', () => {
  it('saves an empty limit or end date as null', () => {
    expect(blankToNull('')).toBeNull();
    expect(blankToNull('  ')).toBeNull();
    expect(blankToNull(undefined)).toBeNull();
    expect(blankToNull(null)).toBeNull();
    expect(blankToNull(10)).toBe(10);
    expect(blankToNull(0)).toBe(0);
    expect(blankToNull('2025-12-31')).toBe('2025-12-31');
  });
  it('shows uses as used / limit', () => {
    expect(couponUsesLabel(3, 10)).toBe('3 / 10');
    expect(couponUsesLabel(3, null)).toBe('3 / ∞');
  });
});
