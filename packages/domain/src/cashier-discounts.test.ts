import { describe, expect, it } from 'vitest';
import {
  checkSaleDiscount,
  discountLimitPercent,
  discountPercent,
  maxDiscountPercentSchema,
  withinDiscountLimit,
} from './cashier-discounts';
import { defaultPermissionsFor, type ProfileType, type StaffActor } from './permissions';

const employee = (type: ProfileType, maxDiscountPercent: number | null = null, active = true): StaffActor => ({
  kind: 'employee',
  employeeActive: true,
  profile: { id: 'p', name: type, type, permissions: defaultPermissionsFor(type), active, maxDiscountPercent },
});

describe('discountLimitPercent', () => {
  it('gives the owner and administrators everything, Caixa a small allowance, other types nothing', () => {
    expect(discountLimitPercent({ kind: 'owner' })).toBe(100);
    expect(discountLimitPercent(employee('admin', 0))).toBe(100);
    expect(discountLimitPercent(employee('cashier'))).toBe(5);
    expect(discountLimitPercent(employee('counter'))).toBe(0);
  });

  it("takes the profile's own limit over its type's, and nothing from an inactive profile", () => {
    expect(discountLimitPercent(employee('cashier', 20))).toBe(20);
    expect(discountLimitPercent(employee('cashier', 0))).toBe(0);
    expect(discountLimitPercent(employee('cashier', 50, false))).toBe(0);
  });
});

describe('withinDiscountLimit', () => {
  it('compares in whole centavos, the limit itself included', () => {
    expect(withinDiscountLimit(10_000, 500, 5)).toBe(true);
    expect(withinDiscountLimit(10_000, 501, 5)).toBe(false);
    expect(withinDiscountLimit(999, 0, 0)).toBe(true);
    expect(withinDiscountLimit(999, 1, 0)).toBe(false);
  });
});

describe('discountPercent', () => {
  it('shows one decimal and zero for no subtotal', () => {
    expect(discountPercent(3000, 1000)).toBe(33.3);
    expect(discountPercent(0, 100)).toBe(0);
  });
});

describe('checkSaleDiscount', () => {
  const base = { subtotal: 10_000, limitPercent: 5, approval: null, reason: null };

  it('asks nothing within the limit', () => {
    expect(checkSaleDiscount({ ...base, discount: 500 })).toEqual({ ok: true, needsApproval: false });
  });

  it('asks for an approval above the limit, then for a reason', () => {
    expect(checkSaleDiscount({ ...base, discount: 3000 })).toMatchObject({
      ok: false,
      code: 'discount_above_limit',
      description: expect.stringContaining('5%'),
    });
    const approval = { email: 'gerente@x.com', password: 'x' };
    expect(checkSaleDiscount({ ...base, discount: 3000, approval, reason: '  ' })).toMatchObject({
      code: 'discount_reason_required',
    });
    expect(checkSaleDiscount({ ...base, discount: 3000, approval, reason: 'Cliente fiel' })).toEqual({
      ok: true,
      needsApproval: true,
    });
  });
});

describe('maxDiscountPercentSchema', () => {
  it('accepts 0–100 or nothing', () => {
    expect(maxDiscountPercentSchema.parse(10)).toBe(10);
    expect(maxDiscountPercentSchema.parse(undefined)).toBeNull();
    expect(maxDiscountPercentSchema.safeParse(101).success).toBe(false);
    expect(maxDiscountPercentSchema.safeParse(2.5).success).toBe(false);
  });
});
