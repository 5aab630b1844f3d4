import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { staffCtx } from '../../http/guard';
import { idParam, parseBody, parseParams } from '../../http/validate';
import { createCoupon, deleteCoupon, listCoupons, setCouponActive, updateCoupon } from './coupons.service';

export const couponsRoutes = new Hono<AppEnv>();

/** '' and null both mean "not set" (spec 3 §5: empty end date and usage limit are saved as null). */
const blank = (v: unknown) => (v === '' || v === undefined ? null : v);
const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Data inválida (use AAAA-MM-DD)' })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { message: 'Data inválida' });

// Defaults of spec 3 §9: percent, value 0, min_total 0, one use per customer, unlimited, active, from today.
const couponBody = z.object({
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

couponsRoutes.get('/admin/coupons', async (c) => {
  const ctx = staffCtx(c, 'manage_coupons');
  return c.json({ coupons: await listCoupons(ctx) });
});

couponsRoutes.post('/admin/coupons', async (c) => {
  const ctx = staffCtx(c, 'manage_coupons');
  const body = await parseBody(c, couponBody);
  return c.json({ coupon: await createCoupon(ctx, body) }, 201);
});

couponsRoutes.put('/admin/coupons/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_coupons');
  const { id } = parseParams(c, idParam);
  const body = await parseBody(c, couponBody);
  return c.json({ coupon: await updateCoupon(ctx, id, body) });
});

couponsRoutes.patch('/admin/coupons/:id/active', async (c) => {
  const ctx = staffCtx(c, 'manage_coupons');
  const { id } = parseParams(c, idParam);
  const { active } = await parseBody(c, z.object({ active: z.boolean({ message: 'Informe ativo ou inativo' }) }));
  return c.json({ coupon: await setCouponActive(ctx, id, active) });
});

couponsRoutes.delete('/admin/coupons/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_coupons');
  const { id } = parseParams(c, idParam);
  await deleteCoupon(ctx, id);
  return c.json({ ok: true });
});
