import { z } from 'zod';
import type { CouponType } from './coupons';

/**
 * The coupon screen's contract (spec 3 §5, §9): the body the admin form sends and the coupon the
 * server answers, shared by the coupon routes and the admin page.
 */

/** '' and null both mean "not set" (spec 3 §5: empty end date and usage limit are saved as null). */
const blank = (v: unknown) => (v === '' || v === undefined ? null : v);
const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Data inválida (use AAAA-MM-DD)' })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { message: 'Data inválida' });

// Defaults of spec 3 §9: percent, value 0, min_total 0, one use per customer, unlimited, active, from today.
export const couponInputSchema = z.object({
  code: z
    .string({ message: 'Informe o código do cupom' })
    .trim()
    .min(1, { message: 'Informe o código do cupom' })
    .max(40),
  type: z.enum(['percent', 'fixed'], { message: 'Tipo inválido' }).default('percent'),
  value: z.number({ message: 'Valor inválido' }).int({ message: 'Valor inválido' }).min(0).max(100_000_00).default(0),
  minTotal: z.number({ message: 'Valor mínimo inválido' }).int().min(0).max(100_000_00).default(0),
  usageLimit: z.preprocess(blank, z.number({ message: 'Limite inválido' }).int().min(1).max(1_000_000).nullable()),
  usesPerCustomer: z.number({ message: 'Usos por cliente inválido' }).int().min(0).max(1000).default(1),
  active: z.boolean().default(true),
  validFrom: z.preprocess(blank, localDate.nullable()),
  validTo: z.preprocess(blank, localDate.nullable()),
});
export type CouponFormInput = z.input<typeof couponInputSchema>;
export type CouponInput = z.output<typeof couponInputSchema>;

export type CouponView = {
  id: string;
  code: string;
  type: CouponType;
  value: number;
  minTotal: number;
  usageLimit: number | null;
  usesPerCustomer: number;
  usesCount: number;
  usesLabel: string;
  active: boolean;
  validFrom: string;
  validTo: string | null;
  createdAt: string;
};
